/**
 * API keys over `apikey-<keyId>`: issue, rotate (the old key keeps working for a grace period), revoke.
 * Plus the pure key helpers the auth path and the admin CLI share: key format, hashing, scopes,
 * IP allowlists and the per-plan key quota.
 *
 * Rotation touches two streams: the caller issues the successor (`successorOf` builds that command,
 * with `rotatedFrom` set) and appends ApiKeyRotated to the old key's stream. The quota is not checked
 * on rotation: the successor replaces a key rather than adding one.
 */
import { hash } from 'node:crypto';
import { instantOf, isoOf } from './calendar.js';
import { assertNever, type Decider } from './decider.js';
import { DomainError, type ErrorCode } from './error-codes.js';
import type { ApiKeyEvent, Scope } from './events.js';
import type { Plan } from './plans.js';
import { normaliseAllowEntry } from './ip-allowlist.js';

export { ipAllowed, normaliseAllowEntry, parseAllowList } from './ip-allowlist.js';

export const KEY_PREFIX = 'svc_live_';
/** 32 random bytes: 43 base64url characters after the prefix. */
export const KEY_SECRET_BYTES = 32;
export const DEFAULT_ROTATION_GRACE_SECONDS = 86_400;
export const SCOPES: readonly Scope[] = ['humanize', 'detect', 'tones'];
export const KEY_NAME_MAX_CHARS = 100;

const KEY_BODY = /^[A-Za-z0-9_-]{43}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface KeyInfo {
  keyId: string;
  accountId: string;
  name: string;
  hash: string;
  scopes: Scope[];
  allowIps: string[];
  rotatedFrom: string | null;
  issuedAt: string;
}

export type ApiKeyState =
  | { status: 'none' }
  | { status: 'live'; key: KeyInfo }
  | { status: 'rotated'; key: KeyInfo; newKeyId: string; expiresAt: string }
  | { status: 'revoked'; key: KeyInfo; revokedAt: string };

export type ApiKeyCommand =
  | { type: 'IssueKey'; data: {
      keyId: string; accountId: string; name: string; hash: string; scopes: Scope[]; allowIps: string[];
      rotatedFrom: string | null; now: string;
    } }
  | { type: 'RotateKey'; data: { newKeyId: string; graceSeconds: number; now: string } }
  | { type: 'RevokeKey'; data: { now: string } };

/** `svc_live_` + base64url of the given random bytes (the caller supplies the randomness). */
export function generateKeySecret(randomBytes: Uint8Array): string {
  if (randomBytes.length !== KEY_SECRET_BYTES) throw new RangeError(`a key needs exactly ${KEY_SECRET_BYTES} random bytes`);
  return KEY_PREFIX + Buffer.from(randomBytes).toString('base64url');
}

/** SHA-256 hex of the full key: the only form in which a key is stored. */
export function hashKey(key: string): string {
  // The one-shot form: a quarter of the CPU of createHash().update().digest() for a key's few dozen bytes.
  return hash('sha256', key, 'hex');
}

/** 'missing-prefix' → INVALID_API_KEY_FORMAT; 'malformed' → INVALID_KEY_FORMAT. */
export function keyShape(key: string): 'missing-prefix' | 'malformed' | 'ok' {
  if (!key.startsWith(KEY_PREFIX)) return 'missing-prefix';
  return KEY_BODY.test(key.slice(KEY_PREFIX.length)) ? 'ok' : 'malformed';
}

/**
 * Scopes from a list or a comma-separated string: trimmed, de-duplicated, in canonical order.
 * Throws VALIDATION_FAILED on an unknown or empty scope list.
 */
export function parseScopes(input: string | readonly string[]): Scope[] {
  const items = (typeof input === 'string' ? input.split(',') : [...input]).map((s) => String(s).trim()).filter(Boolean);
  const unknown = items.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length) throw new DomainError('VALIDATION_FAILED', `unknown scope(s): ${unknown.join(', ')} (known: ${SCOPES.join(', ')})`);
  if (!items.length) throw new DomainError('VALIDATION_FAILED', 'at least one scope is required');
  return SCOPES.filter((s) => items.includes(s));
}

export function hasScope(scopes: readonly Scope[], required: Scope): boolean {
  return scopes.includes(required);
}

/**
 * Throws VALIDATION_FAILED when the account already has the plan's maximum of keys (5 Growth /
 * 15 Scale). `activeKeyCount` counts live keys and rotated keys still in their grace period.
 */
export function assertKeyQuota(activeKeyCount: number, plan: Pick<Plan, 'maxApiKeys' | 'name'>): void {
  if (activeKeyCount >= plan.maxApiKeys) {
    throw new DomainError('VALIDATION_FAILED', `the ${plan.name} plan allows at most ${plan.maxApiKeys} API keys`);
  }
}

