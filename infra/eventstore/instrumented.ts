/** An EventStore decorator that times appends (metrics) and otherwise passes every call through. */
import type { AppendOptions, AppendResult, EventStore, ExpectedRevision, NewEvent } from './types.js';

export function instrumented(store: EventStore, onAppend: (seconds: number) => void): EventStore {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'append') {
        return async (stream: string, events: NewEvent[], expected: ExpectedRevision, options?: AppendOptions): Promise<AppendResult> => {
          const started = performance.now();
          try {
            return await target.append(stream, events, expected, options);
          } finally {
            onAppend((performance.now() - started) / 1000);
          }
        };
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
