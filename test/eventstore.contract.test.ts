/**
 * One contract for every event store adapter: postgres always (fresh database), esdb when
 * EVENTSTORE_CONNECTION_STRING is set. Stream names are fresh per test, so the suite also runs
 * against a shared EventStoreDB that holds other data.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { PostgresEventStore, createEventStore } from '../infra/eventstore/index.js';
import {
  WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type NewEvent, type RecordedEvent,
} from '../infra/eventstore/types.js';
import { createTestDatabase, type TestDatabase } from './support/db.js';
import { withDefaultUser } from '../infra/db.js';
import { delayingCommits, redirected } from './support/pg-pool-proxies.js';

interface Harness {
  store: EventStore;
  /** Postgres only: a second store whose next append sleeps inside its transaction before COMMIT. */
  slowCommitter?: SlowCommitter;
  /** Postgres only: a store whose pool can be pointed at a server that is down. */
  outage?: { store: EventStore; goDown(): void };
  teardown(): Promise<void>;
}

interface SlowCommitter {
  store: EventStore;
  /** Arms the next COMMIT to sleep `seconds`; resolves once that append has drawn its positions. */
  holdNextCommit(seconds: number): Promise<void>;
}

const adapters: { name: string; configured: boolean; open(): Promise<Harness> }[] = [
  { name: 'postgres', configured: true, open: openPostgres },
  {
    name: 'esdb',
    configured: Boolean(process.env.EVENTSTORE_CONNECTION_STRING),
    async open() {
      const store = await createEventStore({ kind: 'esdb', esdbConnectionString: process.env.EVENTSTORE_CONNECTION_STRING });
      return { store, teardown: () => store.close() };
    },
  },
];

const json = (type: string, data: Record<string, unknown> = {}, extra: Partial<NewEvent> = {}): NewEvent => ({ type, data, ...extra });
const freshStream = (label = 's'): string => `contract${label}-${randomUUID().replace(/-/g, '')}`;

async function expectConflict(promise: Promise<unknown>, stream: string, expected: ExpectedRevision, actual: bigint | 'no_stream'): Promise<void> {
  const err: unknown = await promise.then(() => null, (e: unknown) => e);
  expect(err).to.be.instanceOf(WrongExpectedRevisionError);
  const conflict = err as WrongExpectedRevisionError;
  expect(conflict.stream).to.equal(stream);
  expect(conflict.expected).to.equal(expected);
  expect(conflict.actual).to.equal(actual);
}

/** Iterates a subscription until `done` says so, with a deadline. */
async function collect(events: AsyncIterable<RecordedEvent>, done: (seen: RecordedEvent[]) => boolean, timeoutMs: number): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  const iterator = events[Symbol.asyncIterator]();
  const deadline = Date.now() + timeoutMs;
  while (!done(seen)) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new Error(`subscription delivered ${seen.length} events before the deadline`);
    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([
      iterator.next(),
      new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), remaining); }),
    ]).finally(() => clearTimeout(timer));
    if (next === 'timeout') throw new Error(`subscription delivered ${seen.length} events before the deadline`);
    if (next.done) break;
    seen.push(next.value);
  }
  return seen;
}