/** Where a key stands at `now`: 'grace' is a rotated key still accepted; 'unknown' an empty stream. */
export function keyStatus(state: ApiKeyState, now: string): 'live' | 'grace' | 'expired' | 'revoked' | 'unknown' {
  switch (state.status) {
    case 'none': return 'unknown';
    case 'live': return 'live';
    case 'rotated': return instantOf(now) < instantOf(state.expiresAt, 'expiresAt') ? 'grace' : 'expired';
    case 'revoked': return 'revoked';
    default: return assertNever(state, 'key state');
  }
}

/** The 401 code for a key at `now`, or null when it may be used. */
export function keyAuthError(state: ApiKeyState, now: string): ErrorCode | null {
  const status = keyStatus(state, now);
  if (status === 'expired') return 'KEY_EXPIRED';
  if (status === 'unknown' || status === 'revoked') return 'INVALID_KEY';
  return null;
}

/** The IssueKey command for a rotation's successor: same account, name, scopes and allowlist. */
export function successorOf(state: ApiKeyState, next: { keyId: string; hash: string; now: string }): Extract<ApiKeyCommand, { type: 'IssueKey' }> {
  if (state.status === 'none') throw new DomainError('INVALID_KEY', 'no such key');
  const { key } = state;
  return { type: 'IssueKey', data: {
    keyId: next.keyId, accountId: key.accountId, name: key.name, hash: next.hash, scopes: [...key.scopes],
    allowIps: [...key.allowIps], rotatedFrom: key.keyId, now: next.now,
  } };
}

function issue(cmd: Extract<ApiKeyCommand, { type: 'IssueKey' }>['data'], state: ApiKeyState): ApiKeyEvent[] {
  if (state.status !== 'none') throw new DomainError('VALIDATION_FAILED', `key ${cmd.keyId} already exists`);
  if (!cmd.keyId?.trim() || !cmd.accountId?.trim()) throw new DomainError('VALIDATION_FAILED', 'keyId and accountId are required');
  const name = typeof cmd.name === 'string' ? cmd.name.trim() : '';
  if (!name || [...name].length > KEY_NAME_MAX_CHARS) {
    throw new DomainError('VALIDATION_FAILED', `key name must be 1-${KEY_NAME_MAX_CHARS} characters`);
  }
  if (!SHA256_HEX.test(cmd.hash)) throw new DomainError('VALIDATION_FAILED', 'hash must be a lower-case SHA-256 hex digest');
  instantOf(cmd.now);
  return [{ type: 'ApiKeyIssued', data: {
    keyId: cmd.keyId, accountId: cmd.accountId, name, hash: cmd.hash, scopes: parseScopes(cmd.scopes),
    allowIps: cmd.allowIps.map(normaliseAllowEntry), rotatedFrom: cmd.rotatedFrom, at: cmd.now,
  } }];
}

function decideApiKey(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  switch (command.type) {
    case 'IssueKey':
      return issue(command.data, state);
    case 'RotateKey': {
      const { newKeyId, graceSeconds, now } = command.data;
      if (!(Number.isSafeInteger(graceSeconds) && graceSeconds >= 0)) {
        throw new DomainError('VALIDATION_FAILED', 'graceSeconds must be a non-negative integer');
      }
      if (!newKeyId?.trim()) throw new DomainError('VALIDATION_FAILED', 'newKeyId is required');
      if (state.status === 'none' || state.status === 'revoked') throw new DomainError('INVALID_KEY', 'the key is unknown or revoked');
      if (state.status === 'rotated') {
        throw new DomainError('VALIDATION_FAILED', `the key was already rotated to ${state.newKeyId}; rotate that key instead`);
      }
      const expiresAt = isoOf(instantOf(now) + graceSeconds * 1000);
      return [{ type: 'ApiKeyRotated', data: { keyId: state.key.keyId, accountId: state.key.accountId, newKeyId, expiresAt, at: now } }];
    }
    case 'RevokeKey': {
      instantOf(command.data.now);
      if (state.status === 'none') throw new DomainError('INVALID_KEY', 'no such key');
      if (state.status === 'revoked') return [];
      return [{ type: 'ApiKeyRevoked', data: { keyId: state.key.keyId, accountId: state.key.accountId, at: command.data.now } }];
    }
    default:
      return assertNever(command, 'api key command');
  }
}

function evolveApiKey(state: ApiKeyState, event: ApiKeyEvent): ApiKeyState {
  switch (event.type) {
    case 'ApiKeyIssued': {
      const { at, ...key } = event.data;
      return { status: 'live', key: { ...key, issuedAt: at } };
    }
    case 'ApiKeyRotated':
      if (state.status !== 'live') return state;
      return { status: 'rotated', key: state.key, newKeyId: event.data.newKeyId, expiresAt: event.data.expiresAt };
    case 'ApiKeyRevoked':
      if (state.status === 'none') return state;
      return { status: 'revoked', key: state.key, revokedAt: event.data.at };
    default:
      return assertNever(event, 'api key event');
  }
}

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  decide: decideApiKey,
  evolve: evolveApiKey,
  initialState: () => ({ status: 'none' }),
};
