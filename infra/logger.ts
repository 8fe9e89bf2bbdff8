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

/**
 * An error for the log without its message: messages of driver and parser errors can quote the data
 * they choked on (a request's text, a tone), which the log must never hold. Keeps the error's class, its
 * code (e.g. a PostgreSQL SQLSTATE) and the stack frames.
 */
export function safeError(err: unknown): { type: string; code?: string; stack?: string } {
  if (!(err instanceof Error)) return { type: typeof err };
  const code = (err as { code?: unknown }).code;
  const frames = err.stack?.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
  return { type: err.constructor.name, ...(typeof code === 'string' ? { code } : {}), ...(frames ? { stack: frames } : {}) };
}
