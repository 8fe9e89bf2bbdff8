/**
 * The EventStoreDB event store, through @eventstore/db-client. Positions are $all commit positions
 * (bigint); events appended through the gRPC API carry their own commit position, equal to their
 * prepare position, which is what lets a bigint checkpoint resume a read or subscription.
 * System events ($-prefixed types, e.g. $statsCollected, $metadata) never reach callers.
 */
import {
  EventStoreDBClient, StreamNotFoundError, WrongExpectedVersionError, CancelledError, excludeSystemEvents,
  jsonEvent, type AllStreamResolvedEvent, type AppendExpectedRevision, type JSONType, type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type AllSubscription, type AppendOptions, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent,
  type ReadOptions, type RecordedEvent,
} from './types.js';

const PING_TIMEOUT_MS = 2_000;
/** Events scanned per request when system events have to be skipped client-side. */
const SCAN_PAGE = 200;

export class EsdbEventStore implements EventStore {
  readonly kind = 'esdb' as const;
  /** The events live in EventStoreDB, the service's tables in PostgreSQL: nothing commits with an append. */
  readonly companions = false;
  private readonly subscriptions = new Set<AllSubscription>();
  private closed = false;

  /** `connectionString` is an `esdb://…` (or `esdb+discover://…`) URL. The gRPC channel opens lazily. */
  static create(connectionString: string): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  private constructor(private readonly client: EventStoreDBClient) {}

  async append(stream: string, events: NewEvent[], expected: ExpectedRevision, options: AppendOptions = {}): Promise<AppendResult> {
    if (options.companion) throw new Error('EventStoreDB cannot commit a companion statement with an append');
    const data = events.map((e) => jsonEvent({
      type: e.type,
      data: (e.data ?? null) as JSONType,
      metadata: e.metadata ?? {},
      ...(e.id ? { id: e.id } : {}),
    }));
    try {
      const result = await this.client.appendToStream(stream, data, { expectedRevision: expected satisfies AppendExpectedRevision });
      return { nextExpectedRevision: result.nextExpectedRevision, position: result.position?.commit ?? -1n };
    } catch (err: unknown) {
      if (err instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(stream, expected, err.actualVersion);
      }
      throw err;
    }
  }

  async read(stream: string, options: ReadOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const reading = this.client.readStream(stream, {
        fromRevision: options.fromRevision ?? 0n,
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const resolved of reading) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (err: unknown) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return events;
  }

  async readAll(after: bigint | null, maxCount: number): Promise<RecordedEvent[]> {
    if (!Number.isInteger(maxCount) || maxCount < 1) throw new RangeError(`maxCount must be a positive integer, got ${maxCount}`);
    const floor = after ?? -1n;
    const events: RecordedEvent[] = [];
    let cursor = floor;
    // readAll takes no server-side filter here, and starts AT the given position: scan pages,
    // dropping system events and the event at `after` itself.
    for (;;) {
      let scanned = 0;
      let lastSeen = cursor;
      for await (const resolved of this.client.readAll({ fromPosition: toReadPosition(cursor), maxCount: SCAN_PAGE })) {
        scanned += 1;
        const position = commitPositionOf(resolved);
        if (position !== undefined && position > lastSeen) lastSeen = position;
        const event = toRecordedEvent(resolved);
        if (!event || event.type.startsWith('$') || event.position <= floor) continue;
        events.push(event);
        if (events.length === maxCount) return events;
      }
      if (scanned < SCAN_PAGE || lastSeen === cursor) return events;
      cursor = lastSeen;
    }
  }

  /** Catch-up then live over $all, system events excluded. Iteration ends with an error on connection loss. */
  subscribeToAll(fromPosition: bigint | null): AllSubscription {
    const floor = fromPosition ?? -1n;
    const source = this.client.subscribeToAll({ fromPosition: toReadPosition(floor), filter: excludeSystemEvents() });
    let closed = false;

    async function* deliver(): AsyncGenerator<RecordedEvent> {
      try {
        for await (const resolved of source) {
          const event = toRecordedEvent(resolved as AllStreamResolvedEvent);
          // The server starts after the given position; the check guards the start of the log.
          if (event && event.position > floor) yield event;
        }
      } catch (err: unknown) {
        if (closed || err instanceof CancelledError) return;
        throw err;
      }
    }

    let iterator: AsyncGenerator<RecordedEvent> | null = null;
    const subscription: AllSubscription = {
      [Symbol.asyncIterator]() {
        iterator ??= deliver();
        return iterator;
      },
      close: async () => {
        if (closed) return;
        closed = true;
        this.subscriptions.delete(subscription);
        await source.unsubscribe().catch(() => {});
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Commit position of the newest non-system event, -1n when there is none. */
  async headPosition(): Promise<bigint> {
    let from: ReadPosition = 'end';
    for (;;) {
      let scanned = 0;
      let oldest: bigint | undefined;
      for await (const resolved of this.client.readAll({ direction: 'backwards', fromPosition: from, maxCount: SCAN_PAGE })) {
        scanned += 1;
        const event = toRecordedEvent(resolved);
        if (event && !event.type.startsWith('$')) return event.position;
        const position = commitPositionOf(resolved);
        if (position !== undefined) oldest = position;
      }
      if (scanned < SCAN_PAGE || oldest === undefined) return -1n;
      // Backwards reads start at the given position, exclusive of the event there.
      from = { commit: oldest, prepare: oldest };
    }
  }

  async ping(): Promise<void> {
    for await (const _ of this.client.readAll({ maxCount: 1, deadline: PING_TIMEOUT_MS })) break;
  }

  /** Ends live subscriptions and the gRPC channel. Safe twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }
}

function toReadPosition(after: bigint): ReadPosition {
  return after < 0n ? 'start' : { commit: after, prepare: after };
}

function commitPositionOf(resolved: ResolvedEvent | AllStreamResolvedEvent): bigint | undefined {
  return resolved.commitPosition ?? resolved.event?.position?.commit;
}

function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const event = resolved.event;
  if (!event) return null;
  const metadata = event.metadata;
  return {
    id: event.id,
    streamName: event.streamId,
    revision: event.revision,
    position: commitPositionOf(resolved) ?? -1n,
    type: event.type,
    data: event.data,
    metadata: isRecord(metadata) ? metadata : {},
    createdAt: event.created,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}
