/**
 * The usage, balances and idempotency-key read models over a real PostgreSQL event store, fed by the
 * projection runner; events are appended through the deciders, exactly as the service writes them.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { accountDecider, balanceOf, type AccountCommand } from '../domain/account.js';
import { streams } from '../domain/events.js';
import { idempotencyDecider, type IdempotencyCommand } from '../domain/idempotency.js';
import { handleCommand, loadStream } from '../infra/command-handler.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { createBalancesProjection, findBalance } from '../projections/balances.js';
import { findIdempotencyKey, idempotencyKeyCounts, idempotencyKeysProjection } from '../projections/idempotency.js';
import { ProjectionRunner } from '../projections/runner.js';
import { usageProjection, usageStats } from '../projections/usage.js';
import { createSchemaRegistry } from '../schemas/index.js';
import { createTestDatabase, type TestDatabase } from './support/db.js';

const DAY1 = '2024-05-01';
const DAY2 = '2024-05-02';
const at = (day: string, time = '12:00:00') => `${day}T${time}.000Z`;
const projections = [createBalancesProjection(), usageProjection, idempotencyKeysProjection];
const TABLES = { balances: 'account_id', usage_daily: 'account_id, date', idempotency_keys: 'key' } as const;

describe('usage, balances and idempotency-key projections', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  const run = (accountId: string, command: AccountCommand) => handleCommand(store, streams.account(accountId), accountDecider, command);
  const idem = (key: string, command: IdempotencyCommand) => handleCommand(store, streams.idempotency(key), idempotencyDecider, command);
  const open = async (now = at(DAY1, '08:00:00')) => {
    const accountId = randomUUID();
    await run(accountId, { type: 'OpenAccount', data: { accountId, email: null, planKey: 'api_growth', now } });
    return accountId;
  };
  const reserve = (accountId: string, requestId: string, inputWords: number, now: string, multiplier = 1) =>
    run(accountId, { type: 'ReserveWords', data: { requestId, keyId: 'key-a', endpoint: 'humanize', inputWords, multiplier, now } });
  const charge = (accountId: string, requestId: string, outputWords: number, latencyMs: number, now: string) =>
    run(accountId, { type: 'ChargeWords', data: { requestId, outputWords, latencyMs, now } });
  const refund = (accountId: string, requestId: string, code: string, latencyMs: number, now: string) =>
    run(accountId, { type: 'RefundWords', data: { requestId, code, latencyMs, now } });
  const catchUp = async () => runner.catchUpTo(await store.headPosition());
  const dump = async (table: keyof typeof TABLES) => (await db.pool.query(`SELECT * FROM ${table} ORDER BY ${TABLES[table]}`)).rows;

  /** Day 1: one charge, one failure. Day 2: one charge, one duplicate refund, one request still open. */
  async function busyAccount(): Promise<string> {
    const id = await open();
    await reserve(id, 'r1', 40, at(DAY1, '09:00:00'));
    await charge(id, 'r1', 42, 100, at(DAY1, '09:00:01'));
    await reserve(id, 'r2', 25, at(DAY1, '10:00:00'), 2);
    await refund(id, 'r2', 'AI_GENERATION_FAILED', 50, at(DAY1, '10:00:02'));
    await reserve(id, 'r3', 30, at(DAY1, '23:59:59'), 3);
    await charge(id, 'r3', 35, 301, at(DAY2, '00:00:01'));
    await reserve(id, 'r4', 20, at(DAY2, '11:00:00'));
    await refund(id, 'r4', 'IDEMPOTENCY_DUPLICATE', 5, at(DAY2, '11:00:01'));
    await reserve(id, 'r5', 20, at(DAY2, '12:00:00'));
    return id;
  }

  before(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.create(db.pool, { pollIntervalMs: 50 });
    runner = new ProjectionRunner({ pool: db.pool, store, projections, batchSize: 7 });
  });
  after(async () => {
    await runner?.stop();
    await store?.close();
    await db?.drop();
  });

  it('counts requests per UTC day of the settlement, charged words, errors and latency', async () => {
    const id = await busyAccount();
    await catchUp();
    const { rows } = await db.pool.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date, requests, words_charged::int, errors, input_words::int, output_words::int,
              latency_ms_total::int FROM usage_daily WHERE account_id = $1 ORDER BY date`, [id],
    );
    expect(rows).to.deep.equal([
      // r1 charged (40 words), r2 refunded (an error; no words charged).
      { date: DAY1, requests: 2, words_charged: 40, errors: 1, input_words: 40, output_words: 42, latency_ms_total: 150 },
      // r3 settled after midnight (90 words: 30 × 3); r4's duplicate refund and open r5 are not requests yet.
      { date: DAY2, requests: 1, words_charged: 90, errors: 0, input_words: 30, output_words: 35, latency_ms_total: 301 },
    ]);
  });

  it('answers usage statistics in the spec shape: a summary and one item per day, oldest first', async () => {
    const id = await busyAccount();
    await catchUp();
    const stats = await usageStats(db.pool, id, { days: 3, now: new Date(at(DAY2, '18:00:00')) });
    expect(stats.daily).to.deep.equal([
      { date: '2024-04-30', requests: 0, words_charged: 0, errors: 0 },
      { date: DAY1, requests: 2, words_charged: 40, errors: 1 },
      { date: DAY2, requests: 1, words_charged: 90, errors: 0 },
    ]);
    expect(stats.summary).to.deep.equal({
      total_requests: 3, total_words_charged: 130, total_input_words: 70, total_output_words: 77,
      avg_latency_ms: Math.round(451 / 3), error_count: 1, success_rate: 66.67,
    });
    const oneDay = await usageStats(db.pool, id, { days: 1, now: new Date(at(DAY2)) });
    expect(oneDay.summary).to.include({ total_requests: 1, success_rate: 100, error_count: 0 });
    // The whole Usage document is checked against its schema with these statistics in it.
    const schemas = createSchemaRegistry();
    const document = {
      plan: { key: 'api_growth', slug: 'growth', name: 'Growth', words_per_month: 1, max_words_per_request: 1, requests_per_minute: 1, allowed_modes: [], streaming_enabled: true, detection_enabled: true },
      usage: { words_used: 0, words_remaining: 0, words_limit: 0, topup_words_remaining: 0, requests_this_period: 0, period_end: at(DAY2) },
      stats,
      key: { id: randomUUID(), name: 'k', scopes: ['humanize'] },
    };
    expect(schemas.validateResponse('usage', document)).to.equal(null);
  });

  it('reports 100% success and zero latency for an account without requests', async () => {
    const id = await open();
    await catchUp();
    const stats = await usageStats(db.pool, id, { days: 30 });
    expect(stats.daily).to.have.length(30);
    expect(stats.daily.every((d) => d.requests === 0)).to.equal(true);
    expect(stats.summary).to.deep.equal({
      total_requests: 0, total_words_charged: 0, total_input_words: 0, total_output_words: 0, avg_latency_ms: 0, error_count: 0, success_rate: 100,
    });
  });

  it('keeps a balances row equal to balanceOf the folded stream, top-ups, adjustments and renewals included', async () => {
    const id = randomUUID();
    await run(id, { type: 'OpenAccount', data: { accountId: id, email: null, planKey: 'api_growth', now: at(DAY1, '00:00:00'), periodDays: 1 } });
    await run(id, { type: 'TopUp', data: { words: 500, now: at(DAY1, '01:00:00') } });
    await reserve(id, 'a', 999_900, at(DAY1, '02:00:00'));
    await reserve(id, 'b', 300, at(DAY1, '03:00:00'));
    await run(id, { type: 'AdjustBalance', data: { words: -50, reason: 'correction', now: at(DAY1, '04:00:00') } });
    // Renewed before this reservation; refunding 'b' later gives back only its top-up part.
    await reserve(id, 'c', 10, at(DAY2, '01:00:00'));
    await refund(id, 'b', 'CLIENT_CANCELLED', 10, at(DAY2, '01:00:01'));
    await charge(id, 'a', 10, 10, at(DAY2, '01:00:02'));
    await catchUp();
    const { state } = await loadStream(store, streams.account(id), accountDecider);
    const expected = balanceOf(state);
    const row = await findBalance(db.pool, id);
    expect(row).to.not.equal(null);
    expect({
      monthlyRemaining: row!.monthlyRemaining, topUpRemaining: row!.topUpRemaining, wordsUsed: row!.wordsUsed, wordsLimit: row!.wordsLimit,
      requestsThisPeriod: row!.requestsThisPeriod, periodStart: row!.periodStart?.toISOString(), periodEnd: row!.periodEnd?.toISOString(),
    }).to.deep.equal({
      monthlyRemaining: expected.monthlyRemaining, topUpRemaining: expected.topUpRemaining, wordsUsed: expected.wordsUsed,
      wordsLimit: expected.wordsLimit, requestsThisPeriod: expected.requestsThisPeriod, periodStart: expected.periodStart, periodEnd: expected.periodEnd,
    });
    expect(row!.openReservations).to.equal(1);
    // 500 bought; 'b' took 200 of it and the adjustment 50; the refund of 'b' gave its 200 back.
    expect(expected.topUpRemaining).to.equal(500 - 200 - 50 + 200);
  });

  it('keeps the balances row right when a rolled-back batch or another runner moved on without this one', async () => {
    const id = await open();
    const mine = createBalancesProjection();
    const other = new ProjectionRunner({ pool: db.pool, store, projections: [createBalancesProjection()] });
    const alone = new ProjectionRunner({ pool: db.pool, store, projections: [mine] });
    const expectRowEqualsFold = async () => {
      const { state } = await loadStream(store, streams.account(id), accountDecider);
      const row = await findBalance(db.pool, id);
      expect({ m: row?.monthlyRemaining, u: row?.wordsUsed, r: row?.requestsThisPeriod, o: row?.openReservations }).to.deep.equal({
        m: balanceOf(state).monthlyRemaining, u: balanceOf(state).wordsUsed, r: balanceOf(state).requestsThisPeriod,
        o: state.status === 'open' ? state.ledger.open.size : -1,
      });
    };
    await reserve(id, 'x1', 10, at(DAY1, '09:00:00'));
    await alone.catchUpTo(await store.headPosition());
    // This instance applies the next event in a batch that rolls back: what it remembers never committed.
    await reserve(id, 'x2', 20, at(DAY1, '09:01:00'));
    const [x2] = (await store.read(streams.account(id))).slice(-1);
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await mine.apply(x2!, client);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    // Another runner applies it (and one more) for real; then this instance takes the next event.
    await refund(id, 'x1', 'CLIENT_CANCELLED', 1, at(DAY1, '09:02:00'));
    await other.catchUpTo(await store.headPosition());
    await charge(id, 'x2', 5, 1, at(DAY1, '09:03:00'));
    await alone.catchUpTo(await store.headPosition());
    await expectRowEqualsFold();
  });

  it('tracks idempotency keys from claim to stored or released', async () => {
    const accountId = randomUUID();
    const [stored, released, pending] = [randomUUID(), randomUUID(), randomUUID()];
    for (const key of [stored, released, pending]) {
      await idem(key, { type: 'Claim', data: { key, accountId, keyId: 'key-a', endpoint: 'detect', now: at(DAY1), ttlSeconds: 86_400 } });
    }
    await idem(stored, { type: 'StoreResult', data: { key: stored, status: 200, body: { ok: true }, now: at(DAY1, '12:00:05') } });
    await idem(released, { type: 'Release', data: { key: released, code: 'AI_UNAVAILABLE', now: at(DAY1, '12:00:06') } });
    // Refused before any work: the key is free again, and the next claim (another API key) takes it.
    const reused = randomUUID();
    await idem(reused, { type: 'Claim', data: { key: reused, accountId, keyId: 'key-a', endpoint: 'detect', now: at(DAY1), ttlSeconds: 86_400 } });
    await idem(reused, { type: 'Release', data: { key: reused, code: 'INSUFFICIENT_WORDS', now: at(DAY1, '12:00:01'), reusable: true } });
    await catchUp();
    expect(await findIdempotencyKey(db.pool, reused)).to.deep.include({ status: 'released', reusable: true, releaseCode: 'INSUFFICIENT_WORDS' });
    await idem(reused, { type: 'Claim', data: { key: reused, accountId, keyId: 'key-b', endpoint: 'humanize', now: at(DAY1, '12:00:02'), ttlSeconds: 86_400 } });
    await catchUp();
    expect(await findIdempotencyKey(db.pool, reused)).to.deep.include({
      status: 'claimed', keyId: 'key-b', endpoint: 'humanize', reusable: false, releaseCode: null, claimedAt: new Date(at(DAY1, '12:00:02')),
    });
    expect(await findIdempotencyKey(db.pool, stored)).to.deep.include({
      accountId, keyId: 'key-a', endpoint: 'detect', status: 'stored', resultStatus: 200, storedAt: new Date(at(DAY1, '12:00:05')),
    });
    expect(await findIdempotencyKey(db.pool, released)).to.deep.include({ status: 'released', releaseCode: 'AI_UNAVAILABLE', storedAt: null });
    expect(await findIdempotencyKey(db.pool, pending)).to.deep.include({ status: 'claimed', claimedAt: new Date(at(DAY1)) });
    expect(await idempotencyKeyCounts(db.pool, accountId, new Date(at(DAY1, '00:00:00')))).to.deep.equal({ claimed: 2, stored: 1, released: 1 });
  });

  it('changes nothing when every event is applied a second time', async () => {
    await busyAccount();
    await catchUp();
    const before = { b: await dump('balances'), u: await dump('usage_daily'), i: await dump('idempotency_keys') };
    const events = await store.readAll(null, 100_000);
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      for (const event of events) for (const projection of projections) await projection.apply(event, client);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect({ b: await dump('balances'), u: await dump('usage_daily'), i: await dump('idempotency_keys') }).to.deep.equal(before);
  });

  it('rebuilds from position 0 to the same rows as the live runner', async () => {
    await runner.start();
    const id = await busyAccount();
    await refund(id, 'r5', 'CLIENT_CANCELLED', 7, at(DAY2, '12:00:09'));
    const key = randomUUID();
    await idem(key, { type: 'Claim', data: { key, accountId: id, keyId: 'key-a', endpoint: 'humanize', now: at(DAY2), ttlSeconds: 60 } });
    const head = await store.headPosition();
    for (let i = 0; i < 500; i++) {
      const lag = await runner.lag();
      if (lag.every((l) => l.position >= head)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await runner.stop();
    const live = { b: await dump('balances'), u: await dump('usage_daily'), i: await dump('idempotency_keys') };
    expect(live.b.find((r) => r.account_id === id)).to.include({ open_reservations: 0 });
    const result = await runner.rebuild(projections.map((p) => p.name));
    expect(result.rebuilt).to.deep.equal(['balances', 'usage', 'idempotency_keys']);
    expect(result.events).to.equal((await store.readAll(null, 100_000)).length);
    expect({ b: await dump('balances'), u: await dump('usage_daily'), i: await dump('idempotency_keys') }).to.deep.equal(live);
  });
});
