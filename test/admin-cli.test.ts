/** The admin CLI as operators run it (a real process): readable help, and bulk provisioning visible at once. */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { bundleIsFresh } from '../bin/admin-launch.mjs';
import { bundleAdmin } from '../bin/bundle-admin.js';
import { findKey } from '../projections/api-keys.js';
import { listBalances } from '../projections/balances.js';
import { createTestDatabase, type TestDatabase } from './support/db.js';

const run = promisify(execFile);

interface Ran { code: number; stdout: string; stderr: string }

function admin(db: TestDatabase | null, args: string[]): Promise<Ran> {
  return run(process.execPath, ['--import', 'tsx', 'bin/admin.ts', ...args], {
    env: { ...process.env, ...(db ? { DATABASE_URL: db.url } : {}), LOG_LEVEL: 'silent' }, cwd: process.cwd(),
  }).then((r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }), (e: { code: number; stdout: string; stderr: string }) => e);
}

describe('admin CLI', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  before(async () => { db = await createTestDatabase('hz_admin_cli'); });
  after(async () => { await db?.drop(); });

  it('prints readable help with --help (exit 0) and without a command (exit 2)', async () => {
    const help = await admin(null, ['--help']);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.match(/^usage: admin <command>/);
    expect(help.stdout).to.include('\n  keys rotate --key KEY_ID [--grace-seconds N]\n');
    expect(help.stdout).not.to.include('\\n');
    const none = await admin(null, []);
    expect(none.code).to.equal(2);
    expect(none.stderr).to.match(/^usage: admin <command>/);
  });

  it('creates accounts with keys in bulk; every key is on the read side when it returns', async () => {
    const out = await admin(db, ['accounts', 'create', '--plan', 'scale', '--count', '25', '--with-key', '--name', 'bulk']);
    expect(out.code, out.stderr).to.equal(0);
    const { accounts } = JSON.parse(out.stdout) as { accounts: Array<{ account_id: string; key_id: string; key: string }> };
    expect(accounts).to.have.length(25);
    expect(new Set(accounts.map((a) => a.account_id)).size).to.equal(25);
    for (const a of accounts) {
      expect(a.key).to.match(/^svc_live_/);
      const row = await findKey(db.pool, a.key_id);
      expect(row?.accountId).to.equal(a.account_id);
    }
    const balances = await listBalances(db.pool, null);
    expect(balances.filter((b) => accounts.some((a) => a.account_id === b.accountId))).to.have.length(25);
  });

  it('refuses a bad --count as a usage error (exit 2) and an unknown plan as PLAN_NOT_FOUND', async () => {
    const bad = await admin(db, ['accounts', 'create', '--plan', 'growth', '--count', '0']);
    expect(bad.code).to.equal(2);
    expect(JSON.parse(bad.stderr).code).to.equal('USAGE');
    const unknown = await admin(db, ['accounts', 'create', '--plan', 'nope', '--count', '2']);
    expect(unknown.code).to.equal(1);
    expect(JSON.parse(unknown.stderr).code).to.equal('PLAN_NOT_FOUND');
  });

  it('refuses an unknown projection name as VALIDATION_FAILED (exit 1), naming the known ones', async () => {
    const res = await admin(db, ['projections', 'rebuild', '--name', 'accounts,nope']);
    expect(res.code).to.equal(1);
    expect(res.stdout).to.equal('');
    const problem = JSON.parse(res.stderr);
    expect(problem).to.include({ code: 'VALIDATION_FAILED', status: 400 });
    expect(problem.detail).to.match(/no projection named nope .*accounts/);
  });

  it('refuses `ledger audit` of an account that does not exist as NOT_FOUND (exit 1), not as a clean audit', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-account']) {
      const res = await admin(db, ['ledger', 'audit', '--account', id]);
      expect(res.code, res.stdout).to.equal(1);
      expect(res.stdout).to.equal('');
      expect(JSON.parse(res.stderr)).to.include({ code: 'NOT_FOUND', status: 404 });
    }
    const created = JSON.parse((await admin(db, ['accounts', 'create', '--plan', 'growth'])).stdout) as { account_id: string };
    const audit = await admin(db, ['ledger', 'audit', '--account', created.account_id]);
    expect(audit.code, audit.stderr).to.equal(0);
    expect(JSON.parse(audit.stdout)).to.include({ accounts: 1 });
  });

  it('`npm run admin` runs the bundle only when it was built after every change to its sources', async () => {
    const root = await mkdtemp(join(tmpdir(), 'hz-admin-launch-'));
    try {
      await mkdir(join(root, 'dist', 'bin'), { recursive: true });
      await mkdir(join(root, 'domain', 'deep'), { recursive: true });
      await writeFile(join(root, 'domain', 'deep', 'rules.ts'), 'export {};');
      expect(bundleIsFresh(root), 'no bundle').to.equal(false);
      await writeFile(join(root, 'dist', 'bin', 'admin.js'), '');
      const at = (path: string, seconds: number): Promise<void> => utimes(path, seconds, seconds);
      await at(join(root, 'domain', 'deep', 'rules.ts'), 1_000);
      await at(join(root, 'dist', 'bin', 'admin.js'), 2_000);
      expect(bundleIsFresh(root), 'built after the sources').to.equal(true);
      await at(join(root, 'domain', 'deep', 'rules.ts'), 3_000);
      expect(bundleIsFresh(root), 'a source changed since').to.equal(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('bundled as `npm run build` writes it (dist/bin/admin.js), answers as the source does', async function () {
    const dir = await mkdtemp(join(tmpdir(), 'hz-admin-bundle-'));
    try {
      await bundleAdmin(dir);
      const bundled = (args: string[]): Promise<Ran> => run(process.execPath, [join(dir, 'admin.js'), ...args], {
        env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' },
      }).then((r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }), (e: { code: number; stdout: string; stderr: string }) => e);
      const help = await bundled(['--help']);
      expect(help.code).to.equal(0);
      expect(help.stdout).to.equal((await admin(null, ['--help'])).stdout);
      const created = await bundled(['accounts', 'create', '--plan', 'growth']);
      expect(created.code, created.stderr).to.equal(0);
      const { account_id: account } = JSON.parse(created.stdout) as { account_id: string };
      const topup = await bundled(['accounts', 'topup', '--account', account, '--words', '500']);
      expect(JSON.parse(topup.stdout)).to.deep.equal({ account_id: account, words_remaining: 1_000_500 });
      const key = JSON.parse((await bundled(['keys', 'create', '--account', account])).stdout) as { key_id: string; key: string };
      expect((await findKey(db.pool, key.key_id))?.accountId).to.equal(account);
      const audit = JSON.parse((await bundled(['ledger', 'audit', '--account', account])).stdout) as { violations: unknown[] };
      expect(audit.violations).to.deep.equal([]);
      const unknown = await bundled(['accounts', 'topup', '--account', '00000000-0000-4000-8000-000000000000', '--words', '5']);
      expect(unknown.code).to.equal(1);
      expect(JSON.parse(unknown.stderr).code).to.equal(JSON.parse((await admin(db, ['accounts', 'topup', '--account', '00000000-0000-4000-8000-000000000000', '--words', '5'])).stderr).code);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
