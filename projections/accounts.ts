/** Read model of accounts: plan, subscription and status, for the auth path and the admin CLI. */
import type { Pool, PoolClient } from 'pg';
import type { AccountEvent, SuspensionReason } from '../domain/events.js';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Projection } from './projection.js';

export type AccountRowStatus = 'active' | 'suspended' | 'cancelled';

export interface AccountRow {
  accountId: string;
  email: string | null;
  planKey: string | null;
  status: AccountRowStatus;
  suspensionReason: SuspensionReason | null;
  periodEnd: Date | null;
}

export const accountsProjection: Projection = {
  name: 'accounts',
  tables: ['accounts'],
  async setup(client: PoolClient) {
    await client.query(`CREATE TABLE IF NOT EXISTS accounts (
      account_id uuid PRIMARY KEY,
      email text,
      plan_key text,
      suspension_reason text,
      cancelled boolean NOT NULL DEFAULT false,
      period_start timestamptz,
      period_end timestamptz,
      created_at timestamptz NOT NULL,
      updated_position bigint NOT NULL
    )`);
    await client.query('CREATE INDEX IF NOT EXISTS accounts_updated ON accounts (updated_position)');
  },
  async apply(recorded: RecordedEvent, client: PoolClient) {
    const event = { type: recorded.type, data: recorded.data } as AccountEvent;
    const p = recorded.position.toString();
    switch (event.type) {
      case 'AccountOpened':
        await client.query(
          `INSERT INTO accounts (account_id, email, created_at, updated_position) VALUES ($1,$2,$3,$4)
           ON CONFLICT (account_id) DO NOTHING`,
          [event.data.accountId, event.data.email, event.data.at, p],
        );
        return;
      case 'SubscriptionStarted':
        await client.query(
          `UPDATE accounts SET plan_key = $2, period_start = $3, period_end = $4, cancelled = false, updated_position = $5 WHERE account_id = $1`,
          [event.data.accountId, event.data.planKey, event.data.periodStart, event.data.periodEnd, p],
        );
        return;
      case 'PeriodRenewed':
        await client.query(
          `UPDATE accounts SET period_start = $2, period_end = $3, updated_position = $4 WHERE account_id = $1`,
          [event.data.accountId, event.data.periodStart, event.data.periodEnd, p],
        );
        return;
      case 'SubscriptionCancelled':
        await client.query(`UPDATE accounts SET cancelled = true, updated_position = $2 WHERE account_id = $1`, [event.data.accountId, p]);
        return;
      case 'AccountSuspended':
        await client.query(
          `UPDATE accounts SET suspension_reason = $2, updated_position = $3 WHERE account_id = $1`,
          [event.data.accountId, event.data.reason, p],
        );
        return;
      case 'AccountReinstated':
        await client.query(`UPDATE accounts SET suspension_reason = NULL, updated_position = $2 WHERE account_id = $1`, [event.data.accountId, p]);
        return;
      default:
        return;
    }
  },
  /**
   * A batch in at most two statements: the rows of the accounts it touches read at once, the events applied to
   * them in memory with the same effect as `apply`'s statements, the rows that changed written back in one upsert.
   */
  async applyMany(events: readonly RecordedEvent[], client: PoolClient) {
    const relevant = events.filter((e) => ACCOUNT_ROW_EVENTS.has(e.type));
    if (relevant.length === 0) return;
    const ids = [...new Set(relevant.map((e) => (e.data as { accountId: string }).accountId))];
    const { rows } = await client.query<AccountRowText>(
      `SELECT account_id::text AS account_id, email, plan_key, suspension_reason, cancelled, period_start::text AS period_start,
              period_end::text AS period_end, created_at::text AS created_at, updated_position::text AS updated_position
       FROM accounts WHERE account_id = ANY($1::uuid[])`,
      [ids],
    );
    const current = new Map<string, AccountRowText>(rows.map((r) => [r.account_id, r]));
    const changed = new Map<string, AccountRowText>();
    for (const recorded of relevant) {
      const event = { type: recorded.type, data: recorded.data } as AccountEvent;
      const id = (event.data as { accountId: string }).accountId;
      const row = current.get(id);
      const p = recorded.position.toString();
      let next: AccountRowText | undefined;
      switch (event.type) {
        case 'AccountOpened':
          if (!row) {
            next = {
              account_id: id, email: event.data.email, plan_key: null, suspension_reason: null, cancelled: false,
              period_start: null, period_end: null, created_at: event.data.at, updated_position: p,
            };
          }
          break;
        case 'SubscriptionStarted':
          if (row) next = { ...row, plan_key: event.data.planKey, period_start: event.data.periodStart, period_end: event.data.periodEnd, cancelled: false, updated_position: p };
          break;
        case 'PeriodRenewed':
          if (row) next = { ...row, period_start: event.data.periodStart, period_end: event.data.periodEnd, updated_position: p };
          break;
        case 'SubscriptionCancelled':
          if (row) next = { ...row, cancelled: true, updated_position: p };
          break;
        case 'AccountSuspended':
          if (row) next = { ...row, suspension_reason: event.data.reason, updated_position: p };
          break;
        case 'AccountReinstated':
          if (row) next = { ...row, suspension_reason: null, updated_position: p };
          break;
        default:
          break;
      }
      if (next) { current.set(id, next); changed.set(id, next); }
    }
    if (changed.size === 0) return;
    const c = [...changed.values()];
    await client.query(
      `INSERT INTO accounts (account_id, email, plan_key, suspension_reason, cancelled, period_start, period_end, created_at, updated_position)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::boolean[], $6::timestamptz[], $7::timestamptz[],
         $8::timestamptz[], $9::bigint[])
       ON CONFLICT (account_id) DO UPDATE SET
         email = EXCLUDED.email, plan_key = EXCLUDED.plan_key, suspension_reason = EXCLUDED.suspension_reason,
         cancelled = EXCLUDED.cancelled, period_start = EXCLUDED.period_start, period_end = EXCLUDED.period_end,
         created_at = EXCLUDED.created_at, updated_position = EXCLUDED.updated_position`,
      [c.map((r) => r.account_id), c.map((r) => r.email), c.map((r) => r.plan_key), c.map((r) => r.suspension_reason),
        c.map((r) => r.cancelled), c.map((r) => r.period_start), c.map((r) => r.period_end), c.map((r) => r.created_at),
        c.map((r) => r.updated_position)],
    );
  },
};

