import { mock } from 'node:test';
import { expect } from 'chai';
import type { Pool } from 'pg';
import { PgNotifications } from '../infra/pg-notifications.js';

/** A pool whose NOTIFYs the test finishes one by one, recording when each started (on the mocked clock). */
function fakePool(): { pool: Pool; started: number[]; finish: () => Promise<void> } {
  const started: number[] = [];
  const pending: Array<() => void> = [];
  const pool = { query: () => { started.push(Date.now()); return new Promise<void>((resolve) => pending.push(resolve)); } } as unknown as Pool;
  const finish = async (): Promise<void> => {
    pending.shift()!();
    // Let the query's finally run.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  return { pool, started, finish };
}

describe('PgNotifications: announcing appends', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  it('sends the first announce after a quiet spell at once, and a burst as one NOTIFY that starts after its last announce, no sooner than the interval', async () => {
    const { pool, started, finish } = fakePool();
    const n = new PgNotifications(pool, 'events_appended', 25);
    n.announce();
    expect(started).to.deep.equal([1_000_000]);
    // Appends that commit while the NOTIFY is in flight: one more NOTIFY is owed, not three.
    n.announce(); n.announce(); n.announce();
    mock.timers.tick(5);
    await finish();
    expect(started).to.have.length(1);
    mock.timers.tick(19);
    expect(started).to.have.length(1);
    n.announce();
    mock.timers.tick(1);
    expect(started).to.deep.equal([1_000_000, 1_000_025]);
    await finish();
    // After a quiet spell the next announce goes out at once.
    mock.timers.tick(100);
    n.announce();
    expect(started).to.deep.equal([1_000_000, 1_000_025, 1_000_125]);
    await finish();
    await n.close();
  });

  it('sends nothing more once closed', async () => {
    const { pool, started, finish } = fakePool();
    const n = new PgNotifications(pool, 'events_appended', 25);
    n.announce();
    await finish();
    n.announce();
    await n.close();
    mock.timers.tick(100);
    expect(started).to.have.length(1);
  });

  it('without an interval, coalesces only what arrives while one is in flight', async () => {
    const { pool, started, finish } = fakePool();
    const n = new PgNotifications(pool, 'events_appended');
    n.announce(); n.announce();
    await finish();
    expect(started).to.have.length(2);
    await finish();
    n.announce();
    expect(started).to.have.length(3);
    await finish();
    await n.close();
  });
});
