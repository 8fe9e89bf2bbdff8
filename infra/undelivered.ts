/**
 * Final results a worker could not publish (Redis down or nobody subscribed at that moment). The API
 * process that gave up waiting looks here before it answers with a failure, so a request that was
 * charged is answered with its result. Rows are short-lived hand-overs, not history: the event log
 * holds the charge.
 */
import type { Pool } from 'pg';
import { jobIdFor, type JobRef, type ProgressMessage } from '../domain/jobs.js';

export class UndeliveredResults {
  constructor(private readonly pool: Pool) {}

  async setup(): Promise<void> {
    try {
      await this.pool.query(`CREATE TABLE IF NOT EXISTS undelivered_results (
        request_id text PRIMARY KEY,
        message jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    } catch (err: unknown) {
      // Processes starting together race on IF NOT EXISTS; the loser sees the winner's table.
      const code = (err as { code?: string }).code;
      if (code !== '23505' && code !== '42P07') throw err;
    }
  }

  /** Rows are keyed by account and request (jobIdFor): request ids are unique only within an account. */
  async put(ref: JobRef, message: ProgressMessage): Promise<void> {
    await this.pool.query(
      `INSERT INTO undelivered_results (request_id, message) VALUES ($1, $2)
       ON CONFLICT (request_id) DO UPDATE SET message = EXCLUDED.message`,
      [jobIdFor(ref), JSON.stringify(message)],
    );
    await this.pool.query(`DELETE FROM undelivered_results WHERE created_at < now() - interval '1 day'`);
  }

  async take(ref: JobRef): Promise<ProgressMessage | null> {
    const { rows } = await this.pool.query('DELETE FROM undelivered_results WHERE request_id = $1 RETURNING message', [jobIdFor(ref)]);
    return rows[0] ? (rows[0].message as ProgressMessage) : null;
  }
}
