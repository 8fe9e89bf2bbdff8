/** Pools that misbehave on purpose, for tests of what the code above a pool does when it does. */
import type { Pool, PoolClient } from 'pg';

/** A pool whose clients, when armed, run pg_sleep inside the transaction right before COMMIT. */
export function delayingCommits(pool: Pool, gate: { seconds: number; reached: (() => void) | null }): Pool {
  const wrapClient = (client: PoolClient): PoolClient => new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'query') return bind(target, Reflect.get(target, prop, receiver));
      return async (...args: unknown[]) => {
        if (args[0] === 'COMMIT' && gate.reached) {
          const reached = gate.reached;
          gate.reached = null;
          reached();
          await target.query('SELECT pg_sleep($1)', [gate.seconds]);
        }
        return (target.query as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  return new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === 'connect') return async () => wrapClient(await target.connect());
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

function bind(target: object, value: unknown): unknown {
  return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
}
