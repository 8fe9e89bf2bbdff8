import { expect } from 'chai';
import { Redis } from 'ioredis';
import { createLimiter, LimiterUnavailableError, rateLimitHeaders, type Limiter } from '../infra/limits.js';
import { freshPrefix, REDIS_URL } from './support/db.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('limits (Redis-shared rate limits and in-flight slots)', () => {
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };
  let redis: Redis;
  let limiter: Limiter;
  let prefix: string;

  before(() => { redis = connect(); });
  beforeEach(() => {
    prefix = freshPrefix('limits');
    limiter = createLimiter({ redis, prefix });
  });
  afterEach(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
  });

  describe('fixed-window rate limits', () => {
    it('counts remaining down and refuses exactly the N+1th request', async () => {
      const seen: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const r = await limiter.primary('acct-a', 5);
        expect(r).to.include({ allowed: true, bucket: 'primary', limit: 5, resetSeconds: 0, retryAfterSeconds: 0 });
        seen.push(r.remaining);
      }
      expect(seen).to.deep.equal([4, 3, 2, 1, 0]);
      const refused = await limiter.primary('acct-a', 5);
      expect(refused).to.include({ allowed: false, limit: 5, remaining: 0 });
      expect(refused.resetSeconds).to.be.within(1, 60);
      expect(refused.retryAfterSeconds).to.equal(refused.resetSeconds);
    });

    it('peekPrimary reports the primary window without counting', async () => {
      expect(await limiter.peekPrimary('acct-p', 2)).to.include({ allowed: true, bucket: 'primary', limit: 2, remaining: 2, resetSeconds: 0, retryAfterSeconds: 0 });
      await limiter.primary('acct-p', 2);
      for (let i = 0; i < 3; i += 1) expect(await limiter.peekPrimary('acct-p', 2)).to.include({ allowed: true, remaining: 1, resetSeconds: 0 });
      await limiter.primary('acct-p', 2);
      const full = await limiter.peekPrimary('acct-p', 2);
      expect(full).to.include({ allowed: false, remaining: 0 });
      expect(full.resetSeconds).to.be.within(1, 60);
      expect(full.retryAfterSeconds).to.equal(full.resetSeconds);
      expect((await limiter.primary('acct-p', 2)).allowed).to.equal(false);
    });

    it('keeps accounts and buckets apart', async () => {
      for (let i = 0; i < 2; i += 1) await limiter.primary('acct-a', 2);
      expect((await limiter.primary('acct-a', 2)).allowed).to.equal(false);
      expect(await limiter.primary('acct-b', 2)).to.include({ allowed: true, remaining: 1 });
      expect(await limiter.secondary('acct-a', 2)).to.include({ allowed: true, bucket: 'secondary', remaining: 1 });
    });

    it('does not count refused requests, and a raised cap applies at once', async () => {
      await limiter.primary('acct-a', 1);
      for (let i = 0; i < 3; i += 1) expect((await limiter.primary('acct-a', 1)).allowed).to.equal(false);
      // a plan upgrade mid-window: 1 request used, so 2 of the new 3 remain
      expect(await limiter.primary('acct-a', 3)).to.include({ allowed: true, remaining: 1 });
    });

    it('opens a new window once Retry-After has passed', async () => {
      const short = createLimiter({ redis, prefix, windowSeconds: 1 });
      for (let i = 0; i < 3; i += 1) expect((await short.primary('acct-a', 3)).allowed).to.equal(true);
      const refused = await short.primary('acct-a', 3);
      expect(refused).to.include({ allowed: false, retryAfterSeconds: 1, resetSeconds: 1 });
      await sleep(refused.retryAfterSeconds * 1000 + 50);
      expect(await short.primary('acct-a', 3)).to.include({ allowed: true, remaining: 2, resetSeconds: 0 });
    });

    it('allows exactly the cap out of a parallel burst', async () => {
      const results = await Promise.all(Array.from({ length: 100 }, () => limiter.primary('acct-burst', 60)));
      const allowed = results.filter((r) => r.allowed);
      expect(allowed).to.have.length(60);
      expect(allowed.map((r) => r.remaining).sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 60 }, (_, i) => i));
      expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds >= 1)).to.equal(true);
    });

    it('shares counts between two independent connections (two API processes)', async () => {
      const other = createLimiter({ redis: connect(), prefix });
      const remaining: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const r = await (i % 2 === 0 ? limiter : other).primary('acct-shared', 4);
        remaining.push(r.remaining);
      }
      expect(remaining).to.deep.equal([3, 2, 1, 0]);
      expect((await other.primary('acct-shared', 4)).allowed).to.equal(false);
      expect((await limiter.primary('acct-shared', 4)).allowed).to.equal(false);
    });

    it('limits health per IP, treating an IPv4-mapped address as the IPv4 one', async () => {
      expect(await limiter.healthByIp('203.0.113.7', 2)).to.include({ allowed: true, bucket: 'health', remaining: 1 });
      expect(await limiter.healthByIp('::ffff:203.0.113.7', 2)).to.include({ allowed: true, remaining: 0 });
      expect((await limiter.healthByIp('203.0.113.7', 2)).allowed).to.equal(false);
      expect((await limiter.healthByIp('2001:db8::1', 2)).allowed).to.equal(true);
    });

    it('rejects a non-positive or fractional cap', async () => {
      for (const bad of [0, -1, 1.5, Number.NaN]) {
        const failure = await limiter.primary('acct-a', bad).then(() => null, (err: unknown) => err);
        expect(failure).to.be.instanceOf(RangeError);
      }
    });
  });

  describe('tone writes with the shared secondary bucket', () => {
    it('refuses on the tone-write cap without spending the secondary bucket', async () => {
      for (let i = 0; i < 2; i += 1) {
        expect(await limiter.secondaryAndToneWrites('acct-t', 5, 2)).to.include({ allowed: true });
      }
      const refused = await limiter.secondaryAndToneWrites('acct-t', 5, 2);
      expect(refused).to.include({ allowed: false, bucket: 'tone_writes', limit: 2, remaining: 0 });
      expect(refused.retryAfterSeconds).to.be.at.least(1);
      // 2 writes counted against the secondary bucket; the refused one was not
      expect(await limiter.secondary('acct-t', 5)).to.include({ allowed: true, remaining: 2 });
    });

    it('refuses on the secondary cap without spending the tone-write bucket', async () => {
      for (let i = 0; i < 3; i += 1) await limiter.secondary('acct-t', 3);
      const refused = await limiter.secondaryAndToneWrites('acct-t', 3, 10);
      expect(refused).to.include({ allowed: false, bucket: 'secondary', limit: 3 });
      expect(await limiter.toneWrites('acct-t', 10)).to.include({ allowed: true, bucket: 'tone_writes', remaining: 9 });
    });

    it('reports the tighter bucket while both allow', async () => {
      expect(await limiter.secondaryAndToneWrites('acct-t', 60, 10)).to.include({ bucket: 'tone_writes', remaining: 9 });
      for (let i = 0; i < 55; i += 1) await limiter.secondary('acct-t', 60);
      expect(await limiter.secondaryAndToneWrites('acct-t', 60, 10)).to.include({ bucket: 'secondary', remaining: 3 });
    });
  });

  describe('in-flight slots', () => {
    it('refuses at the maximum, and a release frees a slot exactly once', async () => {
      expect(await limiter.acquireSlot('acct-c', 2, 'r1', 10_000)).to.deep.equal({ acquired: true, limit: 2, inFlight: 1 });
      expect(await limiter.acquireSlot('acct-c', 2, 'r2', 10_000)).to.deep.equal({ acquired: true, limit: 2, inFlight: 2 });
      expect(await limiter.acquireSlot('acct-c', 2, 'r3', 10_000)).to.deep.equal({ acquired: false, limit: 2, inFlight: 2 });
      expect(await limiter.releaseSlot('acct-c', 'r1')).to.equal(true);
      expect(await limiter.releaseSlot('acct-c', 'r1')).to.equal(false);
      expect(await limiter.acquireSlot('acct-c', 2, 'r3', 10_000)).to.include({ acquired: true, inFlight: 2 });
      expect((await limiter.acquireSlot('acct-c', 2, 'r4', 10_000)).acquired).to.equal(false);
    });

    it('renews rather than double-counts a repeated acquire by the same request', async () => {
      await limiter.acquireSlot('acct-c', 2, 'r1', 10_000);
      expect(await limiter.acquireSlot('acct-c', 2, 'r1', 10_000)).to.include({ acquired: true, inFlight: 1 });
    });

    it('reclaims the slot of a holder that crashed once its ttl has passed', async () => {
      const crashed = createLimiter({ redis: connect(), prefix });
      expect((await crashed.acquireSlot('acct-c', 1, 'lost', 200)).acquired).to.equal(true);
      expect((await limiter.acquireSlot('acct-c', 1, 'next', 10_000)).acquired).to.equal(false);
      await sleep(250);
      expect(await limiter.acquireSlot('acct-c', 1, 'next', 10_000)).to.include({ acquired: true, inFlight: 1 });
      expect(await crashed.refreshSlot('acct-c', 'lost', 10_000)).to.equal(false);
    });

    it('keeps a refreshed holder past its first ttl', async () => {
      await limiter.acquireSlot('acct-c', 1, 'long', 200);
      expect(await limiter.refreshSlot('acct-c', 'long', 10_000)).to.equal(true);
      await sleep(250);
      expect((await limiter.acquireSlot('acct-c', 1, 'other', 10_000)).acquired).to.equal(false);
    });

    it('grants exactly the maximum out of a parallel burst from two processes', async () => {
      const other = createLimiter({ redis: connect(), prefix });
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? limiter : other).acquireSlot('acct-burst', 10, `req-${i}`, 10_000)));
      expect(results.filter((r) => r.acquired)).to.have.length(10);
      expect(await redis.zcard(`${prefix}limit:{acct:acct-burst}:inflight`)).to.equal(10);
    });
  });

  describe('rate limit and slot in one step (primaryWithSlot)', () => {
    it('counts the request and takes a slot, refusing the slot past the maximum while still counting', async () => {
      expect(await limiter.primaryWithSlot('acct-p', 5, 2, 'r1', 10_000)).to.deep.equal({
        rate: { allowed: true, bucket: 'primary', limit: 5, remaining: 4, resetSeconds: 0, retryAfterSeconds: 0 },
        slot: { acquired: true, limit: 2, inFlight: 1 },
      });
      expect((await limiter.primaryWithSlot('acct-p', 5, 2, 'r2', 10_000)).slot).to.deep.equal({ acquired: true, limit: 2, inFlight: 2 });
      const third = await limiter.primaryWithSlot('acct-p', 5, 2, 'r3', 10_000);
      expect(third.rate).to.include({ allowed: true, remaining: 2 });
      expect(third.slot).to.deep.equal({ acquired: false, limit: 2, inFlight: 2 });
      // The same counters as primary() and acquireSlot(): they see what the combined step did.
      expect(await limiter.primary('acct-p', 5)).to.include({ allowed: true, remaining: 1 });
      expect(await limiter.acquireSlot('acct-p', 2, 'r4', 10_000)).to.include({ acquired: false, inFlight: 2 });
      expect(await limiter.releaseSlot('acct-p', 'r1')).to.equal(true);
      expect((await limiter.primaryWithSlot('acct-p', 5, 2, 'r5', 10_000)).slot).to.deep.equal({ acquired: true, limit: 2, inFlight: 2 });
    });

    it('refuses at the rate limit without counting it or taking a slot', async () => {
      for (let i = 0; i < 2; i += 1) await limiter.primaryWithSlot('acct-q', 2, 10, `r${i}`, 10_000);
      const refused = await limiter.primaryWithSlot('acct-q', 2, 10, 'r2', 10_000);
      expect(refused.slot).to.equal(null);
      expect(refused.rate).to.include({ allowed: false, bucket: 'primary', limit: 2, remaining: 0 });
      expect(refused.rate.retryAfterSeconds).to.be.within(1, 60);
      expect(await redis.zcard(`${prefix}limit:{acct:acct-q}:inflight`)).to.equal(2);
      expect(await redis.get(`${prefix}limit:{acct:acct-q}:primary`)).to.equal('2');
    });

    it('reclaims an expired holder and renews a repeated holder, as acquireSlot does', async () => {
      expect((await limiter.primaryWithSlot('acct-r', 100, 1, 'lost', 200)).slot?.acquired).to.equal(true);
      expect((await limiter.primaryWithSlot('acct-r', 100, 1, 'next', 10_000)).slot?.acquired).to.equal(false);
      await sleep(250);
      expect((await limiter.primaryWithSlot('acct-r', 100, 1, 'next', 10_000)).slot).to.deep.equal({ acquired: true, limit: 1, inFlight: 1 });
      expect((await limiter.primaryWithSlot('acct-r', 100, 1, 'next', 10_000)).slot).to.deep.equal({ acquired: true, limit: 1, inFlight: 1 });
    });

    it('grants exactly the maximum out of a parallel burst from two processes', async () => {
      const other = createLimiter({ redis: connect(), prefix });
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? limiter : other).primaryWithSlot('acct-pb', 1_000, 10, `req-${i}`, 10_000)));
      expect(results.filter((r) => r.slot?.acquired)).to.have.length(10);
      expect(await redis.get(`${prefix}limit:{acct:acct-pb}:primary`)).to.equal('50');
    });
  });

  describe('rateLimitHeaders', () => {
    it('writes the section 8 headers, Retry-After when refused or asked for always', () => {
      const ok = { allowed: true, bucket: 'primary', limit: 60, remaining: 12, resetSeconds: 0, retryAfterSeconds: 0 } as const;
      expect(rateLimitHeaders(ok)).to.deep.equal({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '12', 'X-RateLimit-Reset': '0' });
      expect(rateLimitHeaders(ok, 'always')).to.deep.equal({
        'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '12', 'X-RateLimit-Reset': '0', 'Retry-After': '0',
      });
      const refused = { ...ok, allowed: false, remaining: 0, resetSeconds: 41, retryAfterSeconds: 41 };
      expect(rateLimitHeaders(refused)).to.deep.equal({
        'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '41', 'Retry-After': '41',
      });
    });
  });

  describe('when Redis is unreachable', () => {
    it('rejects with LimiterUnavailableError instead of hanging', async () => {
      const down = new Redis('redis://127.0.0.1:1', {
        lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null,
      });
      down.on('error', () => { /* expected: nothing listens there */ });
      clients.push(down);
      const offline = createLimiter({ redis: down, prefix });
      for (const attempt of [
        () => offline.primary('acct-a', 60),
        () => offline.acquireSlot('acct-a', 10, 'r1', 1000),
        () => offline.primaryWithSlot('acct-a', 60, 10, 'r1', 1000),
        () => offline.releaseSlot('acct-a', 'r1'),
      ]) {
        const failure = await attempt().then(() => null, (err: unknown) => err);
        expect(failure).to.be.instanceOf(LimiterUnavailableError);
      }
    });
  });
});