const ACCOUNT_ROW_EVENTS: ReadonlySet<string> = new Set<AccountEvent['type']>([
  'AccountOpened', 'SubscriptionStarted', 'PeriodRenewed', 'SubscriptionCancelled', 'AccountSuspended', 'AccountReinstated',
]);

/** A row as `applyMany` reads and writes it: timestamps as PostgreSQL's text, written back unchanged when untouched. */
interface AccountRowText {
  account_id: string; email: string | null; plan_key: string | null; suspension_reason: string | null; cancelled: boolean;
  period_start: string | null; period_end: string | null; created_at: string; updated_position: string;
}

function toAccountRow(r: Record<string, unknown>): AccountRow {
  const reason = (r.suspension_reason as SuspensionReason | null) ?? null;
  return {
    accountId: r.account_id as string,
    email: (r.email as string | null) ?? null,
    planKey: (r.plan_key as string | null) ?? null,
    status: reason ? 'suspended' : r.cancelled ? 'cancelled' : 'active',
    suspensionReason: reason,
    periodEnd: (r.period_end as Date | null) ?? null,
  };
}

export async function findAccount(pool: Pool, accountId: string): Promise<AccountRow | null> {
  const { rows } = await pool.query('SELECT * FROM accounts WHERE account_id = $1', [accountId]);
  return rows[0] ? toAccountRow(rows[0]) : null;
}

export async function accountsVersion(pool: Pool): Promise<string> {
  const { rows } = await pool.query('SELECT coalesce(max(updated_position), -1)::text AS v FROM accounts');
  return rows[0].v as string;
}
