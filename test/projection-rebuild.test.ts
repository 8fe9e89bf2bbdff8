/**
 * Every read model (projections/index.ts) three ways over one log: applied event by event through `apply`
 * (the reference), rebuilt from position 0 in one transaction, and applied live in small batches through
 * `applyMany`. All three must leave the same rows. The log mixes what the service writes through the
 * deciders with what only a log written behind them holds (a request id reserved again, a stray settlement),
 * and a batch is handed over a second time, so the guards of the batched statements are met too.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { accountDecider, type AccountCommand } from '../domain/account.js';
import { apiKeyDecider, generateKeySecret, hashKey, type ApiKeyCommand } from '../domain/apikey.js';
import { streams } from '../domain/events.js';
import { idempotencyDecider, type IdempotencyCommand } from '../domain/idempotency.js';
import { handleCommand } from '../infra/command-handler.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { allProjections } from '../projections/index.js';
import type { Projection } from '../projections/projection.js';
import { ProjectionRunner } from '../projections/runner.js';
import { createTestDatabase, type TestDatabase } from './support/db.js';

const TABLES = ['accounts', 'api_keys', 'balances', 'usage_daily', 'idempotency_keys', 'usage_history'];
const at = (day: number, minute: number) => new Date(Date.UTC(2024, 4, day, 8, minute)).toISOString();

/** The projection without `applyMany`: the runner then applies each event through `apply`. */
function oneByOne(projection: Projection): Projection {
  const { applyMany: _batched, ...rest } = projection;
  return { ...rest, apply: projection.apply.bind(projection), setup: projection.setup.bind(projection) };
}

