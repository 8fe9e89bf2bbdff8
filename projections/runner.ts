/**
 * Runs projections: live (one catch-up subscription for every projection at the same checkpoint, each
 * batch applied to all of them in one transaction; a projection behind them catches up on its own and
 * joins them, see `runGroup`), on demand (`catchUpTo`, for commands that must see their own write), and
 * from scratch (`rebuild`).
 * Live and on-demand paths apply events through `applyBatch`/`applyBatchToAll`, a rebuild through one transaction
 * (`rebuildProjections`); checkpoints.ts explains how they can all run at once, in one process or
 * several, without applying an event twice and without readers ever seeing a half-rebuilt table.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Pool, PoolClient } from 'pg';
import type { AllSubscription, EventStore, RecordedEvent } from '../infra/eventstore/types.js';
import { DomainError } from '../domain/error-codes.js';
import { Wakeup } from '../infra/wakeup.js';
import { inBatches } from './batches.js';
import type { Projection } from './projection.js';
import { START_POSITION, applyBatch, applyBatchToAll, readCheckpoint, readCheckpoints, rebuildProjections, setUpProjections, type BatchOutcome } from './checkpoints.js';

export interface ProjectionLag {
  name: string;
  /** Checkpoint: position of the last event applied (-1n: none). */
  position: bigint;
  /** Newest position in the log (-1n: empty log). */
  head: bigint;
  /** Events after the checkpoint, counted up to LAG_COUNT_LIMIT (so 1000 means "1000 or more"). */
  behind: number;
}

export interface RebuildResult { rebuilt: string[]; events: number; ms: number }

export interface ProjectionRunnerOptions {
  pool: Pool;
  store: EventStore;
  projections: Projection[];
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Most events applied in one transaction (default 200). */
  batchSize?: number;
}

export const LAG_COUNT_LIMIT = 1000;
/** Events per page of a rebuild's replay (one transaction whatever the page size; the next page is read while one is applied). */
const REBUILD_PAGE = 5_000;
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;
const NOTHING_VISIBLE_WAIT_MS = 20;
/** How often a runner turned away by a rebuild in progress tries again. */
const REBUILD_WAIT_MS = 100;
const DEFAULT_CATCH_UP_TIMEOUT_MS = 30_000;
const silentLogger: Pick<Logger, 'info' | 'warn' | 'error'> = { info() {}, warn() {}, error() {} };

export class ProjectionRunner {
  private readonly pool: Pool;
  private readonly store: EventStore;
  private readonly projections: Projection[];
  private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  private readonly batchSize: number;
  private setupDone: Promise<void> | null = null;
  private loops: Promise<void>[] = [];
  private readonly subscriptions = new Set<AllSubscription>();
  private stopping: AbortController | null = null;
  private live: LiveGroup | null = null;

  constructor(options: ProjectionRunnerOptions) {
    const names = options.projections.map((p) => p.name);
    const duplicate = names.find((name, i) => names.indexOf(name) !== i);
    if (duplicate) throw new Error(`two projections are named ${duplicate}`);
    this.pool = options.pool;
    this.store = options.store;
    this.projections = options.projections;
    this.logger = options.logger ?? silentLogger;
    this.batchSize = options.batchSize ?? 200;
  }

  /** Creates the tables, then applies live events from the checkpoints until `stop()` (see `runGroup`). */
  async start(): Promise<void> {
    if (this.stopping) return;
    const stopping = new AbortController();
    this.stopping = stopping;
    try {
      await this.ensureSetUp();
    } catch (err: unknown) {
      if (this.stopping === stopping) this.stopping = null;
      throw err;
    }
    if (stopping.signal.aborted) return; // stop() came first
    const live: LiveGroup = {
      stopping: stopping.signal, started: false, cursor: START_POSITION, members: [],
      stragglers: new Map(), tasks: new Set(), parkedSignal: new Wakeup(),
    };
    this.live = live;
    this.loops = [this.runGroup(live)];
  }

