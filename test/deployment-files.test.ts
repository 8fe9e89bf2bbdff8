/**
 * The deployment files, read as the tools would (Docker cannot run here): docker-compose.yml parses,
 * gives every app container a stop grace period above SHUTDOWN_GRACE_MS + 10 s, publishes no api port
 * but the proxy's, and trusts the proxy's X-Forwarded-For; the Caddyfile balances over the api replicas
 * without buffering streams; the production image installs no dev dependency.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parse } from 'yaml';

interface ComposeService { environment?: Record<string, string>; ports?: string[]; stop_grace_period?: string; image?: string; volumes?: string[]; command?: string }

const seconds = (duration: string): number => {
  const m = /^(\d+)(s|m)$/.exec(duration);
  if (!m) throw new Error(`unexpected duration ${duration}`);
  return Number(m[1]) * (m[2] === 'm' ? 60 : 1);
};

describe('deployment files', () => {
  const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
  const services = compose.services;

  it('stops app containers only after the shutdown grace period plus 10 s', () => {
    for (const name of ['api', 'worker', 'projector']) {
      const s = services[name]!;
      const graceMs = Number(s.environment?.SHUTDOWN_GRACE_MS ?? 25_000);
      expect(seconds(s.stop_grace_period ?? '10s'), name).to.be.greaterThan(graceMs / 1000 + 10);
    }
  });

  it('puts one TLS proxy in front of the api replicas, which trust its X-Forwarded-For', () => {
    expect(services.api!.ports).to.equal(undefined);
    expect(services.api!.environment).to.include({ TRUST_PROXY: 'true', ROLES: 'api' });
    expect(services.api!.environment!.DOCS_URL).to.match(/^https:\/\/.+\/docs$/);
    const published = Object.entries(services).filter(([, s]) => s.ports).map(([name]) => name);
    expect(published).to.deep.equal(['proxy']);
    expect(services.proxy!.ports).to.include('443:443');
    expect(services.proxy!.volumes).to.include('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = readFileSync('deploy/Caddyfile', 'utf8');
    // Defaults are the compose service name and port (test/proxy.test.ts runs the file with others).
    expect(caddyfile).to.match(/dynamic a \{\s+name \{\$API_HOST:api\}\s+port \{\$API_PORT:8080\}/);
    expect(caddyfile).to.match(/^\s*flush_interval -1$/m);
    expect(caddyfile).to.contain('Strict-Transport-Security');
  });

  it('builds a production image without dev dependencies', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages).to.have.length(2);
    const production = stages.at(-1)!;
    expect(production).to.match(/npm ci --omit=dev/);
    expect(production).to.match(/COPY --from=build \/app\/dist/);
    expect(production).to.not.match(/npm run build|tsx/);
    expect(production).to.match(/^CMD \["node", "dist\/bin\/main\.js"\]$/m);
  });
});
