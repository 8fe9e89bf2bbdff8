import { expect } from 'chai';
import { createHash } from 'node:crypto';
import {
  apiKeyDecider, assertKeyQuota, generateKeySecret, hashKey, hasScope, ipAllowed, keyAuthError, keyShape, keyStatus,
  normaliseAllowEntry, parseAllowList, parseScopes, successorOf, type ApiKeyCommand,
} from '../domain/apikey.js';
import { DomainError } from '../domain/error-codes.js';
import type { ApiKeyEvent, ApiKeyIssued } from '../domain/events.js';
import { PLANS, type Plan } from '../domain/plans.js';
import { given } from './support/given.js';

const T0 = '2024-05-01T12:00:00.000Z';
const HASH = 'a'.repeat(64);
const keys = (...events: ApiKeyEvent[]) => given(apiKeyDecider, events);

const issued = (data: Partial<ApiKeyIssued['data']> = {}): ApiKeyIssued => ({
  type: 'ApiKeyIssued',
  data: { keyId: 'k1', accountId: 'acc', name: 'ci', hash: HASH, scopes: ['humanize', 'detect'], allowIps: [], rotatedFrom: null, at: T0, ...data },
});
type IssueData = Extract<ApiKeyCommand, { type: 'IssueKey' }>['data'];
const issue = (data: Partial<IssueData> = {}): ApiKeyCommand => ({
  type: 'IssueKey',
  data: { keyId: 'k1', accountId: 'acc', name: 'ci', hash: HASH, scopes: ['detect', 'humanize'], allowIps: [], rotatedFrom: null, now: T0, ...data },
});
const rotated = (expiresAt: string): ApiKeyEvent => ({
  type: 'ApiKeyRotated', data: { keyId: 'k1', accountId: 'acc', newKeyId: 'k2', expiresAt, at: T0 },
});
const revoked: ApiKeyEvent = { type: 'ApiKeyRevoked', data: { keyId: 'k1', accountId: 'acc', at: T0 } };