describe('projection rebuild', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let store: PostgresEventStore;

  const account = (id: string, command: AccountCommand) => handleCommand(store, streams.account(id), accountDecider, command);
  const key = (id: string, command: ApiKeyCommand) => handleCommand(store, streams.apiKey(id), apiKeyDecider, command);
  const idem = (k: string, command: IdempotencyCommand) => handleCommand(store, streams.idempotency(k), idempotencyDecider, command);

  async function readModels(): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const table of TABLES) {
      out[table] = (await db.pool.query<{ r: string }>(`SELECT row_to_json(t)::text AS r FROM ${table} t ORDER BY 1`)).rows.map((row) => row.r);
    }
    return out;
  }

  /** Empties the read models and moves every checkpoint back to the start, outside any runner. */
  async function reset(): Promise<void> {
    for (const table of TABLES) await db.pool.query(`DELETE FROM ${table}`);
    await db.pool.query('UPDATE projection_checkpoints SET position = -1');
  }

  before(async () => {
    db = await createTestDatabase('hz_rebuild');
    store = await PostgresEventStore.create(db.pool, { pollIntervalMs: 50 });
  });
  after(async () => {
    await store?.close();
    await db?.drop();
  });

  async function writeLog(): Promise<void> {
    const accounts = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of accounts.entries()) {
      await account(id, { type: 'OpenAccount', data: { accountId: id, email: `a${i}@example.com`, planKey: 'api_growth', now: at(1, i) } });
    }
    const keyIds = accounts.map(() => randomUUID());
    for (const [i, id] of keyIds.entries()) {
      await key(id, { type: 'IssueKey', data: {
        keyId: id, accountId: accounts[i]!, name: 'k', hash: hashKey(generateKeySecret(Buffer.alloc(32, i))), scopes: ['humanize', 'detect'],
        allowIps: [], rotatedFrom: null, now: at(1, 10 + i),
      } });
    }
    let request = 0;
    for (let day = 2; day <= 4; day++) {
      for (let minute = 0; minute < 12; minute++) {
        const id = accounts[minute % accounts.length]!;
        const requestId = `r${++request}`;
        await account(id, { type: 'ReserveWords', data: { requestId, keyId: keyIds[minute % 3]!, endpoint: minute % 2 ? 'humanize' : 'detect', inputWords: 10 + minute, multiplier: 1 + (minute % 3), now: at(day, minute) } });
        if (minute % 5 === 4) continue; // left open
        if (minute % 4 === 3) await account(id, { type: 'RefundWords', data: { requestId, code: minute % 8 === 3 ? 'IDEMPOTENCY_DUPLICATE' : 'AI_GENERATION_FAILED', latencyMs: 30, now: at(day, minute + 1) } });
        else await account(id, { type: 'ChargeWords', data: { requestId, outputWords: 5 + minute, latencyMs: 100 + minute, now: at(day + (minute === 11 ? 1 : 0), minute + 1) } });
      }
      await account(accounts[0]!, { type: 'TopUp', data: { words: 1000 + day, now: at(day, 30) } });
    }
    await account(accounts[1]!, { type: 'Suspend', data: { reason: 'risk', now: at(5, 0) } });
    await account(accounts[1]!, { type: 'Reinstate', data: { now: at(5, 1) } });
    await account(accounts[2]!, { type: 'Cancel', data: { now: at(5, 2) } });
    await key(keyIds[2]!, { type: 'RevokeKey', data: { now: at(5, 3) } });
    const successor = randomUUID();
    await key(successor, { type: 'IssueKey', data: {
      keyId: successor, accountId: accounts[0]!, name: 'k2', hash: hashKey(generateKeySecret(Buffer.alloc(32, 9))), scopes: ['detect'],
      allowIps: ['10.0.0.0/8'], rotatedFrom: keyIds[0]!, now: at(5, 4),
    } });
    await key(keyIds[0]!, { type: 'RotateKey', data: { newKeyId: successor, graceSeconds: 60, now: at(5, 5) } });
    await key(keyIds[1]!, { type: 'RevokeKey', data: { now: at(5, 6) } });

    // Idempotency keys: stored; released as reusable then claimed again and stored; released for good then claimed again.
    const claim = (k: string, minute: number): IdempotencyCommand => ({ type: 'Claim', data: { key: k, accountId: accounts[0]!, keyId: keyIds[0]!, endpoint: 'detect', now: at(6, minute), ttlSeconds: 86_400 } });
    const [stored, reusable, final] = ['stored', 'reusable', 'final'].map((label) => `${label}-${randomUUID()}`) as [string, string, string];
    await idem(stored, claim(stored, 0));
    await idem(stored, { type: 'StoreResult', data: { key: stored, status: 200, body: { ok: true }, now: at(6, 1) } });
    await idem(reusable, claim(reusable, 2));
    await idem(reusable, { type: 'Release', data: { key: reusable, code: 'RATE_LIMITED', reusable: true, now: at(6, 3) } });
    await idem(reusable, claim(reusable, 4));
    await idem(reusable, { type: 'StoreResult', data: { key: reusable, status: 200, body: { ok: 1 }, now: at(6, 5) } });
    await idem(final, claim(final, 6));
    await idem(final, { type: 'Release', data: { key: final, code: 'AI_GENERATION_FAILED', now: at(6, 7) } });

    // Behind the deciders: a second claim of a key released for good, a result after the release, a request id reserved
    // again after it settled, and its second settlement (in a stream without AccountOpened, which balances ignores).
    await store.append(streams.idempotency(final), [
      { type: 'IdempotencyKeyClaimed', data: { key: final, accountId: accounts[1], keyId: keyIds[1], endpoint: 'humanize', at: at(6, 8) } },
      { type: 'IdempotentResultStored', data: { key: final, status: 200, body: {}, at: at(6, 9) } },
    ], 'any');
    const stray = `stray-${randomUUID()}`;
    const reserved = (n: number) => ({ type: 'WordsReserved', data: { accountId: stray, requestId: 'dup', keyId: 'k', endpoint: 'detect', words: n, inputWords: n, multiplier: 1, fromMonthly: n, fromTopUp: 0, periodStart: at(1, 0), at: at(7, n) } });
    const charged = (n: number) => ({ type: 'WordsCharged', data: { accountId: stray, requestId: 'dup', keyId: 'k', endpoint: 'detect', words: n, inputWords: n, outputWords: 1, latencyMs: 9, at: at(7, n + 1) } });
    await store.append(`account-${stray}`, [reserved(3), charged(3), reserved(5), charged(5)], 'any');
    await store.append(`account-${stray}`, [reserved(7), charged(7)], 'any');
  }

  it('rebuilds every read model to the rows that applying the log event by event leaves, and so do live batches', async () => {
    await writeLog();
    const head = await store.headPosition();

    const reference = new ProjectionRunner({ pool: db.pool, store, projections: allProjections().map(oneByOne), batchSize: 1 });
    await reference.catchUpTo(head);
    const expected = await readModels();
    expect(expected.usage_history!.length).to.be.greaterThan(30);
    expect(expected.idempotency_keys!.length).to.equal(3);
    expect(expected.usage_daily!.length).to.be.greaterThan(6);

    // Damage every read model, so only a real replay can restore them.
    for (const table of TABLES) await db.pool.query(`DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} LIMIT 1)`);
    const rebuilt = await new ProjectionRunner({ pool: db.pool, store, projections: allProjections() }).rebuild();
    expect(rebuilt.events).to.equal((await store.readAll(null, 100_000)).length);
    expect(await readModels()).to.deep.equal(expected);

    // Live batches of 5 (reservations and their settlements in different batches), each handed over twice.
    await reset();
    const live = new ProjectionRunner({ pool: db.pool, store, projections: allProjections(), batchSize: 5 });
    const projections = allProjections();
    let cursor = -1n;
    for (;;) {
      const page = await store.readAll(cursor, 5);
      if (page.length === 0) break;
      await live.catchUpTo(page.at(-1)!.position);
      // The same batch once more, straight to applyMany: every guard must make it change nothing.
      const client = await db.pool.connect();
      try {
        await client.query('BEGIN');
        for (const p of projections) await p.applyMany?.(page, client);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      cursor = page.at(-1)!.position;
    }
    expect(await readModels()).to.deep.equal(expected);
  });
});
