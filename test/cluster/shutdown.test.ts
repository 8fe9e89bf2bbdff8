/**
 * Graceful shutdown of real processes. SIGTERM to an API process: it stops accepting connections, lets
 * in-flight requests and streams finish within SHUTDOWN_GRACE_MS, ends the rest refunded, and exits 0.
 * SIGTERM to a worker: it finishes the jobs it holds within the same grace period, cancels (refunds) the
 * rest, and exits 0. A second signal forces the exit.
 * SIGTERM to the projector: its checkpoints stay consistent with the read models it committed.
 */
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { expect } from 'chai';
import { streams } from '../../domain/events.js';
import { countWords } from '../../domain/words.js';
import { startService, type Service } from '../../bin/service.js';
import { loadConfig } from '../../infra/config.js';
import { createLogger } from '../../infra/logger.js';
import { waitFor } from '../support/fake-openai.js';
import { settledLedger } from '../support/ledger-check.js';
import { readSse, startDeployment, type Deployment, type ServiceProcess } from '../support/processes.js';
import { SAMPLE_TEXT } from '../support/service.js';

const MONTHLY = 1_000_000;

function taggedText(): { tag: string; text: string } {
  const tag = `ref${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  return { tag, text: `${SAMPLE_TEXT} Reference ${tag} applies.` };
}

function post(url: string, key: string, body: unknown): Promise<Response> {
  return fetch(`${url}/v1/humanize`, {
    method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
}

/**
 * Resolves with the error code of a fresh TCP connection attempt; when it connects instead, with what
 * listens on that port (so a failure says which process accepted).
 */
function connectOutcome(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      let listeners = '';
      try {
        listeners = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
      } catch {
        listeners = '(ss unavailable)';
      }
      resolve(`connected from port ${socket.localPort}; listening on ${port}: ${listeners.trim() || 'nothing'}`);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

describe('graceful shutdown of real processes', function () {
  this.timeout(60_000);
  let d: Deployment;
  let apiGraceful: ServiceProcess;
  let apiShortGrace: ServiceProcess;
  let apiForced: ServiceProcess;
  let worker: ServiceProcess;
  let projector: ServiceProcess;

  const streamedChats = (tag: string) =>
    d.fake.requests.filter((r) => r.path === '/v1/chat/completions' && JSON.stringify(r.body).includes(tag));

  before(async function () {
    this.timeout(120_000);
    // Streams take about 2.5 s (≈100 chunks, 25 ms apart); JSON generations are held 3 s.
    d = await startDeployment({ fake: { behaviour: 'slow', chunkDelayMs: 25 }, jsonDelayMs: 3_000 });
    [apiGraceful, apiShortGrace, apiForced, worker, projector] = await Promise.all([
      d.spawn('api', { SHUTDOWN_GRACE_MS: '20000' }),
      d.spawn('api', { SHUTDOWN_GRACE_MS: '300' }),
      d.spawn('api', { SHUTDOWN_GRACE_MS: '20000' }),
      d.spawn('worker', { SHUTDOWN_GRACE_MS: '20000' }),
      d.spawn('projector'),
    ]) as [ServiceProcess, ServiceProcess, ServiceProcess, ServiceProcess, ServiceProcess];
  });

  after(async function () {
    this.timeout(60_000);
    await d?.close();
  });

  it('(a) API: stops accepting, finishes in-flight streams and JSON requests, exits 0', async () => {
    const c = await d.customer();
    const streamed = [taggedText(), taggedText()];
    const json = [taggedText(), taggedText()];
    const proxied = d.proxy.chatRequests;
    const streamsPending = streamed.map(({ text }) => post(apiGraceful.url!, c.key, { text, stream: true }).then(readSse));
    const jsonPending = json.map(({ text }) => post(apiGraceful.url!, c.key, { text }).then(async (r) => ({ status: r.status, body: await r.json() as Record<string, unknown> })));
    await waitFor(() => streamed.every(({ tag }) => streamedChats(tag).length === 1) && d.proxy.chatRequests === proxied + 4, 'all four generations to start', 20_000);

    apiGraceful.signal('SIGTERM');
    await apiGraceful.waitForLog((l) => l.msg === 'shutting down', 'the shutdown to begin');
    // The log line comes just before the listener closes: allow it a moment, then no new connection gets in.
    let outcome = await connectOutcome(apiGraceful.url!);
    for (let i = 0; i < 20 && outcome !== 'ECONNREFUSED'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      outcome = await connectOutcome(apiGraceful.url!);
    }
    expect(outcome, 'a new connection during the shutdown').to.equal('ECONNREFUSED');

    for (const { events, broken } of await Promise.all(streamsPending)) {
      expect(broken, 'stream cut off').to.equal(false);
      expect(events.map((e) => e.event).filter((e) => e !== 'chunk')).to.deep.equal(['meta', 'done']);
      const chunks = events.filter((e) => e.event === 'chunk').map((e) => (JSON.parse(e.data) as { text: string }).text);
      expect(countWords(chunks.join(''))).to.equal((JSON.parse(events.at(-1)!.data) as { output_words: number }).output_words);
    }
    for (const res of await Promise.all(jsonPending)) {
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.humanized_text).to.be.a('string');
    }
    expect((await apiGraceful.exited).code).to.equal(0);
    expect(apiGraceful.logs.some((l) => l.msg === 'shutdown grace period over; ending open requests')).to.equal(false);
    const ledger = await settledLedger(d.backends.store, c.accountId);
    expect(ledger.charged.size).to.equal(4);
    expect(ledger.refunded.size).to.equal(0);
  });

  it('(b) API: past a short grace period, ends what is still open refunded, exits 0', async () => {
    const c = await d.customer();
    const streamed = taggedText();
    const json = taggedText();
    const proxied = d.proxy.chatRequests;
    const streamPending = post(apiShortGrace.url!, c.key, { text: streamed.text, stream: true }).then(readSse);
    const jsonPending = post(apiShortGrace.url!, c.key, { text: json.text })
      .then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), body: await r.json() as Record<string, unknown> }));
    await waitFor(() => streamedChats(streamed.tag).length === 1 && d.proxy.chatRequests === proxied + 2, 'both generations to start', 20_000);

    apiShortGrace.signal('SIGTERM');
    const { events, broken } = await streamPending;
    expect(broken, 'stream cut off').to.equal(false);
    expect(events[0]?.event).to.equal('meta');
    const last = events.at(-1)!;
    expect(last.event).to.equal('error');
    expect(JSON.parse(last.data)).to.include({ code: 'AI_GENERATION_FAILED', refunded: true });
    const res = await jsonPending;
    expect(res.status, JSON.stringify(res.body)).to.equal(500);
    expect(res.type).to.match(/^application\/problem\+json/);
    expect(res.body.code).to.equal('AI_GENERATION_FAILED');

    expect((await apiShortGrace.exited).code).to.equal(0);
    expect(apiShortGrace.logs.some((l) => l.msg === 'shutdown grace period over; ending open requests')).to.equal(true);
    const ledger = await settledLedger(d.backends.store, c.accountId);
    expect(ledger.reserved.size).to.equal(2);
    expect(ledger.refunded.size).to.equal(2);
    expect(ledger.charged.size).to.equal(0);
    expect(ledger.balance).to.equal(MONTHLY);
  });

  it('(d) a second signal forces the exit at once, non-zero, with a stream still open', async () => {
    const c = await d.customer();
    const { tag, text } = taggedText();
    const pending = post(apiForced.url!, c.key, { text, stream: true }).then(readSse);
    await waitFor(() => streamedChats(tag).length === 1, 'the generation to start', 20_000);
    apiForced.signal('SIGTERM');
    await apiForced.waitForLog((l) => l.msg === 'shutting down', 'the shutdown to begin');
    apiForced.signal('SIGINT');
    const exit = await apiForced.exited;
    expect(exit.code).to.equal(1);
    expect(apiForced.logs.some((l) => l.msg === 'second signal: forcing exit')).to.equal(true);
    // It did not wait for the stream: the client saw the connection end before any done event.
    const { events } = await pending;
    expect(events.map((e) => e.event)).to.not.include('done');
    // The worker still settles the reservation, once.
    const ledger = await settledLedger(d.backends.store, c.accountId, 10_000);
    expect(ledger.reserved.size).to.equal(1);
    expect(ledger.charged.size + ledger.refunded.size).to.equal(1);
  });

  it('(e) projector: on SIGTERM keeps checkpoints and read models consistent, exits 0', async () => {
    // Appended straight to the log (admin commands would catch the projections up in this process).
    const openAccounts = async (n: number): Promise<void> => {
      await Promise.all(Array.from({ length: n }, () => {
        const accountId = randomUUID();
        return d.backends.store.append(streams.account(accountId), [
          { type: 'AccountOpened', data: { accountId, email: null, at: new Date().toISOString() } },
        ], 'no_stream');
      }));
    };
    const checkpoints = async (): Promise<Map<string, bigint>> => {
      const { rows } = await d.db.pool.query<{ name: string; position: string }>('SELECT name, position::text AS position FROM projection_checkpoints');
      return new Map(rows.map((r) => [r.name, BigInt(r.position)]));
    };

    await openAccounts(20);
    const head = await d.backends.store.headPosition();
    const deadline = Date.now() + 15_000;
    while ([...(await checkpoints()).values()].some((p) => p < head)) {
      expect(Date.now(), 'the projector to catch up').to.be.below(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const [name, position] of await checkpoints()) expect(position, `checkpoint of ${name} once caught up`).to.equal(head);

    // Events keep arriving while the projector stops.
    let appending = true;
    const writer = (async () => { while (appending) await openAccounts(10); })();
    await new Promise((r) => setTimeout(r, 200));
    projector.signal('SIGTERM');
    const exit = await projector.exited;
    appending = false;
    await writer;
    expect(exit.code).to.equal(0);

    const stopped = await checkpoints();
    for (const [name, position] of stopped) expect(position >= head, `checkpoint of ${name}: ${position} (head before: ${head})`).to.equal(true);
    // The accounts read model holds exactly the accounts opened at or before its checkpoint.
    const opened = new Map<string, bigint>();
    let after: bigint | null = null;
    for (;;) {
      const page = await d.backends.store.readAll(after, 1_000);
      if (page.length === 0) break;
      for (const e of page) if (e.type === 'AccountOpened') opened.set((e.data as { accountId: string }).accountId, e.position);
      after = page.at(-1)!.position;
    }
    const accountsCheckpoint = stopped.get('accounts')!;
    const expected = [...opened].filter(([, position]) => position <= accountsCheckpoint).map(([id]) => id).sort();
    const { rows } = await d.db.pool.query<{ account_id: string }>('SELECT account_id FROM accounts');
    expect(rows.map((r) => r.account_id).sort()).to.deep.equal(expected);
  });
  describe('a worker process', () => {
    // The API in this process, so that the worker process under test is the only worker left.
    let api: Service;
    before(async () => { api = await startService(loadConfig({ ...d.env, ROLES: 'api', PORT: '0' }), { logger: createLogger('silent') }); });
    after(async () => { await api?.close(); });

    it('(c) worker: finishes the jobs it holds, settles each once, exits 0', async () => {
      const c = await d.customer();
      const jobs = [taggedText(), taggedText()];
      const pending = jobs.map(({ text }) => post(api.url!, c.key, { text, stream: true }).then(readSse));
      await waitFor(() => jobs.every(({ tag }) => streamedChats(tag).length === 1), 'both generations to start', 20_000);
      worker.signal('SIGTERM');
      const shuttingDown = await worker.waitForLog((l) => l.msg === 'shutting down', 'the shutdown to begin');

      const ids: string[] = [];
      for (const { events, broken } of await Promise.all(pending)) {
        expect(broken).to.equal(false);
        expect(events.at(-1)?.event).to.equal('done');
        ids.push((JSON.parse(events.at(-1)!.data) as { id: string }).id);
      }
      expect((await worker.exited).code).to.equal(0);
      // Both jobs were charged by this worker after its shutdown had begun.
      const afterSignal = worker.logs.slice(worker.logs.indexOf(shuttingDown));
      expect(ids.every((id) => afterSignal.some((l) => l.msg === 'job charged' && l.jobId === id))).to.equal(true);
      const ledger = await settledLedger(d.backends.store, c.accountId);
      expect(ledger.charged.size).to.equal(2);
      expect(ledger.refunded.size).to.equal(0);
      expect(ledger.open).to.deep.equal([]);
    });

    it('(c) worker past a short grace period: cancels the jobs it still runs, refunded, exits 0', async () => {
      const shortWorker = await d.spawn('worker', { SHUTDOWN_GRACE_MS: '300' });
      const c = await d.customer();
      const streamed = taggedText();
      const json = taggedText();
      const proxied = d.proxy.chatRequests;
      const streamPending = post(api.url!, c.key, { text: streamed.text, stream: true }).then(readSse);
      const jsonPending = post(api.url!, c.key, { text: json.text }).then(async (r) => ({ status: r.status, body: await r.json() as Record<string, unknown> }));
      await waitFor(() => streamedChats(streamed.tag).length === 1 && d.proxy.chatRequests === proxied + 2, 'both generations to start', 20_000);
      shortWorker.signal('SIGTERM');

      const { events, broken } = await streamPending;
      expect(broken).to.equal(false);
      expect(events.at(-1)?.event).to.equal('error');
      expect(JSON.parse(events.at(-1)!.data)).to.include({ code: 'AI_GENERATION_FAILED', refunded: true });
      const res = await jsonPending;
      expect(res.status, JSON.stringify(res.body)).to.equal(500);
      expect(res.body.code).to.equal('AI_GENERATION_FAILED');
      expect((await shortWorker.exited).code).to.equal(0);
      const ledger = await settledLedger(d.backends.store, c.accountId);
      expect(ledger.refunded.size).to.equal(2);
      expect(ledger.charged.size).to.equal(0);
      expect(ledger.balance).to.equal(MONTHLY);
    });
  });
});