  /** Ends live application after the batch in progress has committed (its checkpoint with it). Safe twice. */
  async stop(): Promise<void> {
    const stopping = this.stopping;
    if (!stopping) return;
    stopping.abort();
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await Promise.all(this.loops);
    if (this.live) while (this.live.tasks.size > 0) await Promise.all([...this.live.tasks]);
    this.loops = [];
    this.live = null;
    this.stopping = null;
  }

  /**
   * Applies, in this process, everything up to `position` for every projection, reading the log
   * directly; returns once every checkpoint is at or past it, whether this process or a projector
   * elsewhere did the work. Waits for a rebuild in progress to commit (without holding a
   * connection meanwhile). Rejects after `timeoutMs`, time spent waiting for a rebuild included.
   */
  async catchUpTo(position: bigint, timeoutMs = DEFAULT_CATCH_UP_TIMEOUT_MS): Promise<void> {
    await this.ensureSetUp();
    const deadline = Date.now() + timeoutMs;
    const checkpoints = await readCheckpoints(this.pool);
    const cursors = new Map<Projection, bigint>();
    for (const projection of this.projections) {
      const start = checkpoints.get(projection.name);
      if (start === undefined) throw new Error(`projection ${projection.name} has no checkpoint row: set it up first`);
      cursors.set(projection, start);
    }
    // Projections at the same place read each page once and apply it in one transaction together.
    for (;;) {
      const groups = new Map<bigint, Projection[]>();
      for (const projection of this.projections) {
        const cursor = cursors.get(projection)!;
        if (cursor < position) groups.set(cursor, [...(groups.get(cursor) ?? []), projection]);
      }
      if (groups.size === 0) return;
      let progressed = false;
      let rebuilding: Projection | null = null;
      let waiting: Projection | null = null;
      for (const [cursor, group] of groups) {
        const page = await this.store.readAll(cursor, this.batchSize);
        if (page.length === 0) { waiting = group[0]!; continue; }
        const outcomes = group.length === 1
          ? new Map([[group[0]!.name, await applyBatch(this.pool, group[0]!, cursor, page)]])
          : await applyBatchToAll(this.pool, group, cursor, page);
        for (const projection of group) {
          const outcome = outcomes.get(projection.name)!;
          if (outcome.kind === 'rebuilding') { rebuilding = projection; continue; }
          const next = outcome.kind === 'behind' ? outcome.checkpoint
            : outcome.checkpoint > page.at(-1)!.position ? outcome.checkpoint : page.at(-1)!.position;
          if (next !== cursor) progressed = true;
          cursors.set(projection, next);
          if (outcome.kind === 'applied' && Date.now() > deadline && next < position) {
            throw new Error(`projection ${projection.name}: not caught up to position ${position} in time`);
          }
        }
      }
      if (progressed) continue;
      if (rebuilding) {
        if (Date.now() > deadline) throw new Error(`projection ${rebuilding.name}: still being rebuilt, not caught up to position ${position} in time`);
        await sleep(REBUILD_WAIT_MS);
      } else if (waiting) {
        if (Date.now() > deadline) throw new Error(`projection ${waiting.name}: no event up to position ${position} visible in time`);
        await sleep(NOTHING_VISIBLE_WAIT_MS);
      }
    }
  }

