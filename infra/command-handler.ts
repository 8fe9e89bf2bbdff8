/**
 * Runs a decider against its stream: read (from an in-process cache, forward from the cached revision),
 * decide, append with the expected revision, and on a revision conflict read again and retry. This is
 * what makes balance checks, tone-name uniqueness and idempotency claims correct across processes.
 */
import { WrongExpectedRevisionError, type AppendResult, type CompanionStatement, type EventStore } from './eventstore/types.js';

export interface StreamDecider<C, E extends { type: string; data: unknown }, S> {
  initialState(): S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[];
}

interface Cached<S> { state: S; revision: bigint | null }

/**
 * Per-stream state cache (by revision), bounded; one per decider kind and process. It also queues
 * commands on the same stream within the process, so they don't conflict with each other and pay for
 * retries: optimistic concurrency is left for the conflicts between processes.
 */
export class StreamStateCache<S> {
  private readonly entries = new Map<string, Cached<S>>();
  private readonly queues = new Map<string, Promise<unknown>>();
  constructor(private readonly maxEntries = 10_000) {}

  /** Runs `work` after every earlier `exclusive` call on the same stream in this process has settled. */
  async exclusive<T>(stream: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(stream) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    this.queues.set(stream, tail);
    try {
      return await run;
    } finally {
      if (this.queues.get(stream) === tail) this.queues.delete(stream);
    }
  }

  get(stream: string): Cached<S> | undefined {
    const hit = this.entries.get(stream);
    if (hit) { this.entries.delete(stream); this.entries.set(stream, hit); }
    return hit;
  }
  /** Keeps the newer of two states: a read that finished after a later append must not roll the entry back. */
  set(stream: string, value: Cached<S>): void {
    const held = this.entries.get(stream);
    if (held && held.revision !== null && (value.revision === null || value.revision < held.revision)) return;
    this.entries.delete(stream);
    this.entries.set(stream, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
  delete(stream: string): void { this.entries.delete(stream); }
}

export interface HandleResult<E, S> {
  events: E[];
  state: S;
  /** Stream revision after the command (null when the stream still does not exist). */
  revision: bigint | null;
  /** Log position of the last appended event; null when the command appended nothing. */
  position: bigint | null;
}

export interface HandleOptions<S> {
  cache?: StreamStateCache<S>;
  maxAttempts?: number;
  /** Called on each revision conflict (metrics). */
  onConflict?: () => void;
  metadata?: Record<string, unknown>;
  /** Committed with whichever append the command makes (every attempt carries it); see CompanionStatement. */
  companion?: CompanionStatement;
  /**
   * First decide on the cached state without reading the stream, and append expecting the cached
   * revision: one round trip instead of two when the cache is current (for example warmed by a read
   * that ran while the caller did other work). The expected revision makes a stale cache harmless: the
   * append is refused and the command runs the usual way (read forward, decide, append). A refusal
   * or a no-op decided on the cached state is not trusted either: the command then reads and decides again.
   */
  optimistic?: boolean;
  /** Called when a command decided on the cached state (`optimistic`) found it stale: its append was refused. */
  onStale?: () => void;
}

export async function loadStream<E extends { type: string; data: unknown }, S>(
  store: EventStore, stream: string, decider: StreamDecider<unknown, E, S>, cache?: StreamStateCache<S>,
): Promise<Cached<S>> {
  const cached = cache?.get(stream);
  let state = cached ? cached.state : decider.initialState();
  let revision = cached ? cached.revision : null;
  const events = await store.read(stream, { fromRevision: revision === null ? 0n : revision + 1n });
  for (const e of events) {
    state = decider.evolve(state, { type: e.type, data: e.data } as E);
    revision = e.revision;
  }
  const loaded = { state, revision };
  cache?.set(stream, loaded);
  return loaded;
}

export async function handleCommand<C, E extends { type: string; data: unknown }, S>(
  store: EventStore, stream: string, decider: StreamDecider<C, E, S>, command: C, options: HandleOptions<S> = {},
): Promise<HandleResult<E, S>> {
  const cache = options.cache;
  if (cache) return cache.exclusive(stream, () => decideAndAppend(store, stream, decider, command, options));
  return decideAndAppend(store, stream, decider, command, options);
}

async function decideAndAppend<C, E extends { type: string; data: unknown }, S>(
  store: EventStore, stream: string, decider: StreamDecider<C, E, S>, command: C, options: HandleOptions<S>,
): Promise<HandleResult<E, S>> {
  const maxAttempts = options.maxAttempts ?? 25;
  const cached = options.optimistic ? options.cache?.get(stream) : undefined;
  if (cached) {
    let events: E[] = [];
    try {
      events = decider.decide(command, cached.state);
    } catch {
      // Decided on a state that may be stale: read, and decide again below.
    }
    if (events.length > 0) {
      try {
        const result = await store.append(
          stream,
          events.map((e) => ({ type: e.type, data: e.data, ...(options.metadata ? { metadata: options.metadata } : {}) })),
          cached.revision === null ? 'no_stream' : cached.revision,
          options.companion ? { companion: options.companion } : undefined,
        );
        const next = events.reduce(decider.evolve, cached.state);
        options.cache?.set(stream, { state: next, revision: result.nextExpectedRevision });
        return { events, state: next, revision: result.nextExpectedRevision, position: result.position };
      } catch (err: unknown) {
        // Someone appended since the cached revision: the cached state is still a correct prefix to read forward from.
        if (!(err instanceof WrongExpectedRevisionError)) throw err;
        options.onStale?.();
      }
    }
  }
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadStream(store, stream, decider as StreamDecider<unknown, E, S>, options.cache);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, revision, position: null };
    let result: AppendResult;
    try {
      result = await store.append(
        stream,
        events.map((e) => ({ type: e.type, data: e.data, ...(options.metadata ? { metadata: options.metadata } : {}) })),
        revision === null ? 'no_stream' : revision,
        options.companion ? { companion: options.companion } : undefined,
      );
    } catch (err: unknown) {
      if (!(err instanceof WrongExpectedRevisionError)) throw err;
      options.cache?.delete(stream);
      options.onConflict?.();
      if (attempt >= maxAttempts) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, attempt * 5)));
      continue;
    }
    const next = events.reduce(decider.evolve, state);
    options.cache?.set(stream, { state: next, revision: result.nextExpectedRevision });
    return { events, state: next, revision: result.nextExpectedRevision, position: result.position };
  }
}