for (const adapter of adapters) {
  describe(`EventStore contract: ${adapter.name}`, function () {
    let harness: Harness;
    let store: EventStore;

    before(async function () {
      if (!adapter.configured) this.skip();
      harness = await adapter.open();
      store = harness.store;
    });
    after(async () => { if (harness) await harness.teardown(); });

    it('appends with revisions from 0 and reads a stream back in order', async () => {
      const stream = freshStream();
      const id = randomUUID();
      const first = await store.append(stream, [json('Opened', { n: 1 }, { id, metadata: { requestId: 'r1' } }), json('Renamed', { n: 2 })], 'no_stream');
      expect(first.nextExpectedRevision).to.equal(1n);
      const second = await store.append(stream, [json('Closed', { n: 3 })], 1n);
      expect(second.nextExpectedRevision).to.equal(2n);
      expect(second.position > first.position).to.equal(true);

      const events = await store.read(stream);
      expect(events.map((e) => [e.revision, e.type, e.data])).to.deep.equal([
        [0n, 'Opened', { n: 1 }], [1n, 'Renamed', { n: 2 }], [2n, 'Closed', { n: 3 }],
      ]);
      expect(events[0]!.id).to.equal(id);
      expect(events[0]!.metadata).to.deep.equal({ requestId: 'r1' });
      expect(events.every((e) => e.streamName === stream && e.createdAt instanceof Date)).to.equal(true);
      expect(events[1]!.position > events[0]!.position && events[2]!.position > events[1]!.position).to.equal(true);
      expect(events[2]!.position).to.equal(second.position);
    });

    it('says whether an append can carry a companion statement, and refuses one where it cannot', async () => {
      expect(store.companions).to.equal(adapter.name === 'postgres');
      if (store.companions) return; // postgres: test/eventstore-companion.test.ts
      const stream = freshStream('c');
      const err: unknown = await store.append(stream, [json('A')], 'no_stream', { companion: { text: 'SELECT 1', values: [] } }).then(() => null, (e: unknown) => e);
      expect(err).to.be.instanceOf(Error);
      expect(await store.read(stream)).to.deep.equal([]);
    });

    it('reads an absent stream as [], and honours fromRevision and maxCount', async () => {
      expect(await store.read(freshStream('absent'))).to.deep.equal([]);
      const stream = freshStream();
      await store.append(stream, [0, 1, 2, 3, 4].map((n) => json('Counted', { n })), 'any');
      expect((await store.read(stream, { fromRevision: 3n })).map((e) => e.data)).to.deep.equal([{ n: 3 }, { n: 4 }]);
      expect((await store.read(stream, { fromRevision: 1n, maxCount: 2 })).map((e) => e.revision)).to.deep.equal([1n, 2n]);
      expect(await store.read(stream, { fromRevision: 9n })).to.deep.equal([]);
    });

    it('raises WrongExpectedRevisionError with stream, expected and actual, and writes nothing', async () => {
      const stream = freshStream();
      await expectConflict(store.append(stream, [json('X')], 'stream_exists'), stream, 'stream_exists', 'no_stream');
      await expectConflict(store.append(stream, [json('X')], 0n), stream, 0n, 'no_stream');
      await store.append(stream, [json('A'), json('B')], 'no_stream');
      await expectConflict(store.append(stream, [json('X')], 'no_stream'), stream, 'no_stream', 1n);
      await expectConflict(store.append(stream, [json('X')], 0n), stream, 0n, 1n);
      await expectConflict(store.append(stream, [json('X')], 5n), stream, 5n, 1n);
      expect((await store.append(stream, [json('C')], 'stream_exists')).nextExpectedRevision).to.equal(2n);
      expect((await store.read(stream)).map((e) => e.type)).to.deep.equal(['A', 'B', 'C']);
    });

    it('lets exactly one of several racing appends win an exact revision; the rest conflict', async () => {
      const stream = freshStream();
      await store.append(stream, [json('Start')], 'no_stream');
      const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => store.append(stream, [json('Raced', { i })], 0n)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).to.have.length(1);
      for (const o of outcomes) {
        if (o.status === 'rejected') {
          expect(o.reason).to.be.instanceOf(WrongExpectedRevisionError);
          expect((o.reason as WrongExpectedRevisionError).actual).to.equal(1n);
        }
      }
      const fresh = freshStream();
      const creations = await Promise.allSettled(Array.from({ length: 6 }, () => store.append(fresh, [json('Created')], 'no_stream')));
      expect(creations.filter((o) => o.status === 'fulfilled')).to.have.length(1);
      expect(creations.every((o) => o.status === 'fulfilled' || o.reason instanceof WrongExpectedRevisionError)).to.equal(true);
    });

    it("never fails racing 'any' appends: every event lands with its own revision", async () => {
      const stream = freshStream();
      await Promise.all(Array.from({ length: 10 }, (_, i) => store.append(stream, [json('Any', { i }), json('Any', { i })], 'any')));
      const events = await store.read(stream);
      expect(events.map((e) => e.revision)).to.deep.equal(Array.from({ length: 20 }, (_, i) => BigInt(i)));
    });

    it('reads the whole log in pages after a position, and reports the head', async () => {
      const before = await store.headPosition();
      const stream = freshStream();
      const appended = await store.append(stream, [1, 2, 3, 4, 5].map((n) => json('Paged', { n })), 'no_stream');
      expect(await store.headPosition()).to.equal(appended.position);
      const ours = (events: RecordedEvent[]) => events.filter((e) => e.streamName === stream);
      const firstPage = await store.readAll(before, 2);
      expect(firstPage).to.have.length(2);
      expect(firstPage.every((e) => e.position > before)).to.equal(true);
      const rest = await store.readAll(firstPage[1]!.position, 100);
      expect(ours([...firstPage, ...rest]).map((e) => e.data)).to.deep.equal([1, 2, 3, 4, 5].map((n) => ({ n })));
      expect(rest.every((e) => e.position > firstPage[1]!.position)).to.equal(true);
      expect(await store.readAll(appended.position, 10)).to.satisfy((page: RecordedEvent[]) => ours(page).length === 0);
    });

    it('subscribes from a position: catches up (exclusive of it), then delivers live events', async () => {
      const stream = freshStream();
      const first = await store.append(stream, [json('Old', { n: 0 })], 'no_stream');
      await store.append(stream, [json('Caught', { n: 1 }), json('Caught', { n: 2 })], 0n);
      const subscription = store.subscribeToAll(first.position);
      try {
        const ours = (seen: RecordedEvent[]) => seen.filter((e) => e.streamName === stream);
        const caughtUp = await collect(subscription, (seen) => ours(seen).length >= 2, 10_000);
        expect(ours(caughtUp).map((e) => e.data)).to.deep.equal([{ n: 1 }, { n: 2 }]);
        await store.append(stream, [json('Live', { n: 3 })], 2n);
        const live = await collect(subscription, (seen) => ours(seen).length >= 1, 10_000);
        expect(ours(live).map((e) => [e.type, e.revision])).to.deep.equal([['Live', 3n]]);
        expect(live[0]!.position > caughtUp[caughtUp.length - 1]!.position).to.equal(true);
      } finally {
        await subscription.close();
        await subscription.close();
      }
    });

    it('delivers every event of many concurrent appenders exactly once, in increasing position order', async function () {
      this.timeout(30_000);
      const from = await store.headPosition();
      const subscription = store.subscribeToAll(from);
      const prefix = `conc${randomUUID().slice(0, 8)}`;
      const written = new Set<string>();
      try {
        const total = 8 * 400 + 1 + (harness.slowCommitter ? 1 : 0);
        const collecting = collect(subscription, (seen) => seen.filter((e) => e.streamName.startsWith(prefix)).length >= total, 25_000);
        // Appender k writes 400 events over 5 streams in batches of 1..4 events, with exact revisions
        // on its own streams and 'any' on two streams all appenders share.
        const appenders = Array.from({ length: 8 }, async (_, k) => {
          const revisions = new Map<string, bigint>();
          let left = 400;
          for (let i = 0; left > 0; i += 1) {
            const size = Math.min(left, 1 + ((i + k) % 4));
            const shared = i % 3 === 0;
            const stream = shared ? `${prefix}-shared${i % 2}` : `${prefix}-a${k}-${i % 3}`;
            const batch = Array.from({ length: size }, () => json('Concurrent', { k, i }, { id: randomUUID() }));
            const expected = shared ? 'any' : (revisions.get(stream) ?? 'no_stream');
            const result = await store.append(stream, batch, expected);
            if (!shared) revisions.set(stream, result.nextExpectedRevision);
            for (const e of batch) written.add(e.id!);
            left -= size;
          }
        });
        const slow = harness.slowCommitter;
        let slowPosition = -1n;
        const passedTheSlowOne: bigint[] = [];
        const probeId = randomUUID();
        written.add(probeId);
        if (slow) {
          // One append draws its position, then sleeps inside its transaction while others commit.
          const held = slow.holdNextCommit(1.5);
          const slowId = randomUUID();
          written.add(slowId);
          const slowAppend = slow.store.append(`${prefix}-slow`, [json('Slow', {}, { id: slowId })], 'no_stream');
          await held;
          passedTheSlowOne.push((await store.append(`${prefix}-probe`, [json('Probe', {}, { id: probeId })], 'any')).position);
          slowPosition = (await slowAppend).position;
        } else {
          await store.append(`${prefix}-probe`, [json('Probe', {}, { id: probeId })], 'any');
        }
        await Promise.all(appenders);
        const delivered = (await collecting).filter((e) => e.streamName.startsWith(prefix));

        if (slow) expect(passedTheSlowOne.some((p) => p > slowPosition), 'a later position committed first').to.equal(true);
        expect(written.size).to.equal(total);
        expect(delivered).to.have.length(total);
        expect(new Set(delivered.map((e) => e.id))).to.deep.equal(written);
        for (let i = 1; i < delivered.length; i += 1) {
          expect(delivered[i]!.position > delivered[i - 1]!.position, `position order at ${i}`).to.equal(true);
        }
      } finally {
        await subscription.close();
      }
    });

    it('lets readAll wait for an append that drew a lower position but commits later', async function () {
      const slow = harness.slowCommitter;
      if (!slow) this.skip();
      const from = await store.headPosition();
      const held = slow.holdNextCommit(0.8);
      const [lateStream, earlyStream] = [freshStream('late'), freshStream('early')];
      const slowAppend = slow.store.append(lateStream, [json('Late')], 'any');
      await held;
      const early = await store.append(earlyStream, [json('Early')], 'any');
      const page = await store.readAll(from, 1000);
      const late = await slowAppend;
      expect(late.position < early.position).to.equal(true);
      expect(page.filter((e) => e.streamName === lateStream || e.streamName === earlyStream).map((e) => e.position))
        .to.deep.equal([late.position, early.position]);
    });

    it('surfaces connection failures as ordinary errors, never as conflicts', async function () {
      const outage = harness.outage;
      if (!outage) this.skip();
      const stream = freshStream();
      await outage.store.append(stream, [json('Before')], 'no_stream');
      outage.goDown();
      const err: unknown = await outage.store.append(stream, [json('During')], 0n).then(() => null, (e: unknown) => e);
      expect(err).to.be.instanceOf(Error);
      expect(err).not.to.be.instanceOf(WrongExpectedRevisionError);
      const pingErr: unknown = await outage.store.ping().then(() => null, (e: unknown) => e);
      expect(pingErr).to.be.instanceOf(Error);
      expect((await store.read(stream)).map((e) => e.type)).to.deep.equal(['Before']);
    });
  });
}

