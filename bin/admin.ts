/**
 * Admin CLI: `npm run --silent admin -- <group> <command> [--flags]`. One JSON object on stdout and
 * exit 0; on error a problem-like JSON object on stderr and a non-zero exit.
 */
import { parseArgs } from 'node:util';
import { DomainError, statusOf, titleOf } from '../domain/error-codes.js';
import type { SuspensionReason } from '../domain/events.js';
import { ConfigError, loadConfig } from '../infra/config.js';
import { openBackends, loadExtraPlans } from './backends.js';

const USAGE = `usage: admin <command> [--flags]
  accounts create --plan growth|scale|<plan key>|none [--email E]
  accounts create --plan P --count N [--with-key] [--name N] [--scopes humanize,detect,tones]
      bulk: N accounts (each with one key with --with-key); prints {"accounts":[{"account_id","key_id","key"},...]}
  accounts topup --account ID --words N
  accounts adjust --account ID --words ±N --reason TEXT
  accounts suspend --account ID --reason banned|risk|turnstile
  accounts reinstate --account ID
  accounts cancel --account ID
  keys create --account ID [--name N] [--scopes humanize,detect,tones] [--allow-ip IP|CIDR,...]
  keys rotate --key KEY_ID [--grace-seconds N]
  keys revoke --key KEY_ID
  projections rebuild [--name NAME]
  ledger audit [--account ID]`;

class UsageError extends Error {}

function need(values: Record<string, string | boolean | undefined>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

function integer(raw: string, name: string): number {
  if (!/^[+-]?\d+$/.test(raw)) throw new UsageError(`--${name} must be an integer`);
  return Number(raw);
}

/**
 * `--words -10` as `--words=-10`: parseArgs (Node 20) takes a value that starts with a dash for an option,
 * and `accounts adjust --words ±N` takes negative numbers.
 */
function negativeWords(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (args[i] === '--words' && next !== undefined && /^-\d+$/.test(next)) {
      out.push(`--words=${next}`);
      i++;
    } else out.push(args[i]!);
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    (argv.length === 0 ? process.stderr : process.stdout).write(USAGE + '\n');
    return argv.length === 0 ? 2 : 0;
  }
  const [group, command, ...rest] = argv;
  const { values } = parseArgs({
    args: negativeWords(rest),
    options: {
      plan: { type: 'string' }, email: { type: 'string' }, account: { type: 'string' }, words: { type: 'string' },
      reason: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' }, 'allow-ip': { type: 'string' },
      key: { type: 'string' }, 'grace-seconds': { type: 'string' }, count: { type: 'string' }, 'with-key': { type: 'boolean' },
    },
    allowNegative: true,
    strict: true,
  });
  const config = loadConfig();
  const bulk = `${group} ${command}` === 'accounts create' && values.count !== undefined;
  // No catch-up of the read side at start: each command waits for its own writes (and what came before them)
  // to show, and the commands that read the read side first catch it up themselves. One connection serves a
  // command (nothing holds one while it waits for another); a rebuild's transaction and its log reads need
  // two, an audit reads on two at once; bulk provisioning runs 16 commands at once.
  const commands = import('./admin-commands.js'); // loads while the database opens
  commands.catch(() => {});
  const poolSize = bulk ? 17 : group === 'projections' || group === 'ledger' ? 2 : 1;
  const backends = await openBackends(config, undefined, { poolSize, catchUp: false });
  try {
    const { AdminCommands } = await commands;
    const admin = new AdminCommands({ store: backends.store, pool: backends.pool, runner: backends.runner, extraPlans: loadExtraPlans(config) });
    const out = await (async (): Promise<unknown> => {
      switch (`${group} ${command}`) {
        case 'accounts create': {
          if (!bulk) return admin.createAccount({ plan: need(values, 'plan'), email: values.email ?? null });
          const count = integer(values.count as string, 'count');
          if (count < 1 || count > 100_000) throw new UsageError('--count must be from 1 to 100000');
          const accounts = await admin.createCustomers({
            plan: need(values, 'plan'), count, email: values.email ?? null,
            keyName: values['with-key'] ? (values.name ?? 'default') : null, scopes: values.scopes ?? null,
          });
          return { accounts };
        }
        case 'accounts topup': return admin.topUp(need(values, 'account'), integer(need(values, 'words'), 'words'));
        case 'accounts adjust': return admin.adjust(need(values, 'account'), integer(need(values, 'words'), 'words'), need(values, 'reason'));
        case 'accounts suspend': {
          const reason = need(values, 'reason');
          if (!['banned', 'risk', 'turnstile'].includes(reason)) throw new UsageError('--reason must be banned, risk or turnstile');
          return admin.suspend(need(values, 'account'), reason as SuspensionReason);
        }
        case 'accounts reinstate': return admin.reinstate(need(values, 'account'));
        case 'accounts cancel': return admin.cancel(need(values, 'account'));
        case 'keys create': return admin.createKey({ accountId: need(values, 'account'), name: values.name ?? null, scopes: values.scopes ?? null, allowIps: values['allow-ip'] ?? null });
        case 'keys rotate': return admin.rotateKey(need(values, 'key'), values['grace-seconds'] ? integer(values['grace-seconds'], 'grace-seconds') : null);
        case 'keys revoke': return admin.revokeKey(need(values, 'key'));
        case 'projections rebuild': return admin.rebuildProjections(values.name ? values.name.split(',') : null);
        case 'ledger audit': {
          const { auditLedger } = await import('./ledger-audit.js');
          // The audit compares the read side with the log: bring it up to the head first, as a projector would have.
          await backends.runner.catchUpTo(await backends.store.headPosition());
          // A reservation still open past its deadline and the sweep margin is one the sweeper should have refunded.
          const report = await auditLedger(backends.store, backends.pool, values.account ?? null, {
            staleAfterMs: config.aiTimeoutMs + config.reservationSweep.marginMs,
          });
          if (report.violations.length > 0) {
            process.stderr.write(JSON.stringify({ title: 'Ledger audit failed', code: 'LEDGER_AUDIT_FAILED', ...report }) + '\n');
            return undefined;
          }
          // A mistyped id is no clean account: an account with no events and no rows is refused as the other commands refuse it.
          if (values.account !== undefined && report.accounts === 0) throw new DomainError('NOT_FOUND', `account ${values.account} does not exist`);
          return report;
        }
        default: throw new UsageError(`unknown command: ${[group, command].filter(Boolean).join(' ') || '(none)'}`);
      }
    })();
    if (out === undefined) return 1;
    process.stdout.write(JSON.stringify(out) + '\n');
    return 0;
  } finally {
    await backends.close();
  }
}

function fail(err: unknown): number {
  let problem: Record<string, unknown>;
  if (err instanceof DomainError) problem = { title: titleOf(err.code), status: statusOf(err.code), code: err.code, detail: err.message, ...err.extra };
  else if (err instanceof UsageError || (err instanceof TypeError && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
    problem = { title: 'Usage error', code: 'USAGE', detail: err.message, usage: USAGE };
  } else if (err instanceof ConfigError) problem = { title: 'Configuration error', code: 'CONFIG', detail: err.message };
  else problem = { title: 'Admin command failed', code: 'INTERNAL_ERROR', detail: err instanceof Error ? err.message : String(err) };
  process.stderr.write(JSON.stringify(problem) + '\n');
  return err instanceof UsageError ? 2 : 1;
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err: unknown) => process.exit(fail(err)));
