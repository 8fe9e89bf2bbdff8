/** humanize and detect end to end over real HTTP: responses, charging, idempotency, SSE. */
import { expect } from 'chai';
import { createSchemaRegistry } from '../schemas/index.js';
import { call, SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';
import { readSse } from './support/fault-http.js';
import { countWords } from '../domain/words.js';
import type { RequestLog } from '../api/app.js';

describe('humanize and detect over HTTP', function () {
  this.timeout(60_000);
  let t: TestService;
  const schemas = createSchemaRegistry();
  const inputWords = countWords(SAMPLE_TEXT);

  const requestLog: RequestLog[] = [];

  before(async () => { t = await startTestService({}, { onRequestDone: (info) => requestLog.push(info) }); });
  after(async () => { await t?.close(); });

  it('humanizes as JSON, charges input words, reports the balance', async () => {
    const { key } = await t.customer();
    const res = await call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(schemas.validateResponse('humanization', res.body), JSON.stringify(res.body)).to.equal(null);
    expect(res.body).to.include({ object: 'humanization', mode: 'standard', tone: 'casual', language: 'en', best_of_used: 1, is_custom_tone: false });
    expect(res.body.id).to.equal(res.headers.get('x-request-id'));
    expect(res.body.input_words).to.equal(inputWords);
    expect(res.body.words_charged).to.equal(inputWords);
    expect(res.body.words_remaining).to.equal(1_000_000 - inputWords);
    expect(res.body.humanized_text).to.be.a('string').and.not.equal(SAMPLE_TEXT);
    expect(res.body.output_words).to.equal(countWords(res.body.humanized_text as string));
    expect(res.body).to.not.have.property('credits_low');
    expect(res.body).to.not.have.property('replayed');
    expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(Number(res.headers.get('x-latency-ms'))).to.be.at.least(0);
    expect(res.headers.get('x-ratelimit-limit')).to.equal('60');
  });

  it('detects with per-sentence offsets and charges input words once', async () => {
    const { key } = await t.customer();
    const res = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(schemas.validateResponse('detection', res.body), JSON.stringify(res.body)).to.equal(null);
    // The worker's serialisation of the body is the answer (infra/progress.ts): typed and measured as JSON.
    expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    expect(Number(res.headers.get('content-length'))).to.equal(Buffer.byteLength(JSON.stringify(res.body)));
    expect(requestLog.find((r) => r.requestId === res.body.id)).to.include({ status: 200, wordsCharged: inputWords, route: '/v1/detect' });
    expect(res.body.words_charged).to.equal(inputWords);
    expect(res.body.ai_score as number + (res.body.human_score as number)).to.equal(100);
    for (const s of res.body.sentences as Array<{ text: string; start: number; end: number }>) {
      expect(SAMPLE_TEXT.slice(s.start, s.end)).to.equal(s.text);
    }
  });

  it('gives sentence offsets into the submitted text when normalisation changed it (double spaces, CRLF, invisible and decomposed characters)', async () => {
    const { key } = await t.customer();
    const text = `  ${SAMPLE_TEXT.replace(/\. /gu, '.  ')}\r\n\r\n\r\nThe cafe\u0301 owner\u200b\u00a0said  the\tnew menu works well for everyone who visits.  `;
    const res = await call(t.url, 'POST', '/v1/detect', { key, body: { text } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const sentences = res.body.sentences as Array<{ text: string; start: number; end: number }>;
    expect(sentences.length).to.be.greaterThan(2);
    for (const s of sentences) expect(text.slice(s.start, s.end)).to.equal(s.text);
    expect(sentences[0]!.start).to.equal(2);
    const last = sentences[sentences.length - 1]!;
    expect(last.text).to.equal('The cafe\u0301 owner\u200b\u00a0said  the\tnew menu works well for everyone who visits.');
    expect(last.end).to.equal(text.length - 2);
  });

  it('replays an idempotent request without a second charge', async () => {
    const { key } = await t.customer();
    const first = await call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT }, headers: { 'Idempotency-Key': 'order-1:a.b' } });
    expect(first.status).to.equal(200);
    expect(first.body.id).to.equal('order-1:a.b');
    const again = await call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT }, headers: { 'Idempotency-Key': 'order-1:a.b' } });
    expect(again.status).to.equal(200);
    expect(again.headers.get('x-idempotent-replay')).to.equal('true');
    expect(again.body.replayed).to.equal(true);
    expect(again.body.humanized_text).to.equal(first.body.humanized_text);
    const usage = await call(t.url, 'POST', '/v1/detect', { key, body: { text: SAMPLE_TEXT } });
    expect(usage.body.words_remaining).to.equal(1_000_000 - 2 * inputWords);
  });

  it('streams meta, chunks and done over SSE', async () => {
    const { key } = await t.customer();
    const res = await fetch(t.url + '/v1/humanize', {
      method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'stream-1' },
      body: JSON.stringify({ text: SAMPLE_TEXT, stream: true, tone: 'formal' }),
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/event-stream/);
    expect(res.headers.get('x-request-id')).to.equal('stream-1');
    expect(res.headers.get('x-latency-ms')).to.match(/^\d+$/);
    const events = await readSse(res);
    expect(events[0]?.event).to.equal('meta');
    const meta = JSON.parse(events[0]!.data);
    expect(schemas.validateResponse('sse/meta', meta)).to.equal(null);
    const chunks = events.filter((e) => e.event === 'chunk').map((e) => JSON.parse(e.data).text as string);
    expect(chunks.length).to.be.greaterThan(1);
    const done = events.at(-1)!;
    expect(done.event).to.equal('done');
    const body = JSON.parse(done.data);
    expect(schemas.validateResponse('sse/done', body), done.data).to.equal(null);
    expect(body.credits_low).to.equal(false);
    expect(countWords(chunks.join(''))).to.equal(body.output_words);
    const replay = await call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT, stream: true, tone: 'formal' }, headers: { 'Idempotency-Key': 'stream-1' } });
    expect(replay.status).to.equal(200);
    expect(replay.headers.get('content-type')).to.match(/^application\/json/);
    expect(replay.body.replayed).to.equal(true);
    expect(replay.headers.get('x-idempotent-replay')).to.equal('true');
    expect(replay.headers.get('x-latency-ms')).to.match(/^\d+$/);
    expect(replay.body.humanized_text).to.equal(chunks.join(''));
    expect(replay.body.words_remaining).to.equal(body.words_remaining);
  });
});
