/**
 * The usage_history read model over a real PostgreSQL event store: built from ledger events appended
 * through the decider, idempotent, rebuilt identically, and checked by `ledger audit`, which names every
 * kind of damage done to it behind the projection's back.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { accountDecider, type AccountCommand } from '../domain/account.js';
import { streams } from '../domain/events.js';
import { handleCommand } from '../infra/command-handler.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { allProjections } from '../projections/index.js';
import { ProjectionRunner } from '../projections/runner.js';
import { historyPage, usageHistoryProjection } from '../projections/usage-history.js';
import { auditLedger, type LedgerAuditReport } from '../bin/ledger-audit.js';
import { createTestDatabase, type TestDatabase } from './support/db.js';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 12, minute)).toISOString();

describe('usage history projection', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  const run = (accountId: string, command: AccountCommand) => handleCommand(store, streams.account(accountId), accountDecider, command);
  const catchUp = async () => runner.catchUpTo(await store.headPosition());
  const audit = (accountId: string | null): Promise<LedgerAuditReport> => auditLedger(store, db.pool, accountId, { now: new Date(at(30)) });
  const rules = (findings: { account_id: string; rule: string }[]) => findings.map((f) => `${f.account_id} ${f.rule}`);

  /** An account with a charged humanize (3x), a refunded detect and an open reservation. */
  async function account(): Promise<string> {
    const id = randomUUID();
    await run(id, { type: 'OpenAccount', data: { accountId: id, email: null, planKey: 'api_growth', now: at(0) } });
    await run(id, { type: 'ReserveWords', data: { requestId: `${id}-h`, keyId: 'key-1', endpoint: 'humanize', inputWords: 40, multiplier: 3, now: at(1) } });
    await run(id, { type: 'ChargeWords', data: { requestId: `${id}-h`, outputWords: 44, latencyMs: 90, now: at(2) } });
    await run(id, { type: 'ReserveWords', data: { requestId: `${id}-d`, keyId: 'key-2', endpoint: 'detect', inputWords: 25, multiplier: 1, now: at(3) } });
    await run(id, { type: 'RefundWords', data: { requestId: `${id}-d`, code: 'DETECTION_FAILED', latencyMs: 12, now: at(4) } });
    await run(id, { type: 'ReserveWords', data: { requestId: `${id}-o`, keyId: 'key-1', endpoint: 'humanize', inputWords: 30, multiplier: 1, now: at(5) } });
    return id;
  }

  before(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.create(db.pool);
    runner = new ProjectionRunner({ pool: db.pool, store, projections: allProjections() });
  });
  after(async () => {
    await store?.close();
    await db?.drop();
  });

  it('lists each reservation with how it settled, newest first, and passes the audit', async () => {
    const id = await account();
    await catchUp();
    const page = await historyPage(db.pool, { accountId: id, limit: 10 });
    expect(page.hasMore).to.equal(false);
    expect(page.items).to.deep.equal([
      {
        request_id: `${id}-o`, endpoint: 'humanize', key_id: 'key-1', status: 'reserved', input_words: 30, multiplier: 1,
        words_reserved: 30, words_charged: 0, words_refunded: 0, created_at: at(5), settled_at: null,
      },
      {
        request_id: `${id}-d`, endpoint: 'detect', key_id: 'key-2', status: 'refunded', input_words: 25, multiplier: 1,
        words_reserved: 25, words_charged: 0, words_refunded: 25, refund_code: 'DETECTION_FAILED', created_at: at(3), settled_at: at(4),
      },
      {
        request_id: `${id}-h`, endpoint: 'humanize', key_id: 'key-1', status: 'charged', input_words: 40, multiplier: 3,
        words_reserved: 120, words_charged: 120, words_refunded: 0, created_at: at(1), settled_at: at(2),
      },
    ]);
    const report = await audit(id);
    expect(report.violations).to.deep.equal([]);
    expect(report.warnings.map((w) => w.rule)).to.deep.equal([]);
  });

  it('applies an event once even when it is handed over again', async () => {
    const id = await account();
    await catchUp();
    const events = await store.read(streams.account(id));
    const client = await db.pool.connect();
    try {
      for (const event of events) await usageHistoryProjection.apply(event, client);
    } finally {
      client.release();
    }
    const { rows } = await db.pool.query('SELECT status, words_charged, words_refunded FROM usage_history WHERE account_id = $1 ORDER BY request_id', [id]);
    expect(rows).to.deep.equal([
      { status: 'refunded', words_charged: 0, words_refunded: 25 },
      { status: 'charged', words_charged: 120, words_refunded: 0 },
      { status: 'reserved', words_charged: 0, words_refunded: 0 },
    ]);
  });

  it('rebuilds the same rows from the log', async () => {
    await account();
    await catchUp();
    const dump = async () => (await db.pool.query('SELECT * FROM usage_history ORDER BY account_id, request_id')).rows;
    const before = await dump();
    const result = await runner.rebuild(['usage_history']);
    expect(result.rebuilt).to.deep.equal(['usage_history']);
    expect(await dump()).to.deep.equal(before);
  });

  it('is reported by the audit when a row was changed, removed or invented behind the projection', async () => {
    const changed = await account();
    const removed = await account();
    const invented = await account();
    await catchUp();
    await db.pool.query(`UPDATE usage_history SET words_charged = words_charged - 1 WHERE request_id = $1`, [`${changed}-h`]);
    await db.pool.query(`DELETE FROM usage_history WHERE request_id = $1`, [`${removed}-d`]);
    await db.pool.query(
      `INSERT INTO usage_history SELECT account_id, 'made-up', endpoint, key_id, status, input_words, multiplier, words_reserved,
         words_charged, words_refunded, refund_code, created_at, settled_at, reserved_position, last_position
       FROM usage_history WHERE request_id = $1`, [`${invented}-h`],
    );
    const c = await audit(changed);
    expect(rules(c.violations)).to.deep.equal([`${changed} history_mismatch`]);
    expect(c.violations[0]!.detail).to.contain('words_charged 119 (row) vs 120 (log)');
    expect(rules((await audit(removed)).violations)).to.deep.equal([`${removed} history_missing`]);
    expect(rules((await audit(invented)).violations)).to.deep.equal([`${invented} history_orphan`]);
    expect(rules((await audit(null)).violations)).to.include.members([
      `${changed} history_mismatch`, `${removed} history_missing`, `${invented} history_orphan`,
    ]);
    await runner.rebuild(['usage_history']);
    expect((await audit(null)).violations).to.deep.equal([]);
  });

  it('warns, without failing, while the projection has not caught up with a settlement', async () => {
    const id = await account();
    await catchUp();
    await run(id, { type: 'ChargeWords', data: { requestId: `${id}-o`, outputWords: 30, latencyMs: 50, now: at(6) } });
    const lagging = await audit(id);
    expect(lagging.violations).to.deep.equal([]);
    expect(lagging.warnings.map((w) => w.rule)).to.include('history_lagging');
    await catchUp();
    const report = await audit(id);
    expect(report.warnings).to.deep.equal([]);
    const [newest] = (await historyPage(db.pool, { accountId: id, limit: 1 })).items;
    expect(newest).to.include({ request_id: `${id}-o`, status: 'charged', words_charged: 30, settled_at: at(6) });
  });
});
