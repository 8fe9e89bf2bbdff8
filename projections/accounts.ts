/** Read model of accounts: plan, subscription and status, for the auth path and the admin CLI. */
import type { Pool, PoolClient } from 'pg';
import type { AccountEvent, SuspensionReason } from '../domain/events.js';
import type { RecordedEvent } from '../infra/eventstore/types.js';
import type { Projection } from './runner.js';

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
};

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
