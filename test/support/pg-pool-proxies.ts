/** Pools that misbehave on purpose, for tests of what the code above a pool does when it does. */
import type { Pool, PoolClient } from 'pg';

/**
 * A pool that, when armed, delays the commit of the next append: the append's single statement runs in
 * an explicit transaction on one client (the same locks, held the same way until the end), then
 * pg_sleep, then COMMIT. Explicit transactions of other callers are delayed the same way at their COMMIT.
 */
export function delayingCommits(pool: Pool, gate: { seconds: number; reached: (() => void) | null }): Pool {
  const takeGate = (): (() => void) | null => {
    const reached = gate.reached;
    gate.reached = null;
    return reached;
  };
  const wrapClient = (client: PoolClient): PoolClient => new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'query') return bind(target, Reflect.get(target, prop, receiver));
      return async (...args: unknown[]) => {
        if (args[0] === 'COMMIT' && gate.reached) {
          takeGate()!();
          await target.query('SELECT pg_sleep($1)', [gate.seconds]);
        }
        return (target.query as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  const appendSlowly = async (args: unknown[], reached: () => void): Promise<unknown> => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      reached();
      await client.query('SELECT pg_sleep($1)', [gate.seconds]);
      await client.query('COMMIT');
      return result;
    } catch (err: unknown) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === 'connect') return async () => wrapClient(await target.connect());
      if (prop === 'query') {
        return (...args: unknown[]) => {
          if (queryText(args[0]).includes('hz_append_events') && gate.reached) return appendSlowly(args, takeGate()!);
          return (target.query as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return bind(target, Reflect.get(target, prop, receiver));
    },
  });
}

/** A pool that forwards to whichever pool `switchable.target` currently is. */
export function redirected(switchable: { target: Pool }): Pool {
  return new Proxy(switchable.target, {
    get(_, prop) {
      return bind(switchable.target, Reflect.get(switchable.target, prop));
    },
  });
}

/** The SQL of a query's first argument: a string, or a query config ({ name, text, values }). */
export function queryText(first: unknown): string {
  if (typeof first === 'string') return first;
  return typeof first === 'object' && first !== null && typeof (first as { text?: unknown }).text === 'string' ? (first as { text: string }).text : '';
}

function bind(target: object, value: unknown): unknown {
  return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
}
