/**
 * The one event-store interface. Adapters: postgres (default) and esdb (EventStoreDB).
 * Revisions and positions are bigint. A stream's first event has revision 0n.
 */

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface NewEvent {
  type: string;
  data: unknown;
  metadata?: Record<string, unknown>;
  /** Optional event id (uuid); the adapter generates one when absent. */
  id?: string;
}

export interface RecordedEvent {
  id: string;
  streamName: string;
  revision: bigint;
  /** Global position in the log; strictly increasing in delivery order. */
  position: bigint;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface AppendResult {
  /** Revision of the last event written (use it as the next expected revision). */
  nextExpectedRevision: bigint;
  /** Global position of the last event written. */
  position: bigint;
}

/**
 * One more SQL statement committed in the same transaction as an append, or not at all (`EventStore.companions`):
 * a data-modifying statement whose placeholders are numbered from $1 within `text`. What it writes must be harmless
 * when the append's expectation fails, since the adapter may commit it then too (the append refused, not failed).
 */
export interface CompanionStatement { text: string; values: unknown[] }

export interface AppendOptions {
  /** Only when the store's `companions` is true; a store without them refuses the append. */
  companion?: CompanionStatement;
}

export interface ReadOptions {
  /** Inclusive; default 0n. */
  fromRevision?: bigint;
  maxCount?: number;
}

export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  /** Stops delivery; pending iteration ends. Safe to call twice. */
  close(): Promise<void>;
}

export interface EventStore {
  readonly kind: 'postgres' | 'esdb';
  /**
   * Whether an append can carry a CompanionStatement: true where the store shares its database with the rest of the
   * service's tables (PostgreSQL), so that one more row commits with the events in one round trip.
   */
  readonly companions: boolean;
  /** Appends atomically; throws WrongExpectedRevisionError when `expected` does not hold. */
  append(stream: string, events: NewEvent[], expected: ExpectedRevision, options?: AppendOptions): Promise<AppendResult>;
  /** Reads forward; an absent stream reads as []. */
  read(stream: string, options?: ReadOptions): Promise<RecordedEvent[]>;
  /**
   * Catch-up subscription over all streams: every event with position > `fromPosition`
   * (null = from the start), in position order, exactly once, then live events.
   */
  subscribeToAll(fromPosition: bigint | null): AllSubscription;
  /**
   * One page of the whole log: events with position > `after` (null = from the start), in position
   * order, at most `maxCount`. Gap-safe like subscribeToAll: no event at or below the last position
   * returned can appear later, so the last position is a safe checkpoint. [] = nothing more visible yet.
   */
  readAll(after: bigint | null, maxCount: number): Promise<RecordedEvent[]>;
  /** Position of the newest event in the log (0n or -1n semantics documented by the adapter: -1n when empty). */
  headPosition(): Promise<bigint>;
  /** Cheap connectivity check for health; rejects when the store is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** Current revision, or 'no_stream' when the stream does not exist. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(`stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}
