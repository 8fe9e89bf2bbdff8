/**
 * Processes of a bench run: the service (`bin/main.ts` with some ROLES) and the essential pipeline
 * (`bench/essential.ts`), each a real child process whose stdout is drained like a log collector would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface BenchProcess { name: string; child: ChildProcess; stop(): Promise<void> }

/** Spawns `node [...nodeArgs] --import tsx <script> ...args` (in `cwd`, by default this checkout) and waits until its stdout contains `readyWhen`. */
export async function spawnReady(name: string, script: string, args: string[], env: Record<string, string>, readyWhen: string, nodeArgs: string[] = [], cwd: string = ROOT): Promise<BenchProcess> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], {
    cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (d: Buffer) => {
      seen = (seen + d.toString()).slice(-8000);
      if (seen.includes(readyWhen)) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited during start-up (code ${code}): ${stderr}`)));
    setTimeout(() => reject(new Error(`${name} did not start within 60 s: ${stderr}`)), 60_000).unref();
  });
  // Log lines after start-up are read and dropped.
  child.stdout!.on('data', () => {});
  return {
    name, child,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) { resolve(); return; }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
    }),
  };
}
