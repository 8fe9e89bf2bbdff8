/**
 * TLS_CERT_FILE and TLS_KEY_FILE: when both are set the API serves HTTPS itself (and sends
 * Strict-Transport-Security). Read and checked at start-up: both or neither, readable PEM files, and a
 * key that belongs to the certificate; otherwise a ConfigError naming the variable.
 */
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { ConfigError } from './config-error.js';

export interface TlsFiles { cert: Buffer; key: Buffer }

function readPem(name: string, path: string, marker: RegExp): Buffer {
  let pem: Buffer;
  try {
    pem = readFileSync(path);
  } catch {
    throw new ConfigError(name, 'a readable PEM file', path);
  }
  if (!marker.test(pem.toString('latin1'))) throw new ConfigError(name, 'a PEM file', path);
  return pem;
}

export function loadTls(env: Record<string, string | undefined>): TlsFiles | null {
  const certFile = env.TLS_CERT_FILE || undefined;
  const keyFile = env.TLS_KEY_FILE || undefined;
  if (!certFile && !keyFile) return null;
  if (!certFile) throw new ConfigError('TLS_CERT_FILE', 'a certificate file when TLS_KEY_FILE is set', undefined);
  if (!keyFile) throw new ConfigError('TLS_KEY_FILE', 'a private key file when TLS_CERT_FILE is set', undefined);
  const cert = readPem('TLS_CERT_FILE', certFile, /-----BEGIN CERTIFICATE-----/);
  const key = readPem('TLS_KEY_FILE', keyFile, /-----BEGIN [A-Z ]*PRIVATE KEY-----/);
  try {
    createSecureContext({ cert, key });
  } catch {
    throw new ConfigError('TLS_KEY_FILE', `the private key of the certificate in ${certFile}`, keyFile);
  }
  return { cert, key };
}
