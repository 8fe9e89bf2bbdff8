/**
 * A Redis server of a test's own (`redis-server` as a child process on a free loopback port, nothing
 * saved to disk), so a test can kill and restart it without disturbing anyone else's Redis. A restart
 * comes back empty, as a real Redis without persistence does: queues, pub/sub subscriptions, limiter
 * counters and locks are gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './processes.js';

export interface RedisServer {
  port: number;
  /** redis://127.0.0.1:<port> */
  url: string;
  /** Whether a server process is running now. */
  running(): boolean;
  /** Kills the server (SIGKILL by default: a crash, no shutdown work) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts a new, empty server on the same port and waits until it answers PING. */
  start(): Promise<void>;
  /** Kills the server if it runs; safe twice. */
  close(): Promise<void>;
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends PING over a raw socket; resolves true on +PONG. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d: Buffer) => done(d.toString('utf8').startsWith('+PONG')));
  });
}

/** Starts `redis-server` on a free port (or `port`) and waits until it answers. */
export async function startRedisServer(port?: number, readyMs = 10_000): Promise<RedisServer> {
  const chosen = port ?? await freePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = '';

  const running = () => child !== null && child.exitCode === null && child.signalCode === null;

  async function start(): Promise<void> {
    if (running()) throw new Error(`redis-server on port ${chosen} is already running`);
    output = '';
    const proc = spawn('redis-server', [
      '--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
      '--daemonize', 'no', '--protected-mode', 'no', '--loglevel', 'warning',
    ], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.stdout!.setEncoding('utf8').on('data', (d: string) => { output = (output + d).slice(-4000); });
    proc.stderr!.setEncoding('utf8').on('data', (d: string) => { output = (output + d).slice(-4000); });
    proc.once('error', (err) => { output += `\n${err.message}`; });
    const deadline = Date.now() + readyMs;
    for (;;) {
      if (!running()) throw new Error(`redis-server on port ${chosen} exited during start-up: ${output}`);
      if (await pings(chosen)) return;
      // A port just released by a killed server can take a moment to bind again.
      if (Date.now() > deadline) {
        proc.kill('SIGKILL');
        throw new Error(`redis-server on port ${chosen} did not answer within ${readyMs} ms: ${output}`);
      }
      await delay(50);
    }
  }

  async function kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!running()) return;
    child!.kill(signal);
    await exited;
  }

  await start();
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    running,
    kill,
    start,
    close: () => kill('SIGKILL'),
  };
}
