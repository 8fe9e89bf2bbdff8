/**
 * A worker process dies mid-job (SIGKILL): the stalled job is retried by another worker and charged
 * once, or refunded once when it cannot finish by the deadline, and a late worker never settles a
 * refunded request again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { Queue } from 'bullmq';
import { startService, type Service } from '../../bin/service.js';
import { createLogger } from '../../infra/logger.js';
import { bullConnection } from '../../infra/redis.js';
import { jobIdFor, QUEUES } from '../../domain/jobs.js';
import { REDIS_URL } from '../support/db.js';
import { openaiEnv, startFakeOpenAI, waitFor, type FakeOpenAI } from '../support/fake-openai.js';
import { chatRequests, expectRefundedOnce, INPUT_WORDS } from '../support/fault-http.js';
import { checkLedger, settledLedger } from '../support/ledger-check.js';
import { call, SAMPLE_TEXT, startTestService, type JsonResponse, type TestService } from '../support/service.js';
import { expectProblem } from '../support/problem.js';

/**
 * A worker-only service in a child process, so it can die the way a process dies (SIGKILL). The child loads
 * the code at once (the slow part) and joins the queues only when started, so several can be prepared in parallel.
 */
class WorkerProcess {
  private stdout = '';
  private stderr = '';
  private constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (d: Buffer) => { this.stdout += d.toString(); });
    child.stderr!.on('data', (d: Buffer) => { this.stderr += d.toString(); });
  }

  static async spawn(t: TestService, env: Record<string, string>, stalledIntervalMs: number): Promise<WorkerProcess> {
    const module = (path: string) => JSON.stringify(pathToFileURL(fileURLToPath(new URL(path, import.meta.url))).href);
    const script = `
      const { startService } = await import(${module('../../bin/service.ts')});
      const { loadConfig } = await import(${module('../../infra/config.ts')});
      process.stdout.write('loaded\\n');
      process.stdin.once('data', async () => {
        await startService(loadConfig(process.env), { stalledIntervalMs: ${stalledIntervalMs} });
        process.stdout.write('ready\\n');
      });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: {
        ...process.env, ...env, ROLES: 'worker', DATABASE_URL: t.config.databaseUrl, REDIS_URL, REDIS_PREFIX: t.config.redisPrefix,
        LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', WORKER_CONCURRENCY: '2',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const worker = new WorkerProcess(child);
    await worker.until('loaded');
    return worker;
  }

  private until(line: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (this.stdout.includes(line)) { clearInterval(poll); resolve(); }
        if (this.child.exitCode !== null) { clearInterval(poll); reject(new Error(`worker process exited (${this.child.exitCode}): ${this.stderr}`)); }
      }, 10);
    });
  }

  /** Joins the queues; resolves once the workers are ready. */
  async start(): Promise<void> {
    this.child.stdin!.write('go\n');
    await this.until('ready');
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}

describe('failures over HTTP: a worker dies mid-job', function () {
  this.timeout(60_000);
  const STALLED_MS = 300;
  let fake: FakeOpenAI;
  let t: TestService;
  let env: Record<string, string>;
  let doomed: WorkerProcess[] = [];
  const workers: Service[] = [];

  before(async () => {
    fake = await startFakeOpenAI();
    // Long enough for a retry to finish inside the deadline on a busy machine.
    env = openaiEnv(fake, '5000');
    // The API and projections here; workers run separately.
    t = await startTestService({ ...env, ROLES: 'api,projector' });
    doomed = await Promise.all([1, 2, 3].map(() => WorkerProcess.spawn(t, env, STALLED_MS)));
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.close();
  });
  after(async () => {
    for (const w of doomed) await w.kill();
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.setBehaviour('normal');
    fake.requests.length = 0;
  });

  /** Starts a worker process, sends a request it takes, and kills the process while the provider hangs. */
  async function killWorkerMidJob(key: string): Promise<{ response: Promise<JsonResponse> }> {
    const child = doomed.shift()!;
    await child.start();
    fake.setBehaviour('hang');
    const pending = call(t.url, 'POST', '/v1/humanize', { key, body: { text: SAMPLE_TEXT } });
    await waitFor(() => chatRequests(fake).length === 1, 'the worker to call the provider');
    await child.kill();
    return { response: pending };
  }

  async function survivingWorker(): Promise<void> {
    workers.push(await startService({ ...t.config, roles: ['worker'] }, { logger: createLogger('silent'), stalledIntervalMs: STALLED_MS }));
  }

  it('the stalled job is retried by another worker and charged exactly once', async () => {
    const { key, accountId } = await t.customer();
    const before = (await checkLedger(t.backends.store, accountId)).balance;
    const { response } = await killWorkerMidJob(key);
    fake.setBehaviour('normal');
    await survivingWorker();
    const res = await response;
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.words_charged).to.equal(INPUT_WORDS);
    expect(chatRequests(fake)).to.have.length(2);
    const ledger = await settledLedger(t.backends.store, accountId);
    expect([...ledger.charged.keys()]).to.deep.equal([res.body.id]);
    expect(ledger.refunded.size).to.equal(0);
    expect(ledger.balance).to.equal(before - INPUT_WORDS);
  });

  it('a retried job that cannot finish by the deadline is refunded exactly once', async () => {
    const { key, accountId } = await t.customer();
    const before = (await checkLedger(t.backends.store, accountId)).balance;
    const { response } = await killWorkerMidJob(key);
    await survivingWorker();
    await waitFor(() => chatRequests(fake).length === 2, 'the retried job to call the provider', 5_000);
    const res = await response;
    expectProblem(res, 500, 'AI_GENERATION_FAILED');
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED', res.body.request_id as string);
  });

  it('a job whose worker died while no worker runs is refunded by the API, and a late worker does not settle it again', async () => {
    const { key, accountId } = await t.customer();
    const before = (await checkLedger(t.backends.store, accountId)).balance;
    const res = await (await killWorkerMidJob(key)).response;
    expectProblem(res, 500, 'AI_GENERATION_FAILED');
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED', res.body.request_id as string);
    fake.setBehaviour('normal');
    // The stalled job is picked up again; it must find the reservation settled and leave it alone.
    const connection = bullConnection(REDIS_URL);
    const queue = new Queue(QUEUES.humanize, { connection, prefix: `${t.config.redisPrefix}:bull` });
    try {
      const job = await queue.getJob(jobIdFor({ accountId, requestId: res.body.request_id as string }));
      expect(await job?.getState()).to.equal('active');
      await survivingWorker();
      const deadline = Date.now() + 5_000;
      let state = await job!.getState();
      // A settled job is removed with its payload ('unknown' once gone).
      while (state !== 'completed' && state !== 'failed' && state !== 'unknown' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        state = await job!.getState();
      }
      expect(state).to.be.oneOf(['completed', 'failed', 'unknown']);
    } finally {
      await queue.close();
      connection.disconnect();
    }
    await expectRefundedOnce(t, accountId, before, 'AI_GENERATION_FAILED', res.body.request_id as string);
  });
});
