/**
 * A companion statement commits with an append or not at all (PostgreSQL store): the worker's result rides in its
 * charge's statement this way (workers/processor.ts), so no charge can exist without its durable result.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { PostgresEventStore } from '../infra/eventstore/index.js';
import { WrongExpectedRevisionError, type CompanionStatement } from '../infra/eventstore/types.js';
import { createTestDatabase, type TestDatabase } from './support/db.js';
import { queryText } from './support/pg-pool-proxies.js';

describe('PostgreSQL event store: companion statements', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const stream = () => `companion-${randomUUID().slice(0, 8)}`;
  const note = (id: string, text: string | null): CompanionStatement => ({ text: 'INSERT INTO notes (id, text) VALUES ($1, $2)', values: [id, text] });
  const notes = async (id: string) => (await db.pool.query<{ text: string }>('SELECT text FROM notes WHERE id = $1', [id])).rows.map((r) => r.text);

  before(async () => {
    db = await createTestDatabase('hz_companion');
    store = await PostgresEventStore.create(db.pool);
    await db.pool.query('CREATE TABLE notes (id text PRIMARY KEY, text text NOT NULL)');
  });
  after(async () => {
    await store?.close();
    await db?.drop();
  });

  it('commits the companion with the events, in the one statement of the append', async () => {
    const s = stream();
    let statements: string[] = [];
    const counting = await PostgresEventStore.create(new Proxy(db.pool, {
      get(target, name, receiver) {
        if (name === 'query') {
          return (...args: unknown[]) => {
            statements.push(queryText(args[0]));
            return (pg.Pool.prototype.query as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return Reflect.get(target, name, receiver) as unknown;
      },
    }));
    statements = [];
    const result = await counting.append(s, [{ type: 'Noted', data: { n: 1 } }], 'no_stream', { companion: note(s, 'kept') });
    // One statement writes both (the wake-up NOTIFY for subscribers may follow it).
    const writes = statements.filter((q) => /INSERT INTO notes|hz_append_events/u.test(q));
    expect(writes).to.have.length(1);
    expect(writes[0]).to.match(/INSERT INTO notes/u).and.to.match(/hz_append_events/u);
    expect(result.nextExpectedRevision).to.equal(0n);
    expect((await store.read(s)).map((e) => e.type)).to.deep.equal(['Noted']);
    expect(await notes(s)).to.deep.equal(['kept']);
    await counting.close();
  });

  it('a companion that fails takes the append with it: no events are written', async () => {
    const s = stream();
    // NOT NULL violated: the statement fails as a whole.
    const err: unknown = await store.append(s, [{ type: 'Noted', data: {} }], 'no_stream', { companion: note(s, null) }).then(() => null, (e: unknown) => e);
    expect(err).to.be.instanceOf(pg.DatabaseError);
    expect(await store.read(s)).to.deep.equal([]);
    expect(await notes(s)).to.deep.equal([]);
  });

  it('an append refused by its expected revision still raises the conflict and writes no events', async () => {
    const s = stream();
    await store.append(s, [{ type: 'First', data: {} }], 'no_stream');
    const err: unknown = await store.append(s, [{ type: 'Second', data: {} }], 'no_stream', { companion: note(`${s}-x`, 'refused') }).then(() => null, (e: unknown) => e);
    expect(err).to.be.instanceOf(WrongExpectedRevisionError);
    expect((await store.read(s)).map((e) => e.type)).to.deep.equal(['First']);
  });

  it('numbers the companion\'s placeholders after the append\'s own', async () => {
    const s = stream();
    await store.append(s, [{ type: 'Noted', data: {} }], 'any', {
      companion: { text: 'INSERT INTO notes (id, text) VALUES ($1, $2 || $3 || $2)', values: [s, '-', 'mid'] },
    });
    expect(await notes(s)).to.deep.equal(['-mid-']);
  });
});