describe('api key decider', () => {
  describe('IssueKey', () => {
    it('issues a key with canonical scopes and normalised allowlist entries', () => {
      keys().when(issue({ name: '  ci  ', allowIps: ['2001:DB8::1', '::ffff:10.0.0.0/104'] })).then([
        issued({ allowIps: ['2001:db8::1', '10.0.0.0/8'] }),
      ]);
    });
    it('records the rotated-from key', () => {
      keys().when(issue({ keyId: 'k2', rotatedFrom: 'k1' })).then([issued({ keyId: 'k2', rotatedFrom: 'k1' })]);
    });
    it('refuses a second issue on the same stream and invalid fields', () => {
      keys(issued()).when(issue()).thenThrows('VALIDATION_FAILED');
      keys().when(issue({ name: ' ' })).thenThrows('VALIDATION_FAILED');
      keys().when(issue({ name: 'x'.repeat(101) })).thenThrows('VALIDATION_FAILED');
      keys().when(issue({ hash: 'not-a-hash' })).thenThrows('VALIDATION_FAILED');
      keys().when(issue({ scopes: [] })).thenThrows('VALIDATION_FAILED');
      keys().when(issue({ scopes: ['admin' as never] })).thenThrows('VALIDATION_FAILED');
      keys().when(issue({ allowIps: ['10.0.0.300'] })).thenThrows('VALIDATION_FAILED');
      keys().when(issue({ accountId: '' })).thenThrows('VALIDATION_FAILED');
    });
  });

  describe('RotateKey', () => {
    it('puts the old key in a grace period ending now + grace', () => {
      const { state } = keys(issued()).when({ type: 'RotateKey', data: { newKeyId: 'k2', graceSeconds: 3600, now: T0 } })
        .then([rotated('2024-05-01T13:00:00.000Z')]);
      expect(keyStatus(state, '2024-05-01T12:59:59.999Z')).to.equal('grace');
      expect(keyStatus(state, '2024-05-01T13:00:00.000Z')).to.equal('expired');
      expect(keyAuthError(state, '2024-05-01T13:00:00.000Z')).to.equal('KEY_EXPIRED');
      expect(keyAuthError(state, T0)).to.equal(null);
    });
    it('with zero grace expires the old key at once', () => {
      const { state } = keys(issued()).when({ type: 'RotateKey', data: { newKeyId: 'k2', graceSeconds: 0, now: T0 } }).then([rotated(T0)]);
      expect(keyStatus(state, T0)).to.equal('expired');
    });
    it('refuses unknown, revoked and already rotated keys, and a bad grace', () => {
      keys().when({ type: 'RotateKey', data: { newKeyId: 'k2', graceSeconds: 60, now: T0 } }).thenThrows('INVALID_KEY');
      keys(issued(), revoked).when({ type: 'RotateKey', data: { newKeyId: 'k2', graceSeconds: 60, now: T0 } }).thenThrows('INVALID_KEY');
      keys(issued(), rotated(T0)).when({ type: 'RotateKey', data: { newKeyId: 'k3', graceSeconds: 60, now: T0 } }).thenThrows('VALIDATION_FAILED');
      keys(issued()).when({ type: 'RotateKey', data: { newKeyId: 'k2', graceSeconds: -1, now: T0 } }).thenThrows('VALIDATION_FAILED');
      keys(issued()).when({ type: 'RotateKey', data: { newKeyId: '', graceSeconds: 1, now: T0 } }).thenThrows('VALIDATION_FAILED');
    });
    it('builds the successor issue command from the old key', () => {
      const state = keys(issued({ allowIps: ['10.0.0.0/8'] })).state;
      expect(successorOf(state, { keyId: 'k2', hash: 'b'.repeat(64), now: T0 })).to.deep.equal({
        type: 'IssueKey',
        data: { keyId: 'k2', accountId: 'acc', name: 'ci', hash: 'b'.repeat(64), scopes: ['humanize', 'detect'], allowIps: ['10.0.0.0/8'], rotatedFrom: 'k1', now: T0 },
      });
      expect(() => successorOf(apiKeyDecider.initialState(), { keyId: 'k2', hash: HASH, now: T0 })).to.throw(DomainError);
    });
  });

  describe('RevokeKey', () => {
    it('revokes a live or rotated key; revoking twice is a no-op', () => {
      const { state } = keys(issued()).when({ type: 'RevokeKey', data: { now: T0 } }).then([revoked]);
      expect(keyStatus(state, T0)).to.equal('revoked');
      expect(keyAuthError(state, T0)).to.equal('INVALID_KEY');
      keys(issued(), rotated('2030-01-01T00:00:00.000Z')).when({ type: 'RevokeKey', data: { now: T0 } }).then([revoked]);
      keys(issued(), revoked).when({ type: 'RevokeKey', data: { now: T0 } }).then([]);
    });
    it('refuses an unknown key', () => {
      keys().when({ type: 'RevokeKey', data: { now: T0 } }).thenThrows('INVALID_KEY');
    });
  });

  it('keyStatus of a live and of an unknown key', () => {
    expect(keyStatus(keys(issued()).state, T0)).to.equal('live');
    expect(keyStatus(apiKeyDecider.initialState(), T0)).to.equal('unknown');
    expect(keyAuthError(apiKeyDecider.initialState(), T0)).to.equal('INVALID_KEY');
  });
});

