/**
 * `ledger audit` over a real PostgreSQL event store and read model: a log written through the decider
 * passes; each kind of damage (a corrupted read-model row, events appended behind the decider's back)
 * fails and is named. One CLI run checks the exit codes operators rely on.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { accountDecider, balanceOf, type AccountCommand } from '../domain/account.js';
import { streams, type WordsCharged, type WordsReserved } from '../domain/events.js';
import { handleCommand, loadStream } from '../infra/command-handler.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { allProjections } from '../projections/index.js';
import { ProjectionRunner } from '../projections/runner.js';
import { auditLedger, type LedgerAuditReport } from '../bin/ledger-audit.js';
import { createTestDatabase, type TestDatabase } from './support/db.js';

const run = promisify(execFile);
const NOW = new Date('2024-05-01T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

describe('ledger audit', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;

  const command = (accountId: string, c: AccountCommand) => handleCommand(store, streams.account(accountId), accountDecider, c);
  const catchUp = async () => runner.catchUpTo(await store.headPosition());
  const audit = (accountId: string | null): Promise<LedgerAuditReport> => auditLedger(store, db.pool, accountId, { now: new Date(at(30)) });
  const rules = (report: LedgerAuditReport) => report.violations.map((v) => `${v.account_id} ${v.rule}`);

  /** An account with top-ups, an adjustment, charges, refunds and a renewal, all through the decider. */
  async function cleanAccount(): Promise<{ id: string; reserved: WordsReserved['data'] }> {
    const id = randomUUID();
    await command(id, { type: 'OpenAccount', data: { accountId: id, email: null, planKey: 'api_growth', now: at(-3 * 24 * 60), periodDays: 1 } });
    await command(id, { type: 'TopUp', data: { words: 1_000, now: at(-3 * 24 * 60 + 1) } });
    await command(id, { type: 'AdjustBalance', data: { words: -100, reason: 'goodwill reversal', now: at(-3 * 24 * 60 + 2) } });
    for (const [i, minutes] of [-2 * 24 * 60, -24 * 60, -10].entries()) {
      const reserve = await command(id, { type: 'ReserveWords', data: { requestId: `c${i}`, keyId: 'k', endpoint: 'humanize', inputWords: 50, multiplier: 2, now: at(minutes) } });
      await command(id, { type: 'ReserveWords', data: { requestId: `f${i}`, keyId: 'k', endpoint: 'detect', inputWords: 30, multiplier: 1, now: at(minutes) } });
      await command(id, { type: 'ChargeWords', data: { requestId: `c${i}`, outputWords: 60, latencyMs: 80, now: at(minutes + 1) } });
      await command(id, { type: 'RefundWords', data: { requestId: `f${i}`, code: 'DETECTION_FAILED', latencyMs: 20, now: at(minutes + 1) } });
      if (i === 0) expect(reserve.events.at(-1)?.type).to.equal('WordsReserved');
    }
    const last = await command(id, { type: 'ReserveWords', data: { requestId: 'open', keyId: 'k', endpoint: 'humanize', inputWords: 40, multiplier: 1, now: at(20) } });
    return { id, reserved: (last.events.at(-1) as WordsReserved).data };
  }

  const chargeOf = (r: WordsReserved['data'], overrides: Partial<WordsCharged['data']> = {}): WordsCharged => ({
    type: 'WordsCharged',
    data: {
      accountId: r.accountId, requestId: r.requestId, keyId: r.keyId, endpoint: r.endpoint, words: r.words, inputWords: r.inputWords,
      outputWords: 10, latencyMs: 10, at: at(25), ...overrides,
    },
  });

  before(async () => {
    db = await createTestDatabase();
    store = await PostgresEventStore.create(db.pool);
    runner = new ProjectionRunner({ pool: db.pool, store, projections: allProjections() });
  });
  after(async () => {
    await store?.close();
    await db?.drop();
  });

  it('passes a log written through the decider and counts what it checked', async () => {
    const a = await cleanAccount();
    const b = await cleanAccount();
    await catchUp();
    const report = await audit(null);
    expect(report.violations).to.deep.equal([]);
    expect(report.warnings).to.deep.equal([]);
    const streamEvents = [...await store.read(streams.account(a.id)), ...await store.read(streams.account(b.id))];
    expect(report).to.include({
      accounts: 2, events: streamEvents.length, reservations: streamEvents.filter((e) => e.type === 'WordsReserved').length,
    });
    const single = await audit(a.id);
    expect(single).to.deep.include({ accounts: 1, violations: [], warnings: [] });
  });

  it('warns about a reservation left open too long, without failing', async () => {
    const { id } = await cleanAccount();
    await catchUp();
    const report = await auditLedger(store, db.pool, id, { now: new Date(at(20 + 61)) });
    expect(report.violations).to.deep.equal([]);
    expect(report.warnings.map((w) => w.rule)).to.deep.equal(['stale_reservation']);
    expect(report.warnings[0]!.detail).to.contain('request open');
  });

  it('treats a read model that is still catching up as a warning only', async () => {
    const { id } = await cleanAccount();
    await catchUp();
    await command(id, { type: 'TopUp', data: { words: 5, now: at(21) } });
    const report = await audit(id);
    expect(report.violations).to.deep.equal([]);
    expect(report.warnings.map((w) => w.rule)).to.deep.equal(['read_model_lagging']);
    await catchUp();
    expect((await audit(id)).warnings).to.deep.equal([]);
  });

  it('fails on a balances row changed behind the projection', async () => {
    const { id } = await cleanAccount();
    await catchUp();
    await db.pool.query('UPDATE balances SET topup_remaining = topup_remaining + 7 WHERE account_id = $1', [id]);
    const report = await audit(id);
    expect(rules(report)).to.deep.equal([`${id} read_model_mismatch`]);
    expect(report.violations[0]!.detail).to.contain('topup_remaining');
    expect(rules(await audit(null))).to.include(`${id} read_model_mismatch`);
  });

  it('fails on a balances row that is missing, or that stopped while its projection went on', async () => {
    const missing = await cleanAccount();
    const stale = await cleanAccount();
    await catchUp();
    await db.pool.query('DELETE FROM balances WHERE account_id = $1', [missing.id]);
    const { rows } = await db.pool.query<{ p: string }>(
      `SELECT position::text AS p FROM events WHERE stream = $1 ORDER BY revision DESC OFFSET 1 LIMIT 1`, [streams.account(stale.id)],
    );
    const earlier = BigInt(rows[0]!.p);
    // The row claims an earlier position but keeps the newest figures: stale and, there, wrong.
    await db.pool.query('UPDATE balances SET updated_position = $2 WHERE account_id = $1', [stale.id, earlier.toString()]);
    expect(rules(await audit(missing.id))).to.deep.equal([`${missing.id} read_model_missing`]);
    expect(rules(await audit(stale.id))).to.deep.equal([`${stale.id} read_model_mismatch`, `${stale.id} read_model_stale`]);
  });

  it('fails on a second balances row for one account', async () => {
    const { id } = await cleanAccount();
    await catchUp();
    await db.pool.query(
      `INSERT INTO balances SELECT account_id, monthly_remaining, topup_remaining, words_used, words_limit, requests_this_period,
         open_reservations, period_start, period_end, state, updated_position - 1 FROM balances WHERE account_id = $1`, [id],
    );
    expect(rules(await audit(id))).to.deep.equal([`${id} read_model_duplicate`]);
  });

  it('fails on a second settlement of one reservation appended behind the decider', async () => {
    const { id, reserved } = await cleanAccount();
    await command(id, { type: 'ChargeWords', data: { requestId: reserved.requestId, outputWords: 5, latencyMs: 5, now: at(24) } });
    await store.append(streams.account(id), [chargeOf(reserved)], 'any');
    await catchUp();
    const report = await audit(id);
    expect(rules(report)).to.deep.equal([`${id} double_settlement`]);
    expect(report.violations[0]!.detail).to.contain(`request ${reserved.requestId} was already charged`);
  });

  it('fails on a charge with no reservation, and on a settlement of other words than reserved', async () => {
    const { id, reserved } = await cleanAccount();
    await store.append(streams.account(id), [
      chargeOf({ ...reserved, requestId: 'never-reserved' }),
      { type: 'WordsRefunded', data: { accountId: id, requestId: reserved.requestId, keyId: reserved.keyId, endpoint: reserved.endpoint, words: reserved.words + 1, code: 'AI_UNAVAILABLE', latencyMs: 3, at: at(26) } },
    ], 'any');
    await catchUp();
    expect(rules(await audit(id))).to.deep.equal([`${id} settlement_without_reservation`, `${id} refund_words_mismatch`]);
    expect(rules(await audit(null))).to.include.members([`${id} settlement_without_reservation`, `${id} refund_words_mismatch`]);
  });

  it('fails on a reservation that overdraws the balance or misstates its split', async () => {
    const { id, reserved } = await cleanAccount();
    const huge = 2_000_000;
    await store.append(streams.account(id), [
      { type: 'WordsReserved', data: { ...reserved, requestId: 'greedy', words: huge, inputWords: huge, fromMonthly: huge, fromTopUp: 0, at: at(26) } },
      { type: 'WordsReserved', data: { ...reserved, requestId: 'odd', words: 10, inputWords: 10, fromMonthly: 4, fromTopUp: 5, at: at(27) } },
    ], 'any');
    await catchUp();
    expect(rules(await audit(id))).to.deep.equal([`${id} negative_balance`, `${id} reservation_split_mismatch`]);
  });

  it('catches a fault in the domain fold itself through the independent recomputation', async () => {
    const { id } = await cleanAccount();
    const evolve = accountDecider.evolve;
    // A fold that forgets to give top-up words back on refunds: the read model, built with the same
    // fold, agrees with it; only the recomputation can tell.
    accountDecider.evolve = (state, event) => {
      const next = evolve(state, event);
      if (event.type !== 'WordsRefunded' || state.status !== 'open' || next.status !== 'open') return next;
      const taken = state.ledger.open.get(event.data.requestId)?.fromTopUp ?? 0;
      return { ...next, ledger: { ...next.ledger, topUpRemaining: next.ledger.topUpRemaining - taken } };
    };
    try {
      const { state } = await loadStream(store, streams.account(id), accountDecider);
      const inputWords = balanceOf(state).monthlyRemaining + 10;
      const big = await command(id, { type: 'ReserveWords', data: { requestId: 'big', keyId: 'k', endpoint: 'humanize', inputWords, multiplier: 1, now: at(21) } });
      expect((big.events.at(-1) as WordsReserved).data.fromTopUp).to.equal(10);
      await command(id, { type: 'RefundWords', data: { requestId: 'big', code: 'AI_UNAVAILABLE', latencyMs: 1, now: at(22) } });
      await runner.rebuild(['balances']);
      const report = await audit(id);
      expect(rules(report)).to.deep.equal([`${id} balance_mismatch`]);
      expect(report.violations[0]!.detail).to.contain('topUpRemaining');
    } finally {
      accountDecider.evolve = evolve;
    }
    await runner.rebuild(['balances']);
    expect((await audit(id)).violations).to.deep.equal([]);
  });

  it('exits 0 with the report from the admin CLI on a clean log, and 1 naming the violation on a broken one', async function () {
    const clean = await createTestDatabase();
    const cleanStore = await PostgresEventStore.create(clean.pool);
    try {
      const id = randomUUID();
      await handleCommand(cleanStore, streams.account(id), accountDecider, { type: 'OpenAccount', data: { accountId: id, email: null, planKey: 'api_growth', now: at(0) } });
      const cli = (url: string) => run(process.execPath, ['--import', 'tsx', 'bin/admin.ts', 'ledger', 'audit'], {
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' }, cwd: process.cwd(),
      }).then((r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }), (e: { code: number; stdout: string; stderr: string }) => e);
      const ok = await cli(clean.url);
      expect(ok.code, ok.stderr).to.equal(0);
      expect(JSON.parse(ok.stdout)).to.deep.include({ accounts: 1, events: 2, violations: [] });
      await cleanStore.append(streams.account(id), [{ type: 'WordsRefunded', data: { accountId: id, requestId: 'ghost', keyId: 'k', endpoint: 'detect', words: 1, code: 'AI_UNAVAILABLE', latencyMs: 1, at: at(1) } }], 'any');
      const broken = await cli(clean.url);
      expect(broken.code).to.equal(1);
      const problem = JSON.parse(broken.stderr) as { code: string; violations: { rule: string }[] };
      expect(problem.code).to.equal('LEDGER_AUDIT_FAILED');
      expect(problem.violations.map((v) => v.rule)).to.include('settlement_without_reservation');
    } finally {
      await cleanStore.close();
      await clean.drop();
    }
  });
});