  /**
   * Empties the named projections (all by default) and replays the log from the start to its
   * head, all in one transaction (see checkpoints.ts). Readers keep seeing the old tables until
   * the commit and the rebuilt ones from then on, so the API keeps serving throughout. Live runners
   * and `catchUpTo` callers of those projections wait for the commit, then carry on from the
   * rebuilt checkpoint; other projections are not held up. Reads the log once for all targets.
   */
  async rebuild(names?: string[]): Promise<RebuildResult> {
    const started = performance.now();
    const targets = names ? [...new Set(names)].map((name) => this.projectionNamed(name)) : this.projections;
    await this.ensureSetUp();
    let events = 0;
    await rebuildProjections(this.pool, targets, async (replay) => {
      // Read under the rebuild's locks: every event any runner applied before is at or below it.
      const head = await this.store.headPosition();
      const pageSize = Math.max(this.batchSize, REBUILD_PAGE);
      // The next page is read (on another connection) while this one is applied.
      const readAfter = (after: bigint): Promise<RecordedEvent[]> | null => {
        if (after >= head) return null;
        const reading = this.store.readAll(after, pageSize);
        reading.catch(() => {}); // seen where it is awaited; a replay that failed first never awaits it
        return reading;
      };
      let cursor = START_POSITION;
      let next = readAfter(cursor);
      while (next) {
        const page = await next;
        if (page.length === 0) {
          // An append below the head has not committed yet; the log becomes gap-free once it does.
          await sleep(NOTHING_VISIBLE_WAIT_MS);
          next = readAfter(cursor);
          continue;
        }
        const upToHead = page.filter((e) => e.position <= head);
        cursor = page.at(-1)!.position;
        next = readAfter(cursor);
        await replay.apply(upToHead);
        events += upToHead.length;
      }
    });
    const result = { rebuilt: targets.map((p) => p.name), events, ms: Math.round(performance.now() - started) };
    this.logger.info(result, 'projections rebuilt');
    return result;
  }

  /** Per projection: checkpoint, log head and how many events it is behind. */
  async lag(): Promise<ProjectionLag[]> {
    const [head, checkpoints] = await Promise.all([this.store.headPosition(), readCheckpoints(this.pool)]);
    const behindByPosition = new Map<bigint, Promise<number>>();
    const countBehind = (position: bigint): Promise<number> => {
      if (position >= head) return Promise.resolve(0);
      let count = behindByPosition.get(position);
      if (!count) behindByPosition.set(position, count = this.countEventsAfter(position, head));
      return count;
    };
    return Promise.all(this.projections.map(async (projection) => {
      const position = checkpoints.get(projection.name) ?? START_POSITION;
      return { name: projection.name, position, head, behind: await countBehind(position) };
    }));
  }

  private ensureSetUp(): Promise<void> {
    this.setupDone ??= setUpProjections(this.pool, this.projections).catch((err: unknown) => {
      this.setupDone = null;
      throw err;
    });
    return this.setupDone;
  }

  private projectionNamed(name: string): Projection {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new DomainError('VALIDATION_FAILED', `no projection named ${name} (known: ${this.projections.map((p) => p.name).join(', ')})`);
    return projection;
  }

