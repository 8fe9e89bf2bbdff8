/** The error an engine rejects with when its caller aborted: the signal's reason, or an AbortError carrying it. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error('the operation was aborted', { cause: reason });
  error.name = 'AbortError';
  return error;
}