describe('PostgresEventStore.create', () => {
  it('creates its table once when several processes start at the same moment', async () => {
    const db = await createTestDatabase('hz_es_create');
    const pools = Array.from({ length: 6 }, () => quiet(new pg.Pool({ connectionString: withDefaultUser(db.url), max: 1 })));
    try {
      const stores = await Promise.all(pools.map((pool) => PostgresEventStore.create(pool)));
      const stream = freshStream();
      await stores[0]!.append(stream, [json('Created')], 'no_stream');
      expect((await stores[5]!.read(stream)).map((e) => e.type)).to.deep.equal(['Created']);
      await Promise.all(stores.map((s) => s.close()));
    } finally {
      await Promise.all(pools.map((p) => p.end()));
      await db.drop();
    }
  });
});

/** An idle client dropped by the server (the database is dropped WITH (FORCE) at the end) must not crash the run. */
function quiet(pool: pg.Pool): pg.Pool {
  pool.on('error', () => {});
  return pool;
}

async function openPostgres(): Promise<Harness> {
  const db: TestDatabase = await createTestDatabase('hz_es_contract');
  const store = await createEventStore({ kind: 'postgres', pool: db.pool });
  const slowPool = quiet(new pg.Pool({ connectionString: withDefaultUser(db.url), max: 2 }));
  const commitGate = { seconds: 0, reached: null as (() => void) | null };
  const slowStore = await createEventStore({ kind: 'postgres', pool: delayingCommits(slowPool, commitGate) });
  const livePool = quiet(new pg.Pool({ connectionString: withDefaultUser(db.url), max: 2 }));
  const deadPool = quiet(new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/none', max: 1, connectionTimeoutMillis: 1_000 }));
  const switchable = { target: livePool };
  const outageStore = await createEventStore({ kind: 'postgres', pool: redirected(switchable) });
  return {
    store,
    slowCommitter: {
      store: slowStore,
      holdNextCommit(seconds) {
        commitGate.seconds = seconds;
        return new Promise<void>((resolve) => { commitGate.reached = resolve; });
      },
    },
    outage: { store: outageStore, goDown: () => { switchable.target = deadPool; } },
    async teardown() {
      await Promise.all([store.close(), slowStore.close(), outageStore.close()]);
      await Promise.all([slowPool.end(), livePool.end(), deadPool.end()]);
      await db.drop();
    },
  };
}
