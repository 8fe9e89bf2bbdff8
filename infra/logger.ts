/** Structured JSON logs (pino). User text is never logged; callers log ids, codes and figures only. */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { pid: process.pid, ...base },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'authorization', 'key'], censor: '[redacted]' },
  // Asynchronous stdout: lines logged while a write is in flight go out together in the next one (one
  // system call for many request lines under load); pino flushes what is left when the process exits.
  }, pino.destination({ dest: 1, sync: false }));
}
