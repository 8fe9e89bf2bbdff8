/**
 * Scale-out with real processes: two API processes, three workers and a projector share one database
 * and one Redis prefix, with no proxy in front (clients pick ports themselves). Whatever must hold for
 * an account holds across processes: an Idempotency-Key is claimed once, the per-minute limit and the
 * in-flight slots are counted once, a revoked key stops working everywhere, jobs go to every worker,
 * streamed chunks reach the API process holding the client, and every reservation is settled once.
 * Each check would fail if that state lived in one process's memory.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { EventSourceMessage } from 'eventsource-parser';
import { streams } from '../../domain/events.js';
import { countWords } from '../../domain/words.js';
import { checkLedger, settledLedger } from '../support/ledger-check.js';
import { readSse as readStream, startDeployment, type Deployment, type ServiceProcess } from '../support/processes.js';
import { call, SAMPLE_TEXT, type JsonResponse } from '../support/service.js';

const MONTHLY = 1_000_000;

async function readSse(res: Response): Promise<EventSourceMessage[]> {
  const { events, broken } = await readStream(res);
  expect(broken, 'stream cut off').to.equal(false);
  return events;
}

/** The sample text with a marker word, so the fake server's requests for one test can be told apart. */
function taggedText(): { tag: string; text: string } {
  const tag = `ref${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  return { tag, text: `${SAMPLE_TEXT} Reference ${tag} applies.` };
}

function post(api: ServiceProcess, path: string, key: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('scale-out: 2 API, 3 worker and 1 projector processes', function () {
  this.timeout(60_000);
  let d: Deployment;
  let apis: ServiceProcess[] = [];
  let workers: ServiceProcess[] = [];
  const api = (i: number): ServiceProcess => apis[i % apis.length]!;

  const chatRequestsFor = (tag: string) =>
    d.fake.requests.filter((r) => r.path === '/v1/chat/completions' && JSON.stringify(r.body).includes(tag));

  /** Which worker process logged each job as charged (waits for the lines: they follow the response). */
  async function workerOf(jobIds: string[], ms = 5_000): Promise<Map<string, number[]>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = new Map<string, number[]>(jobIds.map((id) => [id, []]));
      for (const w of workers) {
        for (const line of w.logs) {
          if (line.msg === 'job charged' && found.has(String(line.jobId))) found.get(String(line.jobId))!.push(line.pid);
        }
      }
      if ([...found.values()].every((pids) => pids.length > 0) || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  before(async function () {
    this.timeout(120_000);
    // Streams take about two seconds (≈100 chunks, 20 ms apart); JSON generations are held 1.5 s.
    d = await startDeployment({ fake: { behaviour: 'slow', chunkDelayMs: 20 }, jsonDelayMs: 1_500 });
    // Four jobs at most per worker: ten concurrent jobs cannot all run on two of the three.
    const workerEnv = { WORKER_CONCURRENCY: '4' };
    const started = await Promise.all([
      d.spawn('api'), d.spawn('api'),
      d.spawn('worker', workerEnv), d.spawn('worker', workerEnv), d.spawn('worker', workerEnv),
      d.spawn('projector'),
    ]);
    apis = started.slice(0, 2);
    workers = started.slice(2, 5);
  });

  after(async function () {
    this.timeout(60_000);
    await d?.close();
  });

  it('(1) claims one Idempotency-Key once across API processes: one job, one charge, one replay', async () => {
    const c = await d.customer();
    const { tag, text } = taggedText();
    const headers = { 'Idempotency-Key': `cluster-${tag}` };
    const [a, b] = await Promise.all(apis.map((p) => call(p.url!, 'POST', '/v1/humanize', { key: c.key, body: { text }, headers })));
    expect(a!.status, JSON.stringify(a!.body)).to.equal(200);
    expect(b!.status, JSON.stringify(b!.body)).to.equal(200);
    expect([a!, b!].filter((r) => r.body.replayed === true), 'replayed answers').to.have.length(1);
    expect(a!.body.humanized_text).to.equal(b!.body.humanized_text);
    expect(a!.body.id).to.equal(b!.body.id);
    expect(chatRequestsFor(tag), 'generations at the provider').to.have.length(1);
    const ledger = await settledLedger(d.backends.store, c.accountId);
    expect(ledger.reserved.size, 'reservations').to.equal(1);
    expect(ledger.charged.size, 'charges').to.equal(1);
    expect(ledger.balance).to.equal(MONTHLY - countWords(text));
  });

  it('(2) counts the per-minute limit once across API processes: the 61st request is refused', async () => {
    const c = await d.customer();
    const answers: JsonResponse[] = [];
    for (let i = 0; i < 61; i++) answers.push(await call(api(i).url!, 'POST', '/v1/detect', { key: c.key, body: { text: SAMPLE_TEXT } }));
    const statuses = answers.map((r) => r.status);
    expect(statuses.slice(0, 60).every((s) => s === 200), statuses.join(',')).to.equal(true);
    const last = answers[60]!;
    expect(last.status, JSON.stringify(last.body)).to.equal(429);
    expect(last.body.code).to.equal('RATE_LIMITED');
    expect(Number(last.headers.get('retry-after'))).to.be.greaterThan(0);
    // Remaining counts down by one per request whichever port answered.
    const remaining = answers.map((r) => Number(r.headers.get('x-ratelimit-remaining')));
    expect(remaining).to.deep.equal([...Array.from({ length: 60 }, (_, i) => 59 - i), 0]);
    expect(answers.every((r) => r.headers.get('x-ratelimit-limit') === '60')).to.equal(true);
  });

  it('(3) counts in-flight slots once across API processes: 11 concurrent slow requests, one refused', async () => {
    const c = await d.customer();
    const { text } = taggedText();
    const responses = await Promise.all(Array.from({ length: 11 }, (_, i) => post(api(i), '/v1/humanize', c.key, { text, stream: true })));
    const refused = responses.filter((r) => r.status === 429);
    expect(responses.map((r) => r.status).sort()).to.deep.equal([...Array(10).fill(200), 429]);
    const problem = await refused[0]!.json() as Record<string, unknown>;
    expect(problem.code).to.equal('CONCURRENT_LIMIT');
    const streamsRead = await Promise.all(responses.filter((r) => r.status === 200).map(readSse));
    for (const events of streamsRead) expect(events.at(-1)?.event).to.equal('done');
    const ledger = await settledLedger(d.backends.store, c.accountId);
    expect(ledger.reserved.size).to.equal(10);
    expect(ledger.charged.size).to.equal(10);
    // The slots were given back on both ports.
    for (const p of apis) expect((await call(p.url!, 'POST', '/v1/detect', { key: c.key, body: { text: SAMPLE_TEXT } })).status).to.equal(200);
  });

  it('(4) stops a revoked key on every API process within about a second', async () => {
    const c = await d.customer();
    for (const p of apis) expect((await call(p.url!, 'GET', '/v1/tones', { key: c.key })).status).to.equal(200);
    await d.admin.revokeKey(c.keyId);
    const deadline = Date.now() + 2_500;
    const refusedOn = new Set<number>();
    while (refusedOn.size < apis.length) {
      for (const [i, p] of apis.entries()) {
        if (refusedOn.has(i)) continue;
        const res = await call(p.url!, 'GET', '/v1/tones', { key: c.key });
        if (res.status === 401) {
          expect(res.body.code).to.equal('INVALID_KEY');
          refusedOn.add(i);
        } else {
          expect(res.status, 'before the revocation reaches this process').to.equal(200);
        }
      }
      if (refusedOn.size < apis.length) {
        expect(Date.now(), `API processes still accepting the revoked key: ${apis.length - refusedOn.size}`).to.be.below(deadline);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    for (const p of apis) expect((await call(p.url!, 'GET', '/v1/tones', { key: c.key })).status).to.equal(401);
  });

  it('(5) spreads jobs over every worker process', async () => {
    // 3 accounts × 10 concurrent JSON requests: 30 jobs held 1.5 s each, 12 worker slots in all.
    const customers = await Promise.all([d.customer(), d.customer(), d.customer()]);
    const answers = await Promise.all(customers.flatMap((c) => Array.from({ length: 10 }, (_, i) =>
      call(api(i).url!, 'POST', '/v1/humanize', { key: c.key, body: { text: SAMPLE_TEXT } }))));
    expect(answers.map((r) => r.status).every((s) => s === 200), answers.map((r) => `${r.status} ${String(r.body.code ?? '')}`).join(',')).to.equal(true);
    const ran = await workerOf(answers.map((r) => String(r.body.id)));
    for (const [id, pids] of ran) expect(pids, `workers that logged job ${id}`).to.have.length(1);
    const jobsPerWorker = workers.map((w) => [...ran.values()].filter((pids) => pids[0] === w.pid).length);
    expect(jobsPerWorker.every((n) => n >= 1), `jobs per worker: ${jobsPerWorker.join(', ')}`).to.equal(true);
    expect(jobsPerWorker.reduce((a, b) => a + b, 0)).to.equal(30);
  });

  it('(6) relays SSE chunks to the API process holding the client, whichever worker runs the job', async () => {
    const c = await d.customer();
    const { text } = taggedText();
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => post(api(i), '/v1/humanize', c.key, { text, stream: true })));
    expect(responses.map((r) => r.status)).to.deep.equal(Array(6).fill(200));
    const all = await Promise.all(responses.map(readSse));
    const ids: string[] = [];
    for (const events of all) {
      expect(events[0]?.event).to.equal('meta');
      const chunks = events.filter((e) => e.event === 'chunk').map((e) => (JSON.parse(e.data) as { text: string }).text);
      expect(chunks.length, 'chunks').to.be.greaterThan(1);
      const done = events.at(-1)!;
      expect(done.event).to.equal('done');
      const body = JSON.parse(done.data) as { id: string; output_words: number; words_charged: number };
      expect(countWords(chunks.join(''))).to.equal(body.output_words);
      expect(body.words_charged).to.equal(countWords(text));
      ids.push(body.id);
    }
    // Six concurrent jobs, at most four per worker: at least two worker processes streamed to both APIs.
    const ran = await workerOf(ids);
    const pids = new Set([...ran.values()].map((p) => p[0]));
    expect([...ran.values()].every((p) => p.length === 1), 'each job ran once').to.equal(true);
    expect(pids.size, 'worker processes that ran the streams').to.be.at.least(2);
    for (const p of apis) expect(pids.has(p.pid)).to.equal(false);
  });

  it('(7) settles every reservation exactly once and leaves none open', async () => {
    const accountStreams = new Set<string>();
    let after: bigint | null = null;
    for (;;) {
      const page = await d.backends.store.readAll(after, 1_000);
      if (page.length === 0) break;
      for (const e of page) if (e.streamName.startsWith('account-')) accountStreams.add(e.streamName);
      after = page.at(-1)!.position;
    }
    expect(accountStreams.size, 'accounts the tests above used').to.be.at.least(8);
    let reservations = 0;
    for (const name of accountStreams) {
      const accountId = name.slice('account-'.length);
      expect(streams.account(accountId)).to.equal(name);
      const ledger = await settledLedger(d.backends.store, accountId);
      expect(ledger.open, `open reservations of ${accountId}`).to.deep.equal([]);
      expect(ledger.charged.size + ledger.refunded.size).to.equal(ledger.reserved.size);
      reservations += ledger.reserved.size;
    }
    expect(reservations, 'reservations across the accounts').to.be.at.least(100);
    // And nothing moves afterwards: a late duplicate settlement would show up here.
    for (const name of accountStreams) expect((await checkLedger(d.backends.store, name.slice('account-'.length))).open).to.deep.equal([]);
  });

  it('(8) stops every process cleanly on SIGTERM (exit code 0)', async () => {
    const exits = await Promise.all([...apis, ...workers, ...d.group.processes.filter((p) => p.roles === 'projector')].map((p) => p.stop('SIGTERM', 20_000)));
    expect(exits.map((e) => e.code)).to.deep.equal(Array(6).fill(0));
  });
});
