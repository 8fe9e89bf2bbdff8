/** Helpers of the abuse tests: a plan without limits in the way, a log that can be searched, raw HTTP. */
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { PLANS, type Plan } from '../../domain/plans.js';

const growth = PLANS.api_growth!;
/** Growth with limits out of the way, so each test can send as many requests as it needs. */
export const abusePlans: Record<string, Plan> = {
  api_abuse: { ...growth, key: 'api_abuse', name: 'Abuse', requestsPerMinute: 100_000, secondaryRequestsPerMinute: 100_000, toneWritesPerMinute: 100_000, maxCustomTones: 1_000, concurrentRequests: 100 },
};

/** A logger writing into `lines`, at debug level, as the service would log in production (or more). */
export function capturingLogger(lines: string[]) {
  return pino({ level: 'debug' }, new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } }));
}

/** The raw HTTP response to bytes written on a socket (status line and body), once the server closes or answers. */
export function rawRequest(url: string, head: string, body = '', hold = false): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head + body));
    let received = '';
    socket.on('data', (d) => {
      received += String(d);
      if (!hold && /\r\n\r\n/.test(received) && /\}$/.test(received.trim())) socket.end();
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}
