/** Structured JSON logs (pino). User text is never logged; callers log ids, codes and figures only. */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { pid: process.pid, ...base },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['req.headers.authorization', 'authorization', 'key'], censor: '[redacted]' },
  });
}