describe('api key helpers', () => {
  it('formats a key from 32 random bytes as svc_live_ + 43 base64url characters', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 251) % 256);
    const key = generateKeySecret(bytes);
    expect(key).to.match(/^svc_live_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice('svc_live_'.length), 'base64url')).to.deep.equal(Buffer.from(bytes));
    expect(keyShape(key)).to.equal('ok');
    expect(() => generateKeySecret(new Uint8Array(16))).to.throw(RangeError);
  });
  it('hashes with SHA-256 hex', () => {
    expect(hashKey('svc_live_x')).to.equal(createHash('sha256').update('svc_live_x').digest('hex'));
    expect(hashKey('svc_live_x')).to.match(/^[0-9a-f]{64}$/);
  });
  it('tells a missing prefix from a malformed key', () => {
    expect(keyShape('sk_live_' + 'a'.repeat(43))).to.equal('missing-prefix');
    expect(keyShape('')).to.equal('missing-prefix');
    expect(keyShape('svc_live_')).to.equal('malformed');
    expect(keyShape('svc_live_' + 'a'.repeat(42))).to.equal('malformed');
    expect(keyShape('svc_live_' + 'a'.repeat(42) + '=')).to.equal('malformed');
    expect(keyShape('svc_live_' + 'a'.repeat(44))).to.equal('malformed');
  });
  it('parses scopes from lists and comma strings', () => {
    expect(parseScopes('tones, humanize,humanize')).to.deep.equal(['humanize', 'tones']);
    expect(parseScopes(['detect'])).to.deep.equal(['detect']);
    expect(() => parseScopes('humanize,admin')).to.throw(DomainError, /admin/);
    expect(() => parseScopes(' , ')).to.throw(DomainError);
    expect(hasScope(['humanize'], 'tones')).to.equal(false);
    expect(hasScope(['humanize', 'tones'], 'tones')).to.equal(true);
  });
  it('enforces the per-plan key quota (5 Growth, 15 Scale)', () => {
    const growth = PLANS.api_growth as Plan;
    const scale = PLANS.api_scale as Plan;
    expect(() => assertKeyQuota(4, growth)).not.to.throw();
    expect(() => assertKeyQuota(5, growth)).to.throw(DomainError).with.property('code', 'VALIDATION_FAILED');
    expect(() => assertKeyQuota(14, scale)).not.to.throw();
    expect(() => assertKeyQuota(15, scale)).to.throw(DomainError);
  });

  describe('IP allowlists', () => {
    it('validates and normalises entries', () => {
      expect(normaliseAllowEntry(' 192.168.1.10 ')).to.equal('192.168.1.10');
      expect(normaliseAllowEntry('2001:0DB8:0000::0001')).to.equal('2001:db8::1');
      expect(normaliseAllowEntry('2001:db8::/32')).to.equal('2001:db8::/32');
      expect(parseAllowList('10.0.0.0/8, 10.0.0.0/8,::1')).to.deep.equal(['10.0.0.0/8', '::1']);
      for (const bad of ['10', '0x0a.0.0.1', '010.0.0.1', '10.0.0.256', '10.0.0.0/33', '2001:db8::/129', 'fe80::1%eth0', 'example.com', '']) {
        expect(() => normaliseAllowEntry(bad), bad).to.throw(DomainError);
      }
    });
    it('matches addresses and ranges of the same family, IPv4-mapped clients as IPv4', () => {
      const list = ['10.0.0.0/8', '203.0.113.7', '2001:db8::/32'];
      expect(ipAllowed(list, '10.200.3.4')).to.equal(true);
      expect(ipAllowed(list, '::ffff:10.200.3.4')).to.equal(true);
      expect(ipAllowed(list, '203.0.113.7')).to.equal(true);
      expect(ipAllowed(list, '203.0.113.8')).to.equal(false);
      expect(ipAllowed(list, '2001:db8:ffff::1')).to.equal(true);
      expect(ipAllowed(list, '2001:db9::1')).to.equal(false);
      expect(ipAllowed(list, '11.0.0.1')).to.equal(false);
      expect(ipAllowed(list, 'not an ip')).to.equal(false);
      expect(ipAllowed(list, '')).to.equal(false);
    });
    it('allows everyone when the list is empty', () => {
      expect(ipAllowed([], '198.51.100.1')).to.equal(true);
    });
  });
});

/** Never run: compiled by the type-check test (domain-types.test.ts), where each directive must hold. */
export function apiKeyTypeChecks(): void {
  // @ts-expect-error: scopes are a closed set
  keys(issued({ scopes: ['admin'] }));
  // @ts-expect-error: ApiKeyRotated needs expiresAt
  keys(issued(), { type: 'ApiKeyRotated', data: { keyId: 'k1', accountId: 'acc', newKeyId: 'k2', at: T0 } });
}
