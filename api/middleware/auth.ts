/**
 * Authentication and account access (spec section 5): Bearer key → hash → cached key and account
 * lookup → key status, IP allowlist, account state and plan. Sets ctx.state.principal.
 */
import type { Context, Middleware } from 'koa';
import type { Scope } from '../../domain/events.js';
import { findPlan, type Plan } from '../../domain/plans.js';
import { hashKey, ipAllowed, keyShape } from '../../domain/apikey.js';
import { ApiError } from '../problem.js';
import type { KeyCache } from '../key-cache.js';

export interface Principal {
  keyId: string;
  keyName: string;
  scopes: Scope[];
  accountId: string;
  plan: Plan;
}

export interface AuthOptions {
  keys: KeyCache;
  trustProxy: boolean;
  extraPlans?: Readonly<Record<string, Plan>>;
  now?: () => Date;
}

/**
 * Client IP: the socket's, or with TRUST_PROXY the last X-Forwarded-For hop: the address the trusted
 * proxy itself saw. Earlier hops are whatever the client wrote (a proxy appends to the header it
 * received), so trusting them would let anyone pass an IP allowlist or dodge the per-IP health limit.
 */
export function clientIp(ctx: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = ctx.get('X-Forwarded-For').split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return ctx.req.socket.remoteAddress ?? '';
}

export function authenticate(options: AuthOptions): Middleware {
  const now = options.now ?? (() => new Date());
  return async function authenticateKey(ctx, next) {
    // Node keeps only the first of repeated Authorization headers; which one a proxy or client meant is
    // anyone's guess, so the request is refused rather than authenticated by one of them.
    // A comma is no token character (RFC 6750): "Bearer a, Bearer b" is two credentials in one header.
    if ((ctx.req.headersDistinct.authorization?.length ?? 0) > 1 || ctx.get('Authorization').includes(',')) {
      throw new ApiError('VALIDATION_FAILED', 'Send exactly one Authorization header.');
    }
    const header = ctx.get('Authorization');
    if (!header) throw new ApiError('MISSING_API_KEY', 'Send your key as Authorization: Bearer <API_KEY>.');
    // Node trims trailing spaces from header values, so "Bearer " arrives as "Bearer": an empty token.
    const match = /^Bearer(?:[ \t]+(.*))?$/i.exec(header);
    if (!match) throw new ApiError('UNKNOWN_ERROR', 'The Authorization header is not a Bearer token.');
    const token = (match[1] ?? '').trim();
    if (!token) throw new ApiError('MISSING_API_KEY', 'The Bearer token is empty.');
    const shape = keyShape(token);
    if (shape === 'missing-prefix') throw new ApiError('INVALID_API_KEY_FORMAT', 'API keys begin with svc_live_.');
    if (shape === 'malformed') throw new ApiError('INVALID_KEY_FORMAT', 'The API key is not well formed.');

    const found = await options.keys.lookup(hashKey(token));
    if (!found) throw new ApiError('INVALID_KEY', 'The API key is unknown or revoked.');
    const { key, account } = found;
    if (key.status === 'revoked') throw new ApiError('INVALID_KEY', 'The API key is unknown or revoked.');
    if (key.status === 'rotated' && (!key.expiresAt || key.expiresAt.getTime() <= now().getTime())) {
      throw new ApiError('KEY_EXPIRED', 'This key was rotated and its grace period has ended; use the new key.');
    }
    if (!account) throw new ApiError('UNKNOWN_ERROR', 'The key could not be matched to an account.');
    const accountPlan = account.planKey ? findPlan(account.planKey, options.extraPlans) : undefined;
    // From here on the request has an account to count against (rate-limit headers on humanize/detect).
    if (accountPlan) ctx.state.limitOwner = { accountId: key.accountId, requestsPerMinute: accountPlan.requestsPerMinute };
    if (key.allowIps.length > 0 && !ipAllowed(key.allowIps, clientIp(ctx, options.trustProxy))) {
      throw new ApiError('IP_NOT_ALLOWED', 'Your IP address is not on this key\'s allowlist.');
    }
    switch (account.suspensionReason) {
      case 'banned': throw new ApiError('BANNED', 'This account is suspended.');
      case 'risk': throw new ApiError('RISK_BLOCKED', 'This account is restricted after unusual activity; contact support.');
      case 'turnstile': throw new ApiError('TURNSTILE_REQUIRED', 'Extra verification is required on this account; contact support.');
      case null: break;
    }
    if (!account.planKey) throw new ApiError('NO_SUBSCRIPTION', 'This account has no subscription.');
    if (account.status === 'cancelled') throw new ApiError('NO_ACTIVE_SUBSCRIPTION', 'This account has no active API plan.');
    const plan = accountPlan;
    if (!plan) throw new ApiError('PLAN_NOT_FOUND', `The account's plan ${account.planKey} has no configuration.`);

    const principal: Principal = { keyId: key.keyId, keyName: key.name, scopes: key.scopes, accountId: key.accountId, plan };
    ctx.state.principal = principal;
    await next();
  };
}

export function requireScope(scope: Scope): Middleware {
  return async function checkScope(ctx, next) {
    const principal = ctx.state.principal as Principal;
    if (!principal.scopes.includes(scope)) throw new ApiError('SCOPE_DENIED', `This key lacks the ${scope} scope.`);
    await next();
  };
}
