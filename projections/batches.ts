/** Groups a subscription's events into batches without holding any event back. */
import type { RecordedEvent } from '../infra/eventstore/types.js';

/**
 * Each batch holds the next event plus whatever the source can hand over at once (during catch-up
 * a page is already in memory), up to `maxSize`. A live event that arrives alone goes out alone,
 * at once. Batches are contiguous: together they are exactly the source's events, in order.
 */
export async function* inBatches(source: AsyncIterable<RecordedEvent>, maxSize: number): AsyncGenerator<RecordedEvent[]> {
  const iterator = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<RecordedEvent>> | null = null;
  for (;;) {
    const first: IteratorResult<RecordedEvent> = await (pending ?? iterator.next());
    pending = null;
    if (first.done) return;
    const batch = [first.value];
    while (batch.length < maxSize) {
      const next = iterator.next();
      // A rejection is seen when the promise is awaited in the next round; until then it must not
      // count as unhandled.
      next.catch(() => {});
      const ready = await Promise.race([next, nextTick()]);
      if (ready === NOT_READY) {
        pending = next;
        break;
      }
      if (ready.done) {
        yield batch;
        return;
      }
      batch.push(ready.value);
    }
    yield batch;
  }
}

const NOT_READY = Symbol('not ready');

/** Resolves after pending I/O callbacks: anything the source had in memory has resolved by then. */
function nextTick(): Promise<typeof NOT_READY> {
  return new Promise((resolve) => setImmediate(() => resolve(NOT_READY)));
}
