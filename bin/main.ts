/**
 * Process entry point: runs the roles named by ROLES (default api,worker,projector). `--check`
 * validates configuration and connectivity, then exits.
 */
import { ConfigError, loadConfig } from '../infra/config.js';
import { createLogger } from '../infra/logger.js';
import { startService } from './service.js';
import { checkConnectivity } from './check.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err: unknown) {
    if (err instanceof ConfigError) {
      process.stderr.write(`configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel, { roles: config.roles.join(',') });
  if (process.argv.includes('--check')) {
    const problems = await checkConnectivity(config, logger);
    for (const p of problems) process.stderr.write(`check failed: ${p}\n`);
    if (problems.length === 0) process.stdout.write('configuration and connectivity OK\n');
    process.exit(problems.length === 0 ? 0 : 1);
  }
  const service = await startService(config, { logger });
  // Supervisors and tests wait for this line: every role of the process is serving.
  logger.info({ url: service.url }, 'started');
  let signals = 0;
  const stop = (signal: string) => {
    signals++;
    if (signals > 1) {
      logger.warn({ signal }, 'second signal: forcing exit');
      process.exit(1);
    }
    logger.info({ signal }, 'shutting down');
    // Past the grace period the API still takes up to 5 s to end what is open, then closers run.
    const force = setTimeout(() => { logger.error('shutdown deadline passed; forcing exit'); process.exit(1); }, config.shutdownGraceMs + 10_000);
    force.unref();
    service.close().then(() => process.exit(0), (err: unknown) => { logger.error({ err }, 'shutdown failed'); process.exit(1); });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
