import { expect } from 'chai';
import { foldEvents } from '../domain/decider.js';
import type { IdempotencyEvent } from '../domain/events.js';
import {
  claimIdempotencyKey, claimOutcomeError, idempotencyDecider, type ClaimRequest, type IdempotencyCommand,
} from '../domain/idempotency.js';
import { given } from './support/given.js';

const T0 = '2024-05-01T12:00:00.000Z';
const TTL = 3600;
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
const request = (overrides: Partial<ClaimRequest> = {}): ClaimRequest => ({
  key: 'idem-1', accountId: 'acc', keyId: 'k1', endpoint: 'humanize', now: at(10), ttlSeconds: TTL, ...overrides,
});
const claimed: IdempotencyEvent = { type: 'IdempotencyKeyClaimed', data: { key: 'idem-1', accountId: 'acc', keyId: 'k1', endpoint: 'humanize', at: T0 } };
const body = { object: 'humanization', id: 'idem-1', humanized_text: 'hi' };
const stored = (seconds = 5): IdempotencyEvent => ({ type: 'IdempotentResultStored', data: { key: 'idem-1', status: 200, body, at: at(seconds) } });
const released: IdempotencyEvent = { type: 'IdempotencyKeyReleased', data: { key: 'idem-1', code: 'AI_GENERATION_FAILED', at: at(5) } };
const stateOf = (...events: IdempotencyEvent[]) => foldEvents(idempotencyDecider, events);
const keyStream = (...events: IdempotencyEvent[]) => given(idempotencyDecider, events);

describe('idempotency keys', () => {
  describe('claimIdempotencyKey', () => {
    it('claims an unused key', () => {
      const outcome = claimIdempotencyKey(stateOf(), request({ now: T0 }));
      expect(outcome).to.deep.equal({ kind: 'claimed', events: [claimed] });
      expect(claimOutcomeError(outcome)).to.equal(null);
    });
    it('replays a stored result within the TTL', () => {
      const outcome = claimIdempotencyKey(stateOf(claimed, stored(5)), request({ now: at(5 + TTL - 1) }));
      expect(outcome).to.deep.equal({ kind: 'replay', status: 200, body });
    });
    it('requires a retry once the stored result is past the TTL', () => {
      const outcome = claimIdempotencyKey(stateOf(claimed, stored(5)), request({ now: at(5 + TTL) }));
      expect(outcome).to.deep.equal({ kind: 'retry_required', reason: 'expired' });
      expect(claimOutcomeError(outcome)).to.equal('RETRY_REQUIRED');
    });
    it('requires a retry after the original was refunded and released', () => {
      expect(claimIdempotencyKey(stateOf(claimed, released), request())).to.deep.equal({ kind: 'retry_required', reason: 'released' });
    });
    it('reports a claim still being processed as in flight, and an abandoned one as expired', () => {
      expect(claimIdempotencyKey(stateOf(claimed), request())).to.deep.equal({ kind: 'in_flight' });
      expect(claimIdempotencyKey(stateOf(claimed), request({ now: at(TTL) }))).to.deep.equal({ kind: 'retry_required', reason: 'expired' });
    });
    it('is a conflict under another API key, account or endpoint, whatever the state', () => {
      for (const state of [stateOf(claimed), stateOf(claimed, stored()), stateOf(claimed, released)]) {
        for (const other of [{ keyId: 'k2' }, { accountId: 'acc-2' }, { endpoint: 'detect' as const }]) {
          const outcome = claimIdempotencyKey(state, request(other));
          expect(outcome).to.deep.equal({ kind: 'conflict' });
          expect(claimOutcomeError(outcome)).to.equal('IDEMPOTENCY_KEY_CONFLICT');
        }
      }
    });
    it('refuses a bad TTL or timestamp', () => {
      expect(() => claimIdempotencyKey(stateOf(), request({ ttlSeconds: 0 }))).to.throw(/ttlSeconds/);
      expect(() => claimIdempotencyKey(stateOf(), request({ now: 'soon' }))).to.throw(/now/);
    });
  });

  describe('decider', () => {
    const store = (status = 200): IdempotencyCommand => ({ type: 'StoreResult', data: { key: 'idem-1', status, body, now: at(5) } });
    const release: IdempotencyCommand = { type: 'Release', data: { key: 'idem-1', code: 'AI_GENERATION_FAILED', now: at(5) } };

    it('Claim appends the claim on an unused key and nothing otherwise', () => {
      keyStream().when({ type: 'Claim', data: request({ now: T0 }) }).then([claimed]);
      keyStream(claimed).when({ type: 'Claim', data: request() }).then([]);
    });
    it('StoreResult stores the first result; storing again is a no-op', () => {
      const { state } = keyStream(claimed).when(store()).then([stored(5)]);
      expect(state.status).to.equal('stored');
      keyStream(claimed, stored()).when(store()).then([]);
    });
    it('StoreResult refuses an unclaimed or released key and a bad status', () => {
      keyStream().when(store()).thenThrows('VALIDATION_FAILED');
      keyStream(claimed, released).when(store()).thenThrows('VALIDATION_FAILED');
      keyStream(claimed).when(store(42)).thenThrows('VALIDATION_FAILED');
    });
    it('Release releases a claimed key; releasing again is a no-op', () => {
      keyStream(claimed).when(release).then([released]);
      keyStream(claimed, released).when(release).then([]);
    });
    it('Release refuses an unclaimed key, a stored result and a blank code', () => {
      keyStream().when(release).thenThrows('VALIDATION_FAILED');
      keyStream(claimed, stored()).when(release).thenThrows('VALIDATION_FAILED');
      keyStream(claimed).when({ type: 'Release', data: { key: 'idem-1', code: '', now: at(5) } }).thenThrows('VALIDATION_FAILED');
    });
  });
});

/** Never run: compiled by the type-check test (domain-types.test.ts), where each directive must hold. */
export function idempotencyTypeChecks(): void {
  // @ts-expect-error: a stored result needs its HTTP status
  keyStream(claimed, { type: 'IdempotentResultStored', data: { key: 'idem-1', body, at: T0 } });
  // @ts-expect-error: Claim needs the TTL
  keyStream().when({ type: 'Claim', data: { key: 'k', accountId: 'a', keyId: 'k1', endpoint: 'humanize', now: T0 } });
}
