import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import type { Pool, PoolClient } from 'pg';
import type { ApiKeyIssued, ApiKeyRevoked, ApiKeyRotated } from '../domain/events.js';
import { createPool, withDefaultUser } from '../infra/db.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import type { EventStore, NewEvent, RecordedEvent } from '../infra/eventstore/types.js';
import { apiKeysProjection, findKeyByHash } from '../projections/api-keys.js';
import { allProjections } from '../projections/index.js';
import type { Projection } from '../projections/projection.js';
import { ProjectionRunner, type ProjectionRunnerOptions } from '../projections/runner.js';
import { createTestDatabase, type TestDatabase } from './support/db.js';

/**
 * Counts `Counted` events per stream. Deliberately NOT idempotent (a plain increment), so that an
 * event applied twice shows in the counts: exactly-once is the runner's job under test here.
 */
function countingProjection(options: {
  failOnce?: (event: RecordedEvent) => boolean;
  /** Runs before each event is applied, inside the applying transaction. */
  beforeApply?: (event: RecordedEvent) => Promise<void>;
} = {}): Projection & { table: string; failures: number } {
  const table = `counts_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const failed = new Set<string>();
  return {
    name: table,
    table,
    failures: 0,
    tables: [table],
    async setup(client: PoolClient) {
      await client.query(`CREATE TABLE IF NOT EXISTS ${table} (stream text PRIMARY KEY, events int NOT NULL, last_revision bigint NOT NULL)`);
    },
    async apply(event: RecordedEvent, client: PoolClient) {
      await options.beforeApply?.(event);
      if (event.type !== 'Counted') return;
      if (options.failOnce?.(event) && !failed.has(event.id)) {
        failed.add(event.id);
        this.failures += 1;
        throw new Error('simulated failure while applying');
      }
      await client.query(
        `INSERT INTO ${table} (stream, events, last_revision) VALUES ($1, 1, $2)
         ON CONFLICT (stream) DO UPDATE SET events = ${table}.events + 1, last_revision = EXCLUDED.last_revision`,
        [event.streamName, event.revision.toString()],
      );
    },
  };
}

const counted = (n: number): NewEvent[] => Array.from({ length: n }, (_, i) => ({ type: 'Counted', data: { i } }));
const ignored: NewEvent = { type: 'Ignored', data: {} };

/** The table's counts for `streams` (the log also holds other tests' streams). */
async function tableCounts(pool: Pool | pg.Client, table: string, streams: string[]): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ stream: string; events: number }>(
    `SELECT stream, events FROM ${table} WHERE stream = ANY($1) ORDER BY stream`, [streams],
  );
  return Object.fromEntries(rows.map((r) => [r.stream, r.events]));
}

/** What the table must hold for `streams`, computed from the log itself. */
async function expectedCounts(store: EventStore, streams: string[]): Promise<Record<string, number>> {
  const entries = await Promise.all(streams.map(async (s) => [s, (await store.read(s)).filter((e) => e.type === 'Counted').length] as const));
  return Object.fromEntries(entries.filter(([, n]) => n > 0).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Holds whoever applies one chosen event (armed once the live runner is past it, so only a rebuild
 * meets it) until the test releases it: a rebuild stopped half-way through its replay.
 */
class PauseAt {
  private eventId: string | null = null;
  private markReached!: () => void;
  readonly reached = new Promise<void>((resolve) => { this.markReached = resolve; });
  release!: () => void;
  private readonly released = new Promise<void>((resolve) => { this.release = resolve; });
  paused = false;

  arm(eventId: string): void { this.eventId = eventId; }

  async at(event: RecordedEvent): Promise<void> {
    if (event.id !== this.eventId) return;
    this.paused = true;
    this.markReached();
    await this.released;
    this.paused = false;
  }
}

/** Runs `check` over and over, 5 ms apart, from the moment it is created until `stop()`. */
function pollContinuously(check: () => Promise<void>): { polls: () => number; stop: () => Promise<void> } {
  let stopped = false;
  let polls = 0;
  const loop = (async () => {
    while (!stopped) {
      await check();
      polls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return { polls: () => polls, stop: async () => { stopped = true; await loop; } };
}

/**
 * Waits until `check` holds. The deadline is generous: a new projection catches up over every event the suite
 * appended before it, one statement or two per event, which on two cores busy with other work takes seconds.
 */
async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * `projection`, recording the transaction (txid_current) each event was applied in, per event id, as a
 * list: an event applied twice would show twice.
 */
function recordingTransactions<P extends Projection>(projection: P): P & { txids: Map<string, string[]> } {
  const txids = new Map<string, string[]>();
  return Object.assign(Object.create(projection) as P, {
    txids,
    async apply(event: RecordedEvent, client: PoolClient) {
      const { rows } = await client.query<{ tx: string }>('SELECT txid_current()::text AS tx');
      txids.set(event.id, [...(txids.get(event.id) ?? []), rows[0]!.tx]);
      await projection.apply.call(projection, event, client);
    },
  });
}

/** Of `txids`, those that committed (a failed batch's transaction was rolled back, what it applied with it). */
async function committedOnly(pool: Pool, txids: string[] | undefined): Promise<string[]> {
  if (!txids || txids.length === 0) return [];
  const { rows } = await pool.query<{ tx: string }>(
    "SELECT tx FROM unnest($1::text[]) AS tx WHERE txid_status(tx::bigint) = 'committed'", [txids],
  );
  return rows.map((r) => r.tx);
}

/** `store`, counting the subscriptions opened on it. */
function countingSubscriptions(store: EventStore): { store: EventStore; subscriptions: () => number } {
  let subscriptions = 0;
  const counted = new Proxy(store, {
    get(target, prop) {
      if (prop === 'subscribeToAll') return (from: bigint | null) => { subscriptions += 1; return target.subscribeToAll(from); };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store: counted, subscriptions: () => subscriptions };
}

describe('ProjectionRunner', function () {
  this.timeout(90_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  const cleanups: (() => Promise<void>)[] = [];
  const fresh = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

  before(async () => {
    db = await createTestDatabase('hz_projections');
    store = await PostgresEventStore.create(db.pool, { pollIntervalMs: 200 });
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  after(async () => {
    await store.close();
    await db.drop();
  });

  function runnerFor(projection: Projection, on: { pool: Pool; store: EventStore } = { pool: db.pool, store }, logger?: ProjectionRunnerOptions['logger']): ProjectionRunner {
    const runner = new ProjectionRunner({ pool: on.pool, store: on.store, projections: [projection], batchSize: 50, ...(logger ? { logger } : {}) });
    cleanups.push(() => runner.stop());
    return runner;
  }

  /** A second "process": its own pool and event store. */
  async function otherProcess(max = 5): Promise<{ pool: Pool; store: EventStore }> {
    const pool = createPool(db.url, max);
    const otherStore = await PostgresEventStore.create(pool, { pollIntervalMs: 200 });
    cleanups.push(async () => { await otherStore.close(); await pool.end(); });
    return { pool, store: otherStore };
  }

  it('applies live events as they are appended and ignores types it does not handle', async () => {
    const projection = countingProjection();
    const runner = runnerFor(projection);
    await runner.start();
    const [a, b, c] = [fresh('live'), fresh('live'), fresh('live')];
    await store.append(a, counted(3), 'no_stream');
    await store.append(b, [...counted(2), ignored], 'no_stream');
    const last = await store.append(c, [ignored], 'no_stream');
    await eventually(async () => (await runner.lag())[0]!.position >= last.position, 'the checkpoint reaches the last append');
    expect(await tableCounts(db.pool, projection.table, [a, b, c])).to.deep.equal(await expectedCounts(store, [a, b, c]));
    expect(await tableCounts(db.pool, projection.table, [a, b, c])).to.deep.equal({ [a]: 3, [b]: 2 });
  });

  it('applies every event exactly once while several runners work on the same projection', async () => {
    const projection = countingProjection();
    const second = await otherProcess();
    const runners = [runnerFor(projection), runnerFor(projection, second), runnerFor(projection)];
    await Promise.all(runners.map((r) => r.start()));
    const streams = Array.from({ length: 6 }, () => fresh('many'));
    const appended = await Promise.all(streams.map(async (stream, k) => {
      let last = 0n;
      for (let i = 0; i < 20; i += 1) last = (await store.append(stream, counted(1 + ((i + k) % 4)), 'any')).position;
      return last;
    }));
    const head = appended.reduce((x, y) => (x > y ? x : y));
    // An admin process catching up at the same time, through the same row locks.
    await runnerFor(projection, second).catchUpTo(head);
    expect(await tableCounts(db.pool, projection.table, streams)).to.deep.equal(await expectedCounts(store, streams));
    await eventually(async () => (await runners[1]!.lag())[0]!.position >= head, 'the live runners are done');
    expect(await tableCounts(db.pool, projection.table, streams)).to.deep.equal(await expectedCounts(store, streams));
  });

  it('resumes from its checkpoint after stop, without applying anything twice', async () => {
    const projection = countingProjection();
    const stream = fresh('resume');
    const first = runnerFor(projection);
    await first.start();
    const before = await store.append(stream, counted(10), 'no_stream');
    await eventually(async () => (await first.lag())[0]!.position >= before.position, 'the first run catches up');
    await first.stop();
    await first.stop();

    const whileStopped = await store.append(stream, counted(5), 9n);
    const lag = (await first.lag())[0]!;
    expect(lag).to.include({ name: projection.name, position: before.position, head: whileStopped.position, behind: 5 });
    expect(await tableCounts(db.pool, projection.table, [stream])).to.deep.equal({ [stream]: 10 });

    const second = runnerFor(projection);
    await second.start();
    await eventually(async () => (await second.lag())[0]!.behind === 0, 'the second run catches up');
    expect(await tableCounts(db.pool, projection.table, [stream])).to.deep.equal({ [stream]: 15 });
  });

  it('catchUpTo returns once the table shows the event, with or without a running projector', async () => {
    const projection = countingProjection();
    const stream = fresh('catchup');
    const cli = runnerFor(projection);
    const { position } = await store.append(stream, counted(1), 'no_stream');
    await cli.catchUpTo(position);
    expect(await tableCounts(db.pool, projection.table, [stream])).to.deep.equal({ [stream]: 1 });

    await runnerFor(projection).start();
    for (let revision = 0n; revision < 5n; revision += 1n) {
      const appended = await store.append(stream, counted(1), revision);
      await cli.catchUpTo(appended.position);
      expect((await tableCounts(db.pool, projection.table, [stream]))[stream]).to.equal(Number(revision) + 2);
    }
  });

  it('retries after a failure while applying and still applies each event once', async () => {
    const stream = fresh('retry');
    const projection = countingProjection({ failOnce: (e) => e.streamName === stream && e.revision === 2n });
    const runner = runnerFor(projection);
    await runner.start();
    const { position } = await store.append(stream, counted(4), 'no_stream');
    await eventually(async () => (await runner.lag())[0]!.position >= position, 'the runner recovers');
    expect(projection.failures).to.equal(1);
    expect(await tableCounts(db.pool, projection.table, [stream])).to.deep.equal({ [stream]: 4 });
  });

  it('rebuild replays the log into the same table contents as live application', async () => {
    const projection = countingProjection();
    const runner = runnerFor(projection);
    await runner.start();
    const streams = [fresh('rebuild'), fresh('rebuild')];
    let head = -1n;
    for (const [k, stream] of streams.entries()) head = (await store.append(stream, [...counted(3 + k), ignored, ...counted(2)], 'no_stream')).position;
    await eventually(async () => (await runner.lag())[0]!.position >= head, 'live application catches up');
    const everyStream = async () => (await db.pool.query<{ stream: string }>(`SELECT stream FROM ${projection.table}`)).rows.map((r) => r.stream);
    const live = await tableCounts(db.pool, projection.table, await everyStream());
    // Damage the read model, so only a real replay can restore it.
    await db.pool.query(`UPDATE ${projection.table} SET events = events + 100`);

    const admin = runnerFor(projection);
    const result = await admin.rebuild();
    const eventsInLog = (await store.readAll(null, 100_000)).filter((e) => e.position <= head).length;
    expect(result.rebuilt).to.deep.equal([projection.name]);
    expect(result.events).to.equal(eventsInLog);
    expect(result.ms).to.be.a('number');
    expect(await tableCounts(db.pool, projection.table, await everyStream())).to.deep.equal(live);

    // The live runner noticed the reset and goes on applying new events on top of the rebuilt table.
    const more = await store.append(streams[0]!, counted(1), 'any');
    await eventually(async () => (await runner.lag())[0]!.position >= more.position, 'live application continues');
    expect(await tableCounts(db.pool, projection.table, streams)).to.deep.equal(await expectedCounts(store, streams));
  });

  /** Appends `perStream` Counted events to each stream in appends of 100; arms nothing. Returns the id of one event half-way. */
  async function appendMany(streams: string[], perStream: number): Promise<{ head: bigint; middleEventId: string }> {
    const appends: { stream: string; events: NewEvent[] }[] = [];
    for (let done = 0; done < perStream; done += 100) {
      for (const stream of streams) appends.push({ stream, events: counted(Math.min(100, perStream - done)) });
    }
    const middle = appends[Math.floor(appends.length / 2)]!.events[0]!;
    const middleEventId = middle.id = randomUUID();
    let head = -1n;
    for (const { stream, events } of appends) head = (await store.append(stream, events, 'any')).position;
    return { head, middleEventId };
  }

  it('shows readers the old table until a rebuild commits, then the rebuilt one at once', async () => {
    const pause = new PauseAt();
    const projection = countingProjection({ beforeApply: (e) => pause.at(e) });
    const runner = runnerFor(projection);
    await runner.start();
    const streams = Array.from({ length: 10 }, () => fresh('atomic'));
    const { head, middleEventId } = await appendMany(streams, 200);
    await runner.catchUpTo(head);
    const rebuilt = await expectedCounts(store, streams);
    expect(await tableCounts(db.pool, projection.table, streams)).to.deep.equal(rebuilt);
    // Damage one row, so the switch from the old table to the rebuilt one shows as a flip.
    await db.pool.query(`UPDATE ${projection.table} SET events = events + 1000 WHERE stream = $1`, [streams[0]]);
    const old = await tableCounts(db.pool, projection.table, streams);

    const reader = new pg.Client({ connectionString: withDefaultUser(db.url) });
    await reader.connect();
    cleanups.push(() => reader.end());
    const seen: Record<string, number>[] = [];
    let pollsWhilePaused = 0;
    const poller = pollContinuously(async () => {
      const paused = pause.paused;
      seen.push(await tableCounts(reader, projection.table, streams));
      if (paused && pause.paused) pollsWhilePaused += 1;
    });
    cleanups.push(async () => pause.release()); // a failed test must not leave the rebuild hanging
    pause.arm(middleEventId);
    const rebuilding = runnerFor(projection).rebuild([projection.name]);
    await pause.reached;
    await eventually(async () => pollsWhilePaused >= 5, 'the reader polls while the replay is half-way');
    pause.release();
    const result = await rebuilding;
    const pollsAtCommit = poller.polls();
    await eventually(async () => poller.polls() >= pollsAtCommit + 3, 'the reader polls after the commit');
    await poller.stop();

    expect(result.rebuilt).to.deep.equal([projection.name]);
    expect(result.events).to.be.at.least(2000);
    const firstRebuilt = seen.findIndex((snapshot) => snapshot[streams[0]!] === rebuilt[streams[0]!]);
    expect(firstRebuilt, 'the reader saw the rebuilt table').to.be.greaterThan(0);
    seen.slice(0, firstRebuilt).forEach((snapshot, i) => expect(snapshot, `poll ${i}, before the commit`).to.deep.equal(old));
    seen.slice(firstRebuilt).forEach((snapshot, i) => expect(snapshot, `poll ${firstRebuilt + i}, after the commit`).to.deep.equal(rebuilt));
    expect(await tableCounts(db.pool, projection.table, streams)).to.deep.equal(rebuilt);
  });

  it('lets live runners and catchUpTo wait out a rebuild, then go on without applying anything twice', async () => {
    const pause = new PauseAt();
    const projection = countingProjection({ beforeApply: (e) => pause.at(e) });
    const waits: string[] = [];
    const logger = { info: (_: unknown, message?: string) => { if (message) waits.push(message); }, warn() {}, error() {} };
    // The rebuilding process has a pool of 3 connections: the rebuild's transaction, its log reads,
    // its own live runner and 5 catchUpTo callers share them. A caller waiting on a lock while
    // holding a connection would starve the replay's reads and deadlock.
    const small = await otherProcess(3);
    const runners = [runnerFor(projection, { pool: db.pool, store }, logger), runnerFor(projection, small, logger)];
    await Promise.all(runners.map((r) => r.start()));
    const streams = Array.from({ length: 4 }, () => fresh('waits'));
    const { head, middleEventId } = await appendMany(streams, 300);
    // Applied partly by the live runners, partly by this call: they share the checkpoint's row lock.
    await runners[0]!.catchUpTo(head);

    cleanups.push(async () => pause.release()); // a failed test must not leave the rebuild hanging
    pause.arm(middleEventId);
    const admin = runnerFor(projection, small);
    const rebuilding = admin.rebuild();
    await pause.reached;
    const during = await store.append(streams[0]!, counted(7), 'any');
    await store.append(streams[1]!, counted(3), 'any');
    let caughtUp = false;
    const catchingUp = Promise.all(Array.from({ length: 5 }, () => admin.catchUpTo(during.position))).then(() => { caughtUp = true; });
    await eventually(async () => waits.filter((m) => /being rebuilt/.test(m)).length >= 2, 'both live runners are turned away by the rebuild');
    expect(caughtUp, 'catchUpTo returned while the rebuild held the projection').to.equal(false);
    pause.release();
    await rebuilding;
    await catchingUp;
    expect((await tableCounts(db.pool, projection.table, streams))[streams[0]!]).to.equal((await expectedCounts(store, [streams[0]!]))[streams[0]!]);

    let last = 0n;
    for (const stream of streams) last = (await store.append(stream, counted(5), 'any')).position;
    for (const runner of runners) await eventually(async () => (await runner.lag())[0]!.position >= last, 'the live runners go on after the rebuild');
    expect(await tableCounts(db.pool, projection.table, streams)).to.deep.equal(await expectedCounts(store, streams));
  });

  it('catches several projections up together, the others going on while one of them is rebuilt, each event applied once', async () => {
    const pause = new PauseAt();
    const held = countingProjection({ beforeApply: (e) => pause.at(e) });
    const others = [countingProjection(), countingProjection()];
    const all = [held, ...others];
    const streams = [fresh('together'), fresh('together')];
    const { head, middleEventId } = await appendMany(streams, 150);
    const together = new ProjectionRunner({ pool: db.pool, store, projections: all, batchSize: 40 });
    // From one place: every page read once and applied to all three in one transaction.
    await together.catchUpTo(head);
    for (const p of all) expect(await tableCounts(db.pool, p.table, streams)).to.deep.equal(await expectedCounts(store, streams));

    cleanups.push(async () => pause.release()); // a failed test must not leave the rebuild hanging
    pause.arm(middleEventId);
    const rebuilding = runnerFor(held).rebuild([held.name]);
    await pause.reached;
    const during = await store.append(streams[0]!, counted(9), 'any');
    let caughtUp = false;
    const catchingUp = together.catchUpTo(during.position).then(() => { caughtUp = true; });
    await eventually(async () => {
      const lag = await together.lag();
      return others.every((p) => lag.find((l) => l.name === p.name)!.position >= during.position);
    }, 'the projections not being rebuilt catch up meanwhile');
    expect(caughtUp, 'catchUpTo returned while the rebuild held one projection').to.equal(false);
    pause.release();
    await rebuilding;
    await catchingUp;
    for (const p of all) expect(await tableCounts(db.pool, p.table, streams), p.name).to.deep.equal(await expectedCounts(store, streams));
  });

  it('rebuilds api_keys into the live table while lookups keep seeing live keys live and revoked keys revoked', async () => {
    const pause = new PauseAt();
    const keys: Projection = {
      ...apiKeysProjection,
      apply: async (e, client) => { await pause.at(e); await apiKeysProjection.apply(e, client); },
      // Batches (live and the rebuild's pages) stop before the batch that holds the chosen event.
      applyMany: async (events, client) => { for (const e of events) await pause.at(e); await apiKeysProjection.applyMany!(events, client); },
    };
    const runner = runnerFor(keys);
    await runner.start();
    const accountId = randomUUID();
    const at = new Date().toISOString();
    const issue = async (rotatedFrom: string | null = null) => {
      const keyId = randomUUID();
      const hash = `hash-${keyId}`;
      const issued: ApiKeyIssued = { type: 'ApiKeyIssued', data: { keyId, accountId, name: `key ${keyId.slice(0, 4)}`, hash, scopes: ['humanize', 'detect'], allowIps: [], rotatedFrom, at } };
      await store.append(`apikey-${keyId}`, [issued], 'no_stream');
      return { keyId, hash };
    };
    const revoke = async (keyId: string, revision: bigint, id?: string) => {
      const revoked: ApiKeyRevoked = { type: 'ApiKeyRevoked', data: { keyId, accountId, at } };
      return store.append(`apikey-${keyId}`, [{ ...revoked, ...(id ? { id } : {}) }], revision);
    };
    const early = await Promise.all(Array.from({ length: 30 }, () => issue()));
    for (const key of early.slice(0, 10)) await revoke(key.keyId, 0n);
    const revokedProbe = await issue();
    const pauseEventId = randomUUID();
    await revoke(revokedProbe.keyId, 0n, pauseEventId);
    const liveProbe = await issue();
    for (const old of early.slice(10, 15)) {
      const replacement = await issue(old.keyId);
      const rotated: ApiKeyRotated = { type: 'ApiKeyRotated', data: { keyId: old.keyId, accountId, newKeyId: replacement.keyId, expiresAt: at, at } };
      await store.append(`apikey-${old.keyId}`, [rotated], 0n);
    }
    const head = await store.headPosition();
    await eventually(async () => (await runner.lag())[0]!.position >= head, 'live application catches up');
    const everyRow = async () => (await db.pool.query('SELECT * FROM api_keys ORDER BY key_id')).rows;
    const live = await everyRow();
    expect(live).to.have.length(30 + 2 + 5);
    await db.pool.query('DELETE FROM api_keys WHERE key_id = $1', [early[20]!.keyId]);
    await db.pool.query(`UPDATE api_keys SET name = 'tampered' WHERE key_id = $1`, [early[21]!.keyId]);
    const rowsBefore = live.length - 1;

    const readers = createPool(db.url, 1);
    cleanups.push(() => readers.end());
    const problems: string[] = [];
    let pollsWhilePaused = 0;
    const poller = pollContinuously(async () => {
      const paused = pause.paused;
      const [liveKey, revokedKey, rows] = await Promise.all([
        findKeyByHash(readers, liveProbe.hash), findKeyByHash(readers, revokedProbe.hash),
        readers.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys'),
      ]);
      if (liveKey?.status !== 'live') problems.push(`live key read as ${liveKey?.status ?? 'missing'}`);
      if (revokedKey?.status !== 'revoked') problems.push(`revoked key read as ${revokedKey?.status ?? 'missing'}`);
      if (rows.rows[0]!.n < rowsBefore) problems.push(`${rows.rows[0]!.n} rows, fewer than ${rowsBefore}`);
      if (paused && pause.paused) pollsWhilePaused += 1;
    });
    cleanups.push(async () => pause.release()); // a failed test must not leave the rebuild hanging
    pause.arm(pauseEventId);
    const rebuilding = runnerFor(keys).rebuild(['api_keys']);
    await pause.reached;
    await eventually(async () => pollsWhilePaused >= 5, 'lookups run while the replay is half-way');
    pause.release();
    expect((await rebuilding).rebuilt).to.deep.equal(['api_keys']);
    await poller.stop();

    expect(problems).to.deep.equal([]);
    expect(await everyRow()).to.deep.equal(live);
    const { position } = await revoke(liveProbe.keyId, 0n);
    await eventually(async () => (await runner.lag())[0]!.position >= position, 'the live runner goes on after the rebuild');
    expect((await findKeyByHash(db.pool, liveProbe.hash))?.status).to.equal('revoked');
  });

  it('creates again, at the next start, an index an operator dropped although the same DDL was set up before', async () => {
    const dropped = ['api_keys_account', 'usage_history_page'];
    const indexes = async () => (await db.pool.query<{ indexname: string }>(
      'SELECT indexname FROM pg_indexes WHERE indexname = ANY($1) ORDER BY indexname', [dropped],
    )).rows.map((r) => r.indexname);
    const { position } = await store.append(fresh('ddl'), [ignored], 'no_stream');
    await new ProjectionRunner({ pool: db.pool, store, projections: allProjections() }).catchUpTo(position);
    expect(await indexes()).to.deep.equal(dropped);
    for (const name of dropped) await db.pool.query(`DROP INDEX ${name}`);
    await new ProjectionRunner({ pool: db.pool, store, projections: allProjections() }).catchUpTo(position);
    expect(await indexes()).to.deep.equal(dropped);
  });

  it('applies each live batch to every projection at the same checkpoint in one transaction, through one subscription', async () => {
    const all = [countingProjection(), countingProjection(), countingProjection()].map(recordingTransactions);
    const counting = countingSubscriptions(store);
    const runner = new ProjectionRunner({ pool: db.pool, store: counting.store, projections: all, batchSize: 50 });
    cleanups.push(() => runner.stop());
    await runner.start();
    const streams = [fresh('group'), fresh('group')];
    let last = 0n;
    const ids: string[] = [];
    for (const stream of streams) {
      const events = counted(4).map((e) => ({ ...e, id: randomUUID() }));
      ids.push(...events.map((e) => e.id));
      last = (await store.append(stream, events, 'no_stream')).position;
    }
    await eventually(async () => (await runner.lag()).every((l) => l.position >= last), 'every checkpoint reaches the last append');
    for (const id of ids) {
      const [first, ...others] = all.map((p) => p.txids.get(id));
      expect(first, 'applied once').to.have.length(1);
      for (const other of others) expect(other, 'applied once, in the same transaction as the first projection').to.deep.equal(first);
    }
    expect(counting.subscriptions(), 'subscriptions opened').to.equal(1);
    for (const p of all) expect(await tableCounts(db.pool, p.table, streams)).to.deep.equal(await expectedCounts(store, streams));
  });

  it('lets a projection behind the live group catch up on its own and join it, without applying anything twice', async () => {
    const streams = [fresh('join'), fresh('join')];
    const { head, middleEventId } = await appendMany(streams, 150);
    const holdC = new PauseAt();
    const holdGroup = new PauseAt();
    const [a, b] = [countingProjection({ beforeApply: (e) => holdGroup.at(e) }), countingProjection()].map(recordingTransactions);
    await new ProjectionRunner({ pool: db.pool, store, projections: [a!, b!] }).catchUpTo(head);
    // C is new: its checkpoint is at the start of the log while A and B are at its head.
    const c = recordingTransactions(countingProjection({ beforeApply: (e) => holdC.at(e) }));
    cleanups.push(async () => { holdC.release(); holdGroup.release(); });
    holdC.arm(middleEventId);
    const counting = countingSubscriptions(store);
    const runner = new ProjectionRunner({ pool: db.pool, store: counting.store, projections: [a!, b!, c], batchSize: 50 });
    cleanups.push(() => runner.stop());
    const positionOf = async (p: Projection): Promise<bigint> => (await runner.lag()).find((l) => l.name === p.name)!.position;
    const withIds = (n: number): Array<NewEvent & { id: string }> => counted(n).map((e) => ({ ...e, id: randomUUID() }));
    await runner.start();
    await holdC.reached; // C is half-way through its catch-up, inside its transaction

    // The group goes on meanwhile: E1 is applied to A and B together, not to C.
    const e1 = withIds(3);
    const e1End = (await store.append(streams[0]!, e1, 'any')).position;
    await eventually(async () => (await positionOf(a!)) >= e1End && (await positionOf(b!)) >= e1End, 'A and B apply E1');
    expect(b!.txids.get(e1[0]!.id)).to.deep.equal(a!.txids.get(e1[0]!.id));
    expect(c.txids.has(e1[0]!.id)).to.equal(false);
    expect((await positionOf(c)) < e1End, 'C has not reached E1').to.equal(true);

    // The group is held inside its transaction for E2 while C catches up to E1, the group's checkpoint.
    const e2 = withIds(2);
    holdGroup.arm(e2[0]!.id);
    const e2End = (await store.append(streams[1]!, e2, 'any')).position;
    await holdGroup.reached;
    holdC.release();
    await eventually(async () => (await positionOf(c)) === e1End, 'C stops at the group\'s checkpoint');
    expect(c.txids.has(e2[0]!.id)).to.equal(false);
    // The group commits E2: C, now behind it again, applies E2 on its own and waits at E2.
    holdGroup.release();
    await eventually(async () => (await positionOf(c)) === e2End, 'C catches up to E2');
    expect(c.txids.get(e2[0]!.id)).to.have.length(1);
    expect(c.txids.get(e2[0]!.id)).to.not.deep.equal(a!.txids.get(e2[0]!.id));

    // From then on C is in the group: E3 is applied to all three in one transaction.
    const e3 = withIds(2);
    const e3End = (await store.append(streams[0]!, e3, 'any')).position;
    await eventually(async () => (await runner.lag()).every((l) => l.position >= e3End), 'all three apply E3');
    for (const event of e3) {
      expect(c.txids.get(event.id), 'C applied it once').to.have.length(1);
      expect(c.txids.get(event.id)).to.deep.equal(a!.txids.get(event.id));
      expect(b!.txids.get(event.id)).to.deep.equal(a!.txids.get(event.id));
    }
    expect(counting.subscriptions(), 'subscriptions opened').to.equal(1);
    for (const p of [a!, b!, c]) expect(await tableCounts(db.pool, p.table, streams), p.name).to.deep.equal(await expectedCounts(store, streams));
    for (const p of [a!, b!, c]) for (const [id, txs] of p.txids) expect(txs, `${p.name}: event ${id}`).to.have.length(1);
  });

  it('keeps the other projections of the live group going while one keeps failing, and takes it back once it recovers', async () => {
    const poison = fresh('poison');
    const healthy = fresh('healthy');
    let broken = true;
    const base = countingProjection();
    const failing = recordingTransactions(Object.assign(Object.create(base) as typeof base, {
      async apply(event: RecordedEvent, client: PoolClient) {
        if (broken && event.streamName === poison) throw new Error('simulated lasting failure while applying');
        await base.apply(event, client);
      },
    }));
    const other = recordingTransactions(countingProjection());
    const errors: string[] = [];
    const logger = { info() {}, warn() {}, error: (_: unknown, message?: string) => { if (message) errors.push(message); } };
    const runner = new ProjectionRunner({ pool: db.pool, store, projections: [failing, other], batchSize: 50, logger });
    cleanups.push(() => runner.stop());
    await runner.start();
    const positionOf = async (p: Projection): Promise<bigint> => (await runner.lag()).find((l) => l.name === p.name)!.position;

    const poisoned = await store.append(poison, counted(2), 'no_stream');
    let last = 0n;
    for (let i = 0; i < 3; i += 1) last = (await store.append(healthy, counted(2), 'any')).position;
    await eventually(async () => (await positionOf(other)) >= last, 'the healthy projection goes on alone');
    expect(errors.length, 'failures logged').to.be.at.least(1);
    expect((await positionOf(failing)) < poisoned.position, 'the failing projection is stuck before the poisoned events').to.equal(true);

    broken = false;
    await eventually(async () => (await positionOf(failing)) >= last, 'the failing projection recovers and catches up');
    // Back in the group: the next events reach both in one transaction.
    let joined = false;
    for (let attempt = 0; attempt < 20 && !joined; attempt += 1) {
      const event = { type: 'Counted', data: {}, id: randomUUID() };
      last = (await store.append(healthy, [event], 'any')).position;
      await eventually(async () => (await runner.lag()).every((l) => l.position >= last), 'both apply the new event');
      joined = JSON.stringify(await committedOnly(db.pool, failing.txids.get(event.id))) === JSON.stringify(await committedOnly(db.pool, other.txids.get(event.id)));
    }
    expect(joined, 'the recovered projection is back in the group').to.equal(true);
    const streams = [poison, healthy];
    for (const p of [failing, other]) expect(await tableCounts(db.pool, p.table, streams), p.name).to.deep.equal(await expectedCounts(store, streams));
    for (const p of [failing, other]) {
      for (const [id, txs] of p.txids) expect(await committedOnly(db.pool, txs), `${p.name}: event ${id} applied in committed transactions`).to.have.length(1);
    }
  });

  it('refuses to rebuild a projection it does not know', async () => {
    const runner = runnerFor(countingProjection());
    const err: unknown = await runner.rebuild(['no_such_projection']).then(() => null, (e: unknown) => e);
    expect(err).to.be.instanceOf(Error);
    expect((err as Error).message).to.match(/no_such_projection/);
  });
});
