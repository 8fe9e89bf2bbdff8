/**
 * The operators' commands (design.md "Operators' interface"). Each appends through the deciders and
 * returns only once the read side shows the change (it catches the projections up itself, so it does
 * not depend on a projector process running). A command that takes access away or gives it back
 * (suspend, reinstate, cancel, rotate, revoke) also announces the change to the API processes (a NOTIFY),
 * which drop their cached copies of keys and accounts at once, so the next request already sees it; when
 * it cannot announce it, it waits until their polling has (KEY_CACHE_SETTLE_MS).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { ACCESS_CHANGED_CHANNEL, KEY_CACHE_SETTLE_MS } from '../api/key-cache.js';
import { accountDecider, balanceOf, accountStatus, type AccountCommand, type AccountState } from '../domain/account.js';
import { apiKeyDecider, assertKeyQuota, type ApiKeyState, DEFAULT_ROTATION_GRACE_SECONDS, generateKeySecret, hashKey, parseAllowList, parseScopes, successorOf, type ApiKeyCommand } from '../domain/apikey.js';
import { DomainError } from '../domain/error-codes.js';
import { streams, type SuspensionReason } from '../domain/events.js';
import { findPlan, PLAN_KEY_BY_SLUG, type Plan } from '../domain/plans.js';
import { handleCommand, loadStream, StreamStateCache } from '../infra/command-handler.js';
import type { EventStore } from '../infra/eventstore/types.js';
import { countActiveKeys, findKey } from '../projections/api-keys.js';
import type { ProjectionRunner } from '../projections/runner.js';

export interface AdminDeps {
  store: EventStore;
  pool: Pool;
  runner: ProjectionRunner;
  extraPlans: Readonly<Record<string, Plan>>;
  now?: () => Date;
  /** Tells every API process that keys or accounts changed (default: NOTIFY on ACCESS_CHANGED_CHANNEL). */
  announceAccessChange?: () => Promise<void>;
}

export class AdminCommands {
  /** Streams this process read or wrote, by revision: a command that checks a stream, then appends to it, reads it once. */
  private readonly accountStates = new StreamStateCache<AccountState>();
  private readonly keyStates = new StreamStateCache<ApiKeyState>();

  constructor(private readonly deps: AdminDeps) {}

  private now(): string { return (this.deps.now?.() ?? new Date()).toISOString(); }

  private async visible(position: bigint | null): Promise<void> {
    if (position !== null) await this.deps.runner.catchUpTo(position);
  }

  /** Until every API process has dropped its cached copy of keys and accounts (see api/key-cache.ts). */
  private async settled(): Promise<void> {
    try {
      if (this.deps.announceAccessChange) await this.deps.announceAccessChange();
      else await this.deps.pool.query(`NOTIFY ${ACCESS_CHANGED_CHANNEL}`);
      return;
    } catch {
      // Not announced: the API processes see the change by polling.
    }
    await new Promise((resolve) => setTimeout(resolve, KEY_CACHE_SETTLE_MS));
  }

  private async account(accountId: string, command: AccountCommand): Promise<AccountState> {
    const result = await handleCommand(this.deps.store, streams.account(accountId), accountDecider, command, { cache: this.accountStates });
    await this.visible(result.position);
    return result.state;
  }

  private async existingAccount(accountId: string): Promise<AccountState> {
    const { state } = await loadStream(this.deps.store, streams.account(accountId), accountDecider, this.accountStates);
    if (state.status === 'empty') throw new DomainError('NOT_FOUND', `account ${accountId} does not exist`);
    return state;
  }