  /**
   * The live group: every projection at or past `live.cursor` reads the log through ONE subscription
   * and gets each batch in ONE transaction (`applyBatchToAll`: per-projection rebuild try-locks,
   * checkpoint row locks, skipping and checkpoint moves). A projection behind it (being rebuilt,
   * newly added, moved back elsewhere) is a straggler: it catches up on its own (`straggle`) and
   * joins between two batches, when its checkpoint is at or past the group's.
   */
  private async runGroup(live: LiveGroup): Promise<void> {
    let retryMs = RETRY_FIRST_MS;
    const { stopping } = live;
    while (!stopping.aborted) {
      let subscription: AllSubscription | null = null;
      try {
        if (!live.started) {
          const checkpoints = await readCheckpoints(this.pool);
          const positions = this.projections.map((p) => {
            const position = checkpoints.get(p.name);
            if (position === undefined) throw new Error(`projection ${p.name} has no checkpoint row: set it up first`);
            return position;
          });
          live.cursor = positions.reduce((a, b) => (a > b ? a : b));
          this.projections.forEach((p, i) => {
            if (positions[i]! >= live.cursor) live.members.push(p);
            else this.addStraggler(live, p, positions[i]!, null);
          });
          live.started = true;
        }
        if (live.members.length === 0) {
          // Every projection left the group (all being rebuilt): it resumes from the first to come back.
          const parked = [...live.stragglers.values()].filter((s) => s.park);
          if (parked.length === 0) {
            await live.parkedSignal.wait({ signal: stopping });
            continue;
          }
          live.cursor = parked.map((s) => s.cursor).reduce((a, b) => (a < b ? a : b));
          this.admitParked(live);
          continue;
        }
        subscription = this.store.subscribeToAll(live.cursor);
        this.subscriptions.add(subscription);
        if (stopping.aborted) break;
        let emptied = false;
        for await (const batch of inBatches(subscription, this.batchSize)) {
          this.admitParked(live);
          const group = [...live.members];
          const outcomes = group.length === 1
            ? new Map([[group[0]!.name, await applyBatch(this.pool, group[0]!, live.cursor, batch)]])
            : await applyBatchToAll(this.pool, group, live.cursor, batch);
          for (const projection of group) {
            const outcome = outcomes.get(projection.name)!;
            if (outcome.kind === 'applied') continue;
            live.members.splice(live.members.indexOf(projection), 1);
            if (outcome.kind === 'rebuilding') {
              // It waits the rebuild out with this batch, as a straggler; the others go on.
              this.addStraggler(live, projection, live.cursor, batch);
            } else {
              this.logger.info({ projection: projection.name, checkpoint: outcome.checkpoint.toString() }, 'projection checkpoint moved back elsewhere; replaying from it');
              this.addStraggler(live, projection, outcome.checkpoint, null);
            }
          }
          if (live.members.length === 0) { emptied = true; break; }
          // Every member's checkpoint is now at or past the batch's last event.
          live.cursor = batch.at(-1)!.position;
          retryMs = RETRY_FIRST_MS;
          this.releaseParkedBehind(live);
          if (stopping.aborted) break;
        }
        if (!emptied && !stopping.aborted) throw new Error('subscription ended unexpectedly');
      } catch (err: unknown) {
        if (stopping.aborted) break;
        this.logger.error({ err, projections: live.members.map((p) => p.name), retryInMs: retryMs }, 'projection failed; retrying');
        if (live.members.length > 1) {
          // Which one failed is not known: each goes on alone (one that keeps failing holds up only
          // itself), and the others meet again once past where the group stopped.
          for (const projection of live.members.splice(0)) this.addStraggler(live, projection, live.cursor, null, true);
        }
        await sleep(retryMs, stopping);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      } finally {
        if (subscription) {
          this.subscriptions.delete(subscription);
          await subscription.close();
        }
      }
    }
    for (const straggler of live.stragglers.values()) straggler.park?.(false);
  }

  /** `mustAdvance`: apply at least one batch alone before joining again, even when at the group's cursor. */
  private addStraggler(live: LiveGroup, projection: Projection, cursor: bigint, pending: readonly RecordedEvent[] | null, mustAdvance = false): void {
    const straggler: Straggler = { projection, cursor, park: null };
    live.stragglers.set(projection.name, straggler);
    const task = this.straggle(live, straggler, pending, mustAdvance).finally(() => live.tasks.delete(task));
    live.tasks.add(task);
  }

  /** Moves every parked straggler at or past the group's cursor into the group (between two batches). */
  private admitParked(live: LiveGroup): void {
    for (const straggler of [...live.stragglers.values()]) {
      if (!straggler.park || straggler.cursor < live.cursor) continue;
      live.stragglers.delete(straggler.projection.name);
      live.members.push(straggler.projection);
      straggler.park(true);
    }
  }

  /** Sends parked stragglers the group has moved past back to catching up. */
  private releaseParkedBehind(live: LiveGroup): void {
    for (const straggler of live.stragglers.values()) {
      if (straggler.park && straggler.cursor < live.cursor) straggler.park(false);
    }
  }

