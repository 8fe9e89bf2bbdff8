/**
 * The worker's side of "charged ⇔ delivered", on a real PostgreSQL event store with the local detector:
 * a result nobody is listening for is refunded when the request has no key (nobody could ever receive it)
 * and charged and stored when it has one (the retry replays it); a charge whose answer was lost reads
 * as already charged and delivers the result that was made durable with it, never a second one.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { AdminCommands } from '../../bin/admin-commands.js';
import { openBackends, type Backends } from '../../bin/backends.js';
import type { DetectJob, ProgressMessage } from '../../domain/jobs.js';
import { findPlan } from '../../domain/plans.js';
import { loadConfig } from '../../infra/config.js';
import { IdempotencyService } from '../../infra/idempotency.js';
import { LedgerService, type Settled } from '../../infra/ledger.js';
import { createLogger } from '../../infra/logger.js';
import { PendingResults } from '../../infra/pending-results.js';
import { createEngines } from '../../workers/engines/index.js';
import { createProcessor } from '../../workers/processor.js';
import { createTestDatabase, REDIS_URL, type TestDatabase } from '../support/db.js';
import { checkLedger } from '../support/ledger-check.js';
import { SAMPLE_TEXT } from '../support/service.js';
import { countWords } from '../../domain/words.js';
import { settlementOf } from '../../domain/account.js';

/** A ledger whose next charge lands in the store but whose answer is lost (the connection dropped after COMMIT). */
class LosingLedger extends LedgerService {
  loseNextCharge = false;
  override async charge(input: Parameters<LedgerService['charge']>[0]): Promise<Settled> {
    const settled = await super.charge(input);
    if (this.loseNextCharge) { this.loseNextCharge = false; throw new Error('connection terminated unexpectedly'); }
    return settled;
  }
}

