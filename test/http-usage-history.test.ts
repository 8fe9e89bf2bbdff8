/**
 * GET /v1/usage/history over HTTP: real requests show up with what they cost, pages follow each other
 * by keyset without gaps or repeats, filters and CSV give the same rows, every bad parameter is a 400
 * naming it, a cursor of another account is refused, and a deep page of a 100,000-request account is
 * read through the index (the plan is checked, not the clock).
 */
import { expect } from 'chai';
import { accountDecider, type AccountCommand } from '../domain/account.js';
import { countWords } from '../domain/words.js';
import { streams } from '../domain/events.js';
import { handleCommand } from '../infra/command-handler.js';
import { createSchemaRegistry } from '../schemas/index.js';
import { expectProblem } from './support/problem.js';
import { call, SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';

describe('usage history over HTTP', function () {
  this.timeout(60_000);
  let t: TestService;
  const schemas = createSchemaRegistry();
  const history = (key: string, query = '', headers: Record<string, string> = {}) => call(t.url, 'GET', `/v1/usage/history${query}`, { key, headers });
  const run = (accountId: string, command: AccountCommand) => handleCommand(t.backends.store, streams.account(accountId), accountDecider, command);
  const catchUp = async () => t.backends.runner.catchUpTo(await t.backends.store.headPosition());

  /** `n` settled requests, one a second from now, alternating endpoints; every third refunded. Returns their times. */
  async function seed(accountId: string, keyId: string, n: number): Promise<string[]> {
    const base = Date.now();
    const minute = (i: number) => new Date(base + i * 1000).toISOString();
    for (let i = 0; i < n; i++) {
      const requestId = `seed-${accountId.slice(0, 8)}-${i}`;
      await run(accountId, { type: 'ReserveWords', data: { requestId, keyId, endpoint: i % 2 === 0 ? 'humanize' : 'detect', inputWords: 20 + i, multiplier: i % 2 === 0 ? 3 : 1, now: minute(i) } });
      if (i % 3 === 2) await run(accountId, { type: 'RefundWords', data: { requestId, code: 'AI_GENERATION_FAILED', latencyMs: 5, now: minute(i) } });
      else await run(accountId, { type: 'ChargeWords', data: { requestId, outputWords: 20, latencyMs: 5, now: minute(i) } });
    }
    await catchUp();
    return Array.from({ length: n }, (_, i) => minute(i));
  }

  before(async () => { t = await startTestService(); });
  after(async () => { await t?.close(); });

  it('lists a real detect request with its charge, in the list envelope', async () => {
    const { key, keyId } = await t.customer();
    const detected = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT }, headers: { 'Idempotency-Key': 'history-detect-1' } });
    expect(detected.status).to.equal(200);
    await catchUp();
    const res = await history(key);
    expect(res.status).to.equal(200);
    expect(schemas.validateResponse('usage-history', res.body), JSON.stringify(res.body)).to.equal(null);
    const words = countWords(SAMPLE_TEXT);
    expect(res.body).to.deep.include({ object: 'list', id: res.headers.get('x-request-id'), has_more: false, next_starting_after: null, words_charged: 0, words_remaining: 1_000_000 - words });
    const [item] = res.body.data as Record<string, unknown>[];
    expect(item).to.deep.include({
      request_id: 'history-detect-1', endpoint: 'detect', key_id: keyId, status: 'charged', input_words: words, multiplier: 1,
      words_reserved: words, words_charged: words, words_refunded: 0,
    });
    expect(item).to.not.have.property('refund_code');
    expect(Date.parse(String(item!.settled_at))).to.be.at.least(Date.parse(String(item!.created_at)));
    expect(res.headers.get('link')).to.equal(null);
  });

  it('pages newest first without gaps or repeats, and filters by endpoint, status and date', async () => {
    const { key, keyId, accountId } = await t.customer();
    const minute = await seed(accountId, keyId, 7);
    const seen: string[] = [];
    let query = '?limit=3';
    for (let pages = 0; pages < 5; pages++) {
      const res = await history(key, query);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(schemas.validateResponse('usage-history', res.body), JSON.stringify(res.body)).to.equal(null);
      const data = res.body.data as { request_id: string }[];
      seen.push(...data.map((d) => d.request_id));
      if (!res.body.has_more) {
        expect(res.body.next_starting_after).to.equal(null);
        break;
      }
      expect(res.body.next_starting_after).to.equal(data.at(-1)!.request_id);
      expect(res.headers.get('link')).to.equal(`</v1/usage/history?limit=3&starting_after=${data.at(-1)!.request_id}>; rel="next"`);
      query = `?limit=3&starting_after=${String(res.body.next_starting_after)}`;
    }
    const prefix = `seed-${accountId.slice(0, 8)}-`;
    expect(seen).to.deep.equal([6, 5, 4, 3, 2, 1, 0].map((i) => `${prefix}${i}`));

    const refunded = await history(key, '?status=refunded');
    expect((refunded.body.data as { request_id: string }[]).map((d) => d.request_id)).to.deep.equal([`${prefix}5`, `${prefix}2`]);
    expect((refunded.body.data as Record<string, unknown>[])[0]).to.deep.include({ refund_code: 'AI_GENERATION_FAILED', words_refunded: 25, words_charged: 0 });
    const detects = await history(key, '?endpoint=detect&status=charged');
    expect((detects.body.data as { request_id: string }[]).map((d) => d.request_id)).to.deep.equal([`${prefix}3`, `${prefix}1`]);
    const window = await history(key, `?from=${encodeURIComponent(minute[2]!)}&to=${encodeURIComponent(minute[4]!)}`);
    expect((window.body.data as { request_id: string }[]).map((d) => d.request_id)).to.deep.equal([`${prefix}3`, `${prefix}2`]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(((await history(key, `?from=${tomorrow}`)).body.data as unknown[]).length).to.equal(0);
  });

  it('returns the same rows as CSV for Accept: text/csv', async () => {
    const { key, keyId, accountId } = await t.customer();
    await seed(accountId, keyId, 3);
    const json = await history(key, '?limit=2');
    const res = await fetch(`${t.url}/v1/usage/history?limit=2`, { headers: { Authorization: `Bearer ${key}`, Accept: 'text/csv' } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(res.headers.get('link')).to.equal(json.headers.get('link'));
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).to.equal('request_id,endpoint,key_id,status,input_words,multiplier,words_reserved,words_charged,words_refunded,refund_code,created_at,settled_at');
    expect(lines.at(-1)).to.equal('');
    const rows = lines.slice(1, -1).map((line) => line.split(','));
    const data = json.body.data as Record<string, unknown>[];
    expect(rows).to.deep.equal(data.map((d) => [
      d.request_id, d.endpoint, d.key_id, d.status, String(d.input_words), String(d.multiplier), String(d.words_reserved),
      String(d.words_charged), String(d.words_refunded), String(d.refund_code ?? ''), d.created_at, d.settled_at ?? '',
    ]));
    expect(rows[0]![9]).to.equal('AI_GENERATION_FAILED');
  });

  it('refuses each bad parameter with 400 VALIDATION_FAILED naming it', async () => {
    const { key } = await t.customer();
    const cases: [string, string][] = [
      ['?limit=0', 'limit'], ['?limit=101', 'limit'], ['?limit=ten', 'limit'], ['?limit=2.5', 'limit'],
      ['?starting_after=not%20an%20id', 'starting_after'], ['?starting_after=never-seen', 'starting_after'],
      ['?endpoint=tones', 'endpoint'], ['?status=pending', 'status'], ['?from=yesterday', 'from'], ['?to=2026-13-01', 'to'],
      ['?from=2026-01-02&to=2026-01-01', 'to'], ['?limit=1&limit=2', 'limit'], ['?page=2', 'page'],
    ];
    for (const [query, parameter] of cases) {
      const res = await history(key, query);
      expectProblem(res, 400, 'VALIDATION_FAILED');
      expect(String(res.body.detail), query).to.contain(`Query parameter ${parameter}:`);
    }
  });

  it('refuses a cursor taken from another account instead of following it', async () => {
    const mine = await t.customer();
    const theirs = await t.customer();
    await seed(theirs.accountId, theirs.keyId, 2);
    const their = await history(theirs.key, '?limit=1');
    const cursor = String(their.body.next_starting_after);
    expect(cursor).to.match(/^seed-/);
    const res = await history(mine.key, `?starting_after=${cursor}`);
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(String(res.body.detail)).to.contain('starting_after');
  });

  it('needs a valid key, and any scope will do', async () => {
    expectProblem(await call(t.url, 'GET', '/v1/usage/history'), 401, 'MISSING_API_KEY');
    const { key } = await t.customer({ scopes: 'tones' });
    expect((await history(key)).status).to.equal(200);
    expectProblem(await call(t.url, 'POST', '/v1/usage/history', { key, body: {} }), 405, 'METHOD_NOT_ALLOWED');
  });

  it('reads a deep page of a 100,000-request account by keyset on its index', async () => {
    const { key, accountId } = await t.customer();
    // Rows written straight into the read model: this is about the query path, not the projector.
    await t.backends.pool.query(
      `INSERT INTO usage_history (account_id, request_id, endpoint, key_id, status, input_words, multiplier, words_reserved,
         words_charged, words_refunded, created_at, settled_at, reserved_position, last_position)
       SELECT $1, 'bulk-' || i, 'detect', 'k', 'charged', 20, 1, 20, 20, 0, now() - (i || ' seconds')::interval, now(), -i, -i
       FROM generate_series(1, 100000) AS i`,
      [accountId],
    );
    await t.backends.pool.query('ANALYZE usage_history');
    const deep = await history(key, '?limit=100&starting_after=bulk-99850');
    expect(deep.status).to.equal(200);
    const ids = (deep.body.data as { request_id: string }[]).map((d) => d.request_id);
    expect(ids).to.have.length(100);
    expect(ids[0]).to.equal('bulk-99851');
    expect(ids.at(-1)).to.equal('bulk-99950');
    expect(deep.body.has_more).to.equal(true);
    const { rows } = await t.backends.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT * FROM usage_history WHERE account_id = $1 AND (created_at, reserved_position) < (now() - interval '99850 seconds', -99850)
       ORDER BY created_at DESC, reserved_position DESC LIMIT 101`,
      [accountId],
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).to.contain('Index Scan using usage_history_page ');
    expect(plan).to.not.match(/Sort|Seq Scan/);
    // A filter that matches almost nothing is still a keyset scan, on the index led by status.
    await t.backends.pool.query(`UPDATE usage_history SET status = 'refunded', refund_code = 'AI_GENERATION_FAILED', words_refunded = 20, words_charged = 0
      WHERE account_id = $1 AND request_id IN ('bulk-7', 'bulk-99990')`, [accountId]);
    await t.backends.pool.query('ANALYZE usage_history');
    const refunded = await history(key, '?status=refunded&limit=1');
    expect((refunded.body.data as { request_id: string }[]).map((d) => d.request_id)).to.deep.equal(['bulk-7']);
    const next = await history(key, `?status=refunded&limit=1&starting_after=bulk-7`);
    expect((next.body.data as { request_id: string }[]).map((d) => d.request_id)).to.deep.equal(['bulk-99990']);
    expect(next.body.has_more).to.equal(false);
    const filtered = await t.backends.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT * FROM usage_history WHERE account_id = $1 AND status = 'refunded'
       ORDER BY created_at DESC, reserved_position DESC LIMIT 2`,
      [accountId],
    );
    const filteredPlan = filtered.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(filteredPlan).to.contain('Index Scan using usage_history_page_by_status');
    expect(filteredPlan).to.not.match(/Sort|Seq Scan/);
  });
});