  /**
   * A projection behind the group: applies `pending` first (the batch the group was turned away
   * with by a rebuild), then pages through the log from its checkpoint, never past the group's
   * cursor, and parks once at or past it until the group takes it in or, having moved on, sends it on.
   */
  private async straggle(live: LiveGroup, straggler: Straggler, pending: readonly RecordedEvent[] | null, mustAdvance: boolean): Promise<void> {
    const { projection } = straggler;
    const { stopping } = live;
    let retryMs = RETRY_FIRST_MS;
    let known = true;
    while (!stopping.aborted) {
      try {
        if (!known) straggler.cursor = await readCheckpoint(this.pool, projection.name);
        known = true;
        let events = pending;
        pending = null;
        if (!events) {
          if (straggler.cursor >= live.cursor && !mustAdvance) {
            const joined = await new Promise<boolean>((resolve) => {
              straggler.park = resolve;
              live.parkedSignal.fire();
              if (stopping.aborted) resolve(false);
            });
            straggler.park = null;
            if (joined) return;
            continue;
          }
          const target = live.cursor;
          const page = await this.store.readAll(straggler.cursor, this.batchSize);
          if (page.length === 0) {
            // Nothing to apply past it: it has nothing left that could fail, and may join again.
            if (straggler.cursor >= live.cursor) mustAdvance = false;
            else await sleep(NOTHING_VISIBLE_WAIT_MS, stopping);
            continue;
          }
          // A prefix of a page is gap-free too: stop at the group's cursor, so as to join it there.
          const upToGroup = page.filter((e) => e.position <= target);
          events = upToGroup.length > 0 ? upToGroup : page;
        }
        const outcome = await this.applyOnceNotRebuilding(projection, straggler.cursor, events, stopping);
        if (!outcome) return; // stopping while a rebuild was in progress
        if (outcome.kind === 'behind') {
          this.logger.info({ projection: projection.name, checkpoint: outcome.checkpoint.toString() }, 'projection checkpoint moved back elsewhere; replaying from it');
          straggler.cursor = outcome.checkpoint;
          continue;
        }
        const last = events.at(-1)!.position;
        straggler.cursor = outcome.checkpoint > last ? outcome.checkpoint : last;
        mustAdvance = false;
        retryMs = RETRY_FIRST_MS;
      } catch (err: unknown) {
        if (stopping.aborted) break;
        this.logger.error({ err, projection: projection.name, retryInMs: retryMs }, 'projection failed; retrying');
        known = false;
        await sleep(retryMs, stopping);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    }
  }

  /**
   * `applyBatch`, retried while a rebuild holds the projection. The rebuild commits a checkpoint at
   * or past everything applied before it, so the retried batch applies only what lies beyond.
   * Null when `stopping` fires first.
   */
  private async applyOnceNotRebuilding(projection: Projection, after: bigint, batch: readonly RecordedEvent[], stopping: AbortSignal): Promise<Exclude<BatchOutcome, { kind: 'rebuilding' }> | null> {
    let logged = false;
    for (;;) {
      const outcome = await applyBatch(this.pool, projection, after, batch);
      if (outcome.kind !== 'rebuilding') return outcome;
      if (!logged) this.logger.info({ projection: projection.name }, 'projection being rebuilt; waiting for it to commit');
      logged = true;
      await sleep(REBUILD_WAIT_MS, stopping);
      if (stopping.aborted) return null;
    }
  }

  private async countEventsAfter(position: bigint, head: bigint): Promise<number> {
    let count = 0;
    let cursor = position;
    while (cursor < head && count < LAG_COUNT_LIMIT) {
      const page = await this.store.readAll(cursor, LAG_COUNT_LIMIT - count);
      if (page.length === 0) break;
      count += page.filter((e) => e.position <= head).length;
      cursor = page.at(-1)!.position;
    }
    return count;
  }
}

/** A projection catching up on its own; `park` is set while it waits, at or past the group, to be taken in. */
interface Straggler { projection: Projection; cursor: bigint; park: ((joined: boolean) => void) | null }

/** The live runner's state (see `runGroup`). */
interface LiveGroup {
  stopping: AbortSignal;
  started: boolean;
  /** Every member's checkpoint is at or past it; the group's subscription reads from it. */
  cursor: bigint;
  members: Projection[];
  stragglers: Map<string, Straggler>;
  tasks: Set<Promise<void>>;
  /** Fires when a straggler parks. */
  parkedSignal: Wakeup;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
