/**
 * POST /v1/humanize and POST /v1/detect: body → auth → scope → limits → idempotency key → validation →
 * reservation → job → JSON or SSE (spec 4.1, 4.2, 6).
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { chargingPlan } from '../../domain/charging.js';
import { DomainError } from '../../domain/error-codes.js';
import type { DetectJob, HumanizeJob } from '../../domain/jobs.js';
import type { Language, ToneSpec } from '../../domain/options.js';
import type { BuiltinTone } from '../../domain/options.js';
import type { SchemaRegistry } from '../../schemas/index.js';
import type { Principal } from '../middleware/auth.js';
import { parseDetect, parseHumanize } from '../text-request.js';
import { idempotencyHeader, idempotencyKeyAsRequestId, type TextJobs } from '../text-job.js';

export interface TextRoutesDeps {
  /** body, auth and the per-scope middleware of the composition root. */
  edge: (scope: 'humanize' | 'detect') => Middleware[];
  schemas: SchemaRegistry;
  jobs: TextJobs;
  resolveTone: (accountId: string, nameOrId: string) => Promise<Extract<ToneSpec, { kind: 'custom' }> | null>;
  seed?: () => number;
  /**
   * The language the engine will write in, reported in `meta` and in the result. The built-in engine
   * writes in the text's own language (domain/language.ts); absent, the requested language is reported.
   */
  outputLanguage?: (text: string, requested: Language) => Language;
}

export function textRouter(deps: TextRoutesDeps): Router {
  const router = new Router();
  const seed = deps.seed ?? (() => Math.floor(Math.random() * 2 ** 31));

  router.post('/v1/humanize', idempotencyKeyAsRequestId(), ...deps.edge('humanize'), idempotencyHeader(), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const input = parseHumanize(deps.schemas, ctx.request.body, principal.plan);
    let tone: ToneSpec;
    if (input.builtinTone) tone = { kind: 'builtin', name: input.toneEcho as BuiltinTone };
    else {
      const custom = await deps.resolveTone(principal.accountId, input.toneEcho);
      if (!custom) throw new DomainError('TONE_NOT_FOUND', `No custom tone named ${JSON.stringify(input.toneEcho)} (or with that id) exists on this account.`);
      tone = custom;
    }
    const { multiplier, bestOfUsed } = chargingPlan({ mode: input.mode, bestOf: input.bestOf });
    const language = deps.outputLanguage?.(input.text, input.language) ?? input.language;
    await deps.jobs.accept(ctx, {
      endpoint: 'humanize',
      inputWords: input.inputWords,
      multiplier,
      sseMeta: input.stream
        ? { id: String(ctx.state.requestId), mode: input.mode, tone: input.toneEcho, language, input_words: input.inputWords }
        : null,
      build: (r): HumanizeJob => ({
        endpoint: 'humanize', requestId: r.requestId, accountId: principal.accountId, keyId: principal.keyId,
        text: input.text, inputWords: input.inputWords, words: r.words, deadline: r.deadline, acceptedAt: r.acceptedAt,
        idempotencyKey: (ctx.state.idempotencyKey as string | undefined) ?? null, creditsLow: r.creditsLow,
        mode: input.mode, toneEcho: input.toneEcho, tone, readability: input.readability, language,
        freezeWords: input.freezeWords, bestOfUsed, stream: input.stream, seed: seed(),
      }),
    });
  });

  router.post('/v1/detect', idempotencyKeyAsRequestId(), ...deps.edge('detect'), idempotencyHeader(), async (ctx) => {
    const principal = ctx.state.principal as Principal;
    const input = parseDetect(deps.schemas, ctx.request.body, principal.plan);
    await deps.jobs.accept(ctx, {
      endpoint: 'detect',
      inputWords: input.inputWords,
      multiplier: 1,
      sseMeta: null,
      build: (r): DetectJob => ({
        endpoint: 'detect', requestId: r.requestId, accountId: principal.accountId, keyId: principal.keyId,
        text: input.text, inputWords: input.inputWords, words: r.words, deadline: r.deadline, acceptedAt: r.acceptedAt,
        idempotencyKey: (ctx.state.idempotencyKey as string | undefined) ?? null, creditsLow: r.creditsLow,
        ...(input.submitted !== undefined ? { submitted: input.submitted } : {}),
      }),
    });
  });
  return router;
}