  /** `--plan growth|scale`, a plan key (api_growth, or an operator plan), or `none` for an account without a subscription. */
  async createAccount(input: { plan: string; email: string | null }): Promise<{ account_id: string }> {
    const accountId = randomUUID();
    if (input.plan === 'none') {
      const appended = await this.deps.store.append(streams.account(accountId), [
        { type: 'AccountOpened', data: { accountId, email: input.email, at: this.now() } },
      ], 'no_stream');
      await this.visible(appended.position);
      return { account_id: accountId };
    }
    const planKey = PLAN_KEY_BY_SLUG[input.plan as 'growth' | 'scale'] ?? input.plan;
    await this.account(accountId, { type: 'OpenAccount', data: { accountId, email: input.email, planKey, now: this.now(), plans: this.deps.extraPlans } });
    return { account_id: accountId };
  }

  /**
   * Bulk provisioning: `count` accounts on `plan`, each with one key when `keyName` is given, created a
   * few at a time; the read side is caught up once, at the end, before it returns.
   */
  async createCustomers(input: { plan: string; count: number; email?: string | null; keyName?: string | null; scopes?: string | null }): Promise<Array<{ account_id: string; key_id?: string; key?: string }>> {
    const planKey = PLAN_KEY_BY_SLUG[input.plan as 'growth' | 'scale'] ?? input.plan;
    const plan = findPlan(planKey, this.deps.extraPlans);
    if (!plan) throw new DomainError('PLAN_NOT_FOUND', `plan ${input.plan} has no configuration`);
    const withKey = input.keyName !== undefined && input.keyName !== null;
    if (withKey) assertKeyQuota(0, plan);
    const scopes = parseScopes(input.scopes ?? 'humanize,detect,tones');
    const out: Array<{ account_id: string; key_id?: string; key?: string }> = [];
    let last: bigint | null = null;
    const note = (position: bigint | null) => { if (position !== null && (last === null || position > last)) last = position; };
    let next = 0;
    const one = async (): Promise<void> => {
      while (next < input.count) {
        next++;
        const accountId = randomUUID();
        const opened = await handleCommand(this.deps.store, streams.account(accountId), accountDecider, {
          type: 'OpenAccount', data: { accountId, email: input.email ?? null, planKey, now: this.now(), plans: this.deps.extraPlans },
        });
        note(opened.position);
        if (!withKey) { out.push({ account_id: accountId }); continue; }
        const keyId = randomUUID();
        const secret = generateKeySecret(randomBytes(32));
        const issued = await handleCommand(this.deps.store, streams.apiKey(keyId), apiKeyDecider, { type: 'IssueKey', data: {
          keyId, accountId, name: input.keyName as string, hash: hashKey(secret), scopes, allowIps: [], rotatedFrom: null, now: this.now(),
        } });
        note(issued.position);
        out.push({ account_id: accountId, key_id: keyId, key: secret });
      }
    };
    await Promise.all(Array.from({ length: Math.min(16, input.count) }, one));
    await this.visible(last);
    return out;
  }

  async topUp(accountId: string, words: number): Promise<{ account_id: string; words_remaining: number }> {
    await this.existingAccount(accountId);
    const state = await this.account(accountId, { type: 'TopUp', data: { words, now: this.now() } });
    return { account_id: accountId, words_remaining: balanceOf(state).total };
  }

  async adjust(accountId: string, words: number, reason: string): Promise<{ account_id: string; words_remaining: number }> {
    await this.existingAccount(accountId);
    const state = await this.account(accountId, { type: 'AdjustBalance', data: { words, reason, now: this.now() } });
    return { account_id: accountId, words_remaining: balanceOf(state).total };
  }

  async suspend(accountId: string, reason: SuspensionReason): Promise<{ account_id: string; status: string }> {
    await this.existingAccount(accountId);
    const state = await this.account(accountId, { type: 'Suspend', data: { reason, now: this.now() } });
    await this.settled();
    return { account_id: accountId, status: accountStatus(state) };
  }

  async reinstate(accountId: string): Promise<{ account_id: string; status: string }> {
    await this.existingAccount(accountId);
    const state = await this.account(accountId, { type: 'Reinstate', data: { now: this.now() } });
    await this.settled();
    return { account_id: accountId, status: accountStatus(state) };
  }

