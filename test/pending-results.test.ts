/** The durable hand-over of results (infra/pending-results.ts): deletes asked for together go in few statements, each exactly its row. */
import { expect } from 'chai';
import pg from 'pg';
import { PendingResults } from '../infra/pending-results.js';
import { createTestDatabase, type TestDatabase } from './support/db.js';

describe('pending results', () => {
  let db: TestDatabase;
  let pending: PendingResults;

  before(async () => {
    db = await createTestDatabase('hz_pending');
    pending = new PendingResults(db.pool);
    await pending.setup();
  });
  after(async () => { await db?.drop(); });

  it('creates its table under the schema lock: a start while another holds it waits, then finds the table made once', async () => {
    const { LOCK_NAMESPACE, PENDING_RESULTS_SETUP } = await import('../infra/eventstore/postgres-schema.js');
    const fresh = await createTestDatabase('hz_pending_setup');
    const holder = await fresh.pool.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, PENDING_RESULTS_SETUP]);
      const starts = [new PendingResults(fresh.pool).setup(), new PendingResults(fresh.pool).setup()];
      await new Promise((resolve) => setTimeout(resolve, 300));
      const during = await fresh.pool.query<{ t: string | null }>("SELECT to_regclass('pending_results')::text AS t");
      expect(during.rows[0]!.t).to.equal(null);
      await holder.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, PENDING_RESULTS_SETUP]);
      await Promise.all(starts);
      const after = await fresh.pool.query<{ t: string | null }>("SELECT to_regclass('pending_results')::text AS t");
      expect(after.rows[0]!.t).to.equal('pending_results');
    } finally {
      holder.release();
      await fresh.drop();
    }
  });

  it('concurrent deletes remove exactly their rows (same request id on another account stays), in fewer statements than rows', async () => {
    for (let i = 0; i < 30; i++) {
      await pending.put({ accountId: 'a', requestId: `r${i}`, idempotencyKey: null, body: { i } });
      await pending.put({ accountId: 'b', requestId: `r${i}`, idempotencyKey: null, body: { i } });
    }
    let statements = 0;
    const query = pg.Pool.prototype.query;
    const counting = new PendingResults(new Proxy(db.pool, {
      get(target, name, receiver) {
        if (name === 'query') return (...args: unknown[]) => { statements += 1; return (query as (...a: unknown[]) => unknown).apply(target, args); };
        return Reflect.get(target, name, receiver) as unknown;
      },
    }));
    await Promise.all(Array.from({ length: 30 }, (_, i) => counting.delete('a', `r${i}`)));
    expect(statements).to.be.within(1, 2);
    for (let i = 0; i < 30; i++) {
      expect(await pending.get('a', `r${i}`)).to.equal(null);
      expect((await pending.get('b', `r${i}`))?.body).to.deep.equal({ i });
    }
  });

  it('a delete waits its linger for others: deletes a few turns of the event loop apart go in one statement', async () => {
    for (const id of ['s0', 's1']) await pending.put({ accountId: 'a', requestId: id, idempotencyKey: null, body: {} });
    let statements = 0;
    const counting = new PendingResults(new Proxy(db.pool, {
      get(target, name, receiver) {
        if (name === 'query') return (...args: unknown[]) => { statements += 1; return (pg.Pool.prototype.query as (...a: unknown[]) => unknown).apply(target, args); };
        return Reflect.get(target, name, receiver) as unknown;
      },
    }), 50);
    const first = counting.delete('a', 's0');
    // The second arrives on a later turn, before the first's linger ends: without the linger it would be a statement of its own.
    await new Promise((resolve) => setImmediate(resolve));
    const second = counting.delete('a', 's1');
    await Promise.all([first, second]);
    expect(statements).to.equal(1);
    expect(await pending.get('a', 's0')).to.equal(null);
    expect(await pending.get('a', 's1')).to.equal(null);
  });

  it('a failed statement rejects its callers, and the next delete still runs', async () => {
    let failNext = true;
    const flaky = new PendingResults(new Proxy(db.pool, {
      get(target, name, receiver) {
        if (name === 'query') {
          return (...args: unknown[]) => {
            if (failNext) { failNext = false; return Promise.reject(new Error('database unreachable')); }
            return (pg.Pool.prototype.query as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return Reflect.get(target, name, receiver) as unknown;
      },
    }));
    const failure = await flaky.delete('b', 'r1').then(() => null, (err: unknown) => err);
    expect(failure).to.be.instanceOf(Error);
    expect(await pending.get('b', 'r1')).to.not.equal(null);
    await flaky.delete('b', 'r1');
    expect(await pending.get('b', 'r1')).to.equal(null);
    expect(await pending.get('b', 'r2')).to.not.equal(null);
  });
});
