/**
 * In-process cache of API key and account lookups, so the steady state costs no database round trip per
 * request. The operators' commands that take access away or give it back announce the change with a
 * PostgreSQL NOTIFY on ACCESS_CHANGED_CHANNEL before they return, and every API process, listening, drops its
 * cache on it;
 * each also polls the read models' change positions a few times a second and drops its cache when they move,
 * so a change reaches a process that missed the announcement within KEY_CACHE_SETTLE_MS.
 */
import type { Pool } from 'pg';
import { findAccount, type AccountRow } from '../projections/accounts.js';
import { findKeyByHash, type KeyRow } from '../projections/api-keys.js';
import type { Logger } from '../infra/logger.js';

export interface KeyLookup { key: KeyRow; account: AccountRow | null }

const MAX_ENTRIES = 50_000;

/** The PostgreSQL notification channel on which operators' commands announce a change of keys or accounts. */
export const ACCESS_CHANGED_CHANNEL = 'access_changed';

/** How often each API process checks the read models for a change to keys or accounts. */
export const KEY_CACHE_POLL_MS = 250;

/**
 * How long after the read models show a change every API process has dropped its cached copy by polling alone:
 * two polls (one may have started just before the change) and a margin for the poll query itself. An
 * operator's command that could not announce its change waits this long before it returns.
 */
export const KEY_CACHE_SETTLE_MS = 2 * KEY_CACHE_POLL_MS + 100;

export class KeyCache {
  private entries = new Map<string, Promise<KeyLookup | null>>();
  private version = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pool: Pool, private readonly logger: Logger, private readonly pollMs: number = KEY_CACHE_POLL_MS) {}

  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Drops every cached key and account, as a change of the read models' positions does: called when an
   * operator's command announces a change, so the next request reads it without waiting for a poll.
   */
  invalidate(): void {
    this.entries.clear();
  }

  lookup(hash: string): Promise<KeyLookup | null> {
    let hit = this.entries.get(hash);
    if (!hit) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      hit = this.load(hash);
      this.entries.set(hash, hit);
      // A failed load must not stay cached.
      hit.catch(() => this.entries.delete(hash));
    }
    return hit;
  }

  private async load(hash: string): Promise<KeyLookup | null> {
    const key = await findKeyByHash(this.pool, hash);
    if (!key) return null;
    return { key, account: await findAccount(this.pool, key.accountId) };
  }

  private async poll(): Promise<void> {
    try {
      const { rows } = await this.pool.query(
        `SELECT (SELECT coalesce(max(updated_position), -1) FROM api_keys)::text || '/' ||
                (SELECT coalesce(max(updated_position), -1) FROM accounts)::text AS v`,
      );
      const v = rows[0].v as string;
      if (v !== this.version) {
        this.version = v;
        this.entries.clear();
      }
    } catch (err: unknown) {
      this.logger.warn({ err }, 'key cache poll failed; serving cached keys');
    }
  }
}