  async cancel(accountId: string): Promise<{ account_id: string; status: string }> {
    await this.existingAccount(accountId);
    const state = await this.account(accountId, { type: 'Cancel', data: { now: this.now() } });
    await this.settled();
    return { account_id: accountId, status: accountStatus(state) };
  }

  private async key(keyId: string, command: ApiKeyCommand) {
    const result = await handleCommand(this.deps.store, streams.apiKey(keyId), apiKeyDecider, command, { cache: this.keyStates });
    await this.visible(result.position);
    return result;
  }

  async createKey(input: { accountId: string; name: string | null; scopes: string | null; allowIps: string | null }): Promise<{ key_id: string; key: string }> {
    const state = await this.existingAccount(input.accountId);
    if (state.status !== 'open') throw new DomainError('NOT_FOUND', `account ${input.accountId} does not exist`);
    // An account without a subscription may hold keys (issued before it subscribes); its requests are refused
    // with 403 NO_SUBSCRIPTION, and it gets the smallest key quota.
    const planKey = state.subscription.status === 'none' ? PLAN_KEY_BY_SLUG.growth : state.subscription.planKey;
    const plan = findPlan(planKey, this.deps.extraPlans);
    if (!plan) throw new DomainError('PLAN_NOT_FOUND', `plan ${planKey} has no configuration`);
    // The quota counts keys on the read side: bring it up to the head of the log first.
    await this.deps.runner.catchUpTo(await this.deps.store.headPosition());
    assertKeyQuota(await countActiveKeys(this.deps.pool, input.accountId, new Date()), plan);
    const keyId = randomUUID();
    const secret = generateKeySecret(randomBytes(32));
    await this.key(keyId, { type: 'IssueKey', data: {
      keyId, accountId: input.accountId, name: input.name ?? 'default', hash: hashKey(secret),
      scopes: parseScopes(input.scopes ?? 'humanize,detect,tones'), allowIps: input.allowIps ? parseAllowList(input.allowIps) : [],
      rotatedFrom: null, now: this.now(),
    } });
    return { key_id: keyId, key: secret };
  }

  async rotateKey(keyId: string, graceSeconds: number | null): Promise<{ key_id: string; key: string; old_key_expires_at: string }> {
    const { state } = await loadStream(this.deps.store, streams.apiKey(keyId), apiKeyDecider, this.keyStates);
    const newKeyId = randomUUID();
    const secret = generateKeySecret(randomBytes(32));
    const now = this.now();
    const issue = successorOf(state, { keyId: newKeyId, hash: hashKey(secret), now });
    if (state.status !== 'live') throw new DomainError(state.status === 'rotated' ? 'VALIDATION_FAILED' : 'INVALID_KEY', `key ${keyId} is ${state.status}; only a live key can be rotated`);
    // The successor exists before the old key points at it.
    await this.key(newKeyId, issue);
    const rotated = await this.key(keyId, { type: 'RotateKey', data: { newKeyId, graceSeconds: graceSeconds ?? DEFAULT_ROTATION_GRACE_SECONDS, now } });
    await this.settled();
    const event = rotated.events.find((e) => e.type === 'ApiKeyRotated');
    return { key_id: newKeyId, key: secret, old_key_expires_at: event?.type === 'ApiKeyRotated' ? event.data.expiresAt : now };
  }

  async revokeKey(keyId: string): Promise<{ key_id: string; status: string }> {
    if (!(await findKey(this.deps.pool, keyId)) && (await this.deps.store.read(streams.apiKey(keyId))).length === 0) {
      throw new DomainError('INVALID_KEY', `key ${keyId} does not exist`);
    }
    await this.key(keyId, { type: 'RevokeKey', data: { now: this.now() } });
    await this.settled();
    return { key_id: keyId, status: 'revoked' };
  }

  async rebuildProjections(names: string[] | null): Promise<{ rebuilt: string[]; events: number; ms: number }> {
    return this.deps.runner.rebuild(names ?? undefined);
  }
}
