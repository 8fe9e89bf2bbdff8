/**
 * In-process cache of API key and account lookups, so the steady state costs no database round trip per
 * request. Each API process polls the read models' change positions a few times a second and drops its
 * cache when they move, so a revoke, rotation or suspension takes effect everywhere within KEY_CACHE_SETTLE_MS
 * (the operators' commands wait that long before they return).
 */
import type { Pool } from 'pg';
import { findAccount, type AccountRow } from '../projections/accounts.js';
import { findKeyByHash, type KeyRow } from '../projections/api-keys.js';
import type { Logger } from '../infra/logger.js';

export interface KeyLookup { key: KeyRow; account: AccountRow | null }

const MAX_ENTRIES = 50_000;

/** How often each API process checks the read models for a change to keys or accounts. */
export const KEY_CACHE_POLL_MS = 250;

/**
 * How long after the read models show a change every API process has dropped its cached copy: two polls
 * (one may have started just before the change) and a margin for the poll query itself. The operators'
 * commands that revoke, rotate or suspend wait this long before they return.
 */
export const KEY_CACHE_SETTLE_MS = 2 * KEY_CACHE_POLL_MS + 100;

export class KeyCache {
  private entries = new Map<string, Promise<KeyLookup | null>>();
  private version = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pool: Pool, private readonly logger: Logger, private readonly pollMs = KEY_CACHE_POLL_MS) {}

  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
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