describe('worker settlement: results nobody can receive, charges whose answer was lost', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  let backends: Backends;
  let admin: AdminCommands;
  let pending: PendingResults;
  let idempotency: IdempotencyService;
  let ledger: LosingLedger;
  const engines = createEngines({ aiProvider: 'local', detectProvider: 'local', timeoutMs: 5_000 });
  const words = countWords(SAMPLE_TEXT);

  before(async () => {
    db = await createTestDatabase('hz_settle');
    backends = await openBackends(loadConfig({ DATABASE_URL: db.url, REDIS_URL, LOG_LEVEL: 'silent' }));
    admin = new AdminCommands({ store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: {} });
    pending = new PendingResults(backends.pool);
    await pending.setup();
    idempotency = new IdempotencyService(backends.store, 86_400);
    ledger = new LosingLedger(backends.store);
  });
  after(async () => {
    await backends?.close();
    await db?.drop();
  });

  /** A reserved detect job of a fresh account, keyed or not, and the processor with a publish that reaches `listeners`. */
  async function setup(keyed: boolean, listeners: number) {
    const { account_id: accountId } = await admin.createAccount({ plan: 'growth', email: null });
    const { key_id: keyId } = await admin.createKey({ accountId, name: 'k', scopes: null, allowIps: null });
    const requestId = `settle-${randomUUID().slice(0, 8)}`;
    if (keyed) await idempotency.claim(requestId, { accountId, keyId, endpoint: 'detect' });
    await ledger.reserve({ accountId, requestId, keyId, endpoint: 'detect', inputWords: words, multiplier: 1, plan: findPlan('api_growth')! });
    const now = Date.now();
    const job: DetectJob = {
      endpoint: 'detect', requestId, accountId, keyId, text: SAMPLE_TEXT, inputWords: words, words, deadline: now + 600, acceptedAt: now,
      idempotencyKey: keyed ? requestId : null, creditsLow: false,
    };
    const published: ProgressMessage[] = [];
    const process = createProcessor({
      engines, ledger, results: idempotency, pending, logger: createLogger('silent'),
      publish: async (_id, m) => { published.push(m); return listeners; },
    });
    return { accountId, requestId, job, published, process };
  }

  it('a request without a key whose API is no longer listening is refunded, not charged', async () => {
    const { accountId, requestId, job, process } = await setup(false, 0);
    await process(job, new AbortController().signal);
    const l = await checkLedger(backends.store, accountId);
    expect(l.charged.size).to.equal(0);
    expect(l.refunded.get(requestId)?.code).to.equal('CLIENT_CANCELLED');
    expect(await pending.get(accountId, requestId)).to.equal(null);
  });

  it('a keyed request whose API is no longer listening is charged and stored under its key (the retry replays it)', async () => {
    const { accountId, requestId, job, process } = await setup(true, 0);
    await process(job, new AbortController().signal);
    const l = await checkLedger(backends.store, accountId);
    expect([...l.charged.keys()]).to.deep.equal([requestId]);
    const stored = await idempotency.storedResult(requestId);
    expect(stored).to.include({ id: requestId, words_charged: words });
    // Not delivered: the durable copy stays until the sweeper clears it.
    expect(await pending.get(accountId, requestId)).to.not.equal(null);
  });

  it('a charged result is published with its JSON (the bytes the API answers) and the charge\'s report', async () => {
    const { accountId, requestId, job, published, process } = await setup(false, 1);
    await process(job, new AbortController().signal);
    const done = published.find((m) => m.kind === 'done');
    if (done?.kind !== 'done') throw new Error('no done message');
    expect(done.json).to.equal(JSON.stringify(done.body));
    expect(done.body).to.include({ id: requestId, words_charged: words });
    expect(done.body.words_remaining).to.be.a('number');
    const state = await new LedgerService(backends.store).state(accountId);
    expect(done.charge?.revision).to.equal(String((await backends.store.read(`account-${accountId}`)).at(-1)!.revision));
    expect(done.charge?.events.map((e) => e.type)).to.deep.equal(['WordsCharged']);
    expect(state.status === 'open' && settlementOf(state, requestId)).to.equal('charged');
  });

  it('a job cancelled by its API after the engine finished (the API gave up) is refunded, not charged, keyed or not', async () => {
    for (const keyed of [false, true]) {
      const { accountId, requestId, job, published } = await setup(keyed, 1);
      const cancel = new AbortController();
      // The cancel arrives once the engine has its result: too late to abort the engine, in time to stop the charge.
      const detector = { detect: async (text: string, options: { signal: AbortSignal }) => {
        const report = await engines.detector.detect(text, options);
        cancel.abort();
        return report;
      } };
      const process = createProcessor({
        engines: { humanizer: engines.humanizer, detector }, ledger, results: idempotency, pending, logger: createLogger('silent'),
        publish: async (_id, m) => { published.push(m); return 1; },
      });
      await process(job, cancel.signal);
      const l = await checkLedger(backends.store, accountId);
      expect(l.charged.size, `keyed: ${keyed}`).to.equal(0);
      expect(l.refunded.get(requestId)?.code).to.equal('CLIENT_CANCELLED');
      expect(published.filter((m) => m.kind === 'done')).to.deep.equal([]);
      expect(await pending.get(accountId, requestId)).to.equal(null);
    }
  });

  it('with the PostgreSQL store the result is made durable in the charge\'s own statement, never by a separate write', async () => {
    const { accountId, requestId, job } = await setup(true, 0);
    // A pending-results port whose separate write always fails: the charge must not depend on it.
    const noPut = Object.assign(Object.create(pending) as PendingResults, { put: async () => { throw new Error('no separate write expected'); } });
    const process = createProcessor({
      engines, ledger, results: idempotency, pending: noPut, logger: createLogger('silent'), publish: async () => 0,
    });
    await process(job, new AbortController().signal);
    expect([...(await checkLedger(backends.store, accountId)).charged.keys()]).to.deep.equal([requestId]);
    expect((await pending.get(accountId, requestId))?.body).to.include({ id: requestId, words_charged: words });
  });

  it('with a store that cannot carry it (EventStoreDB) the result is made durable before the charge is appended', async () => {
    const { accountId, requestId, job } = await setup(false, 1);
    const order: string[] = [];
    const store = new Proxy(backends.store, {
      get(target, name, receiver) {
        if (name === 'companions') return false;
        if (name === 'append') {
          return (stream: string, events: Array<{ type: string }>, ...rest: unknown[]) => {
            order.push(...events.map((e) => e.type));
            return (target.append as (...a: unknown[]) => unknown).call(target, stream, events, ...rest);
          };
        }
        const value = Reflect.get(target, name, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const recording = Object.assign(Object.create(pending) as PendingResults, {
      put: async (entry: Parameters<PendingResults['put']>[0]) => { order.push('put'); await pending.put(entry); },
    });
    const process = createProcessor({
      engines, ledger: new LedgerService(store), results: idempotency, pending: recording, logger: createLogger('silent'), publish: async () => 1,
    });
    await process(job, new AbortController().signal);
    expect(order).to.deep.equal(['put', 'WordsCharged']);
    expect([...(await checkLedger(backends.store, accountId)).charged.keys()]).to.deep.equal([requestId]);
  });

  it('a charge whose answer was lost is found charged: the result made durable with it is delivered, once', async () => {
    const { accountId, requestId, job, published, process } = await setup(false, 1);
    ledger.loseNextCharge = true;
    await process(job, new AbortController().signal);
    const l = await checkLedger(backends.store, accountId);
    expect([...l.charged.keys()]).to.deep.equal([requestId]);
    expect(l.refunded.size).to.equal(0);
    const done = published.filter((m) => m.kind === 'done');
    expect(done).to.have.length(1);
    expect(published.filter((m) => m.kind === 'error')).to.deep.equal([]);
    expect((done[0] as { body: Record<string, unknown> }).body).to.include({ id: requestId, words_charged: words });
    expect(await pending.get(accountId, requestId), 'delivered: the durable copy is gone').to.equal(null);
  });
});
