/** /v1/tones: the five tone operations (spec 2.3, 2.4, 4.5). Tones charge no words. */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { DomainError } from '../../domain/error-codes.js';
import type { SchemaRegistry } from '../../schemas/index.js';
import type { Tone, ToneService } from '../../infra/tones.js';
import type { Principal } from '../middleware/auth.js';

export interface ToneRoutesDeps {
  /** body + auth + scope + secondary limits, for reads and for writes (writes add the tone-write bucket). */
  read: Middleware[];
  write: Middleware[];
  tones: ToneService;
  schemas: SchemaRegistry;
  wordsRemaining: (accountId: string) => Promise<number>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toneBody(t: Tone) {
  return {
    id: t.id, name: t.name, instructions: t.instructions, // Unset reads as an empty string: the spec types both as strings (null or "" clears them on PUT).
    description: t.description ?? '', example: t.example ?? '',
    created_at: t.createdAt, updated_at: t.updatedAt,
  };
}

function toneId(ctx: Context): string {
  const id = String(ctx.params.id ?? '');
  if (!UUID.test(id)) throw new DomainError('INVALID_ID', 'The tone id in the path must be a UUID.');
  return id.toLowerCase();
}

export function tonesRouter(deps: ToneRoutesDeps): Router {
  const router = new Router();
  const { read, write } = deps;
  const envelope = async (ctx: Context, body: Record<string, unknown>) => {
    const { accountId } = ctx.state.principal as Principal;
    ctx.status = 200;
    ctx.body = { ...body, words_charged: 0, words_remaining: await deps.wordsRemaining(accountId) };
  };
  const validated = (ctx: Context, name: 'tone-create' | 'tone-update'): Record<string, unknown> => {
    const result = deps.schemas.validateRequest(name, ctx.request.body);
    if (!result.ok) throw new DomainError(result.code, result.detail);
    return ctx.request.body as Record<string, unknown>;
  };
  const fields = (b: Record<string, unknown>) => ({ name: b.name, instructions: b.instructions, description: b.description, example: b.example });

  router.post('/v1/tones', ...write, async (ctx) => {
    const { accountId, plan } = ctx.state.principal as Principal;
    const tone = await deps.tones.create(accountId, plan, fields(validated(ctx, 'tone-create')));
    await envelope(ctx, { object: 'tone', id: ctx.state.requestId, tone: toneBody(tone) });
  });
  router.get('/v1/tones', ...read, async (ctx) => {
    const { accountId } = ctx.state.principal as Principal;
    const tones = await deps.tones.list(accountId);
    await envelope(ctx, { object: 'list', id: ctx.state.requestId, tones: tones.map(toneBody) });
  });
  router.get('/v1/tones/:id', ...read, async (ctx) => {
    const { accountId } = ctx.state.principal as Principal;
    const tone = await deps.tones.get(accountId, toneId(ctx));
    await envelope(ctx, { object: 'tone', id: ctx.state.requestId, tone: toneBody(tone) });
  });
  router.put('/v1/tones/:id', ...write, async (ctx) => {
    const { accountId } = ctx.state.principal as Principal;
    const id = toneId(ctx);
    const body = validated(ctx, 'tone-update');
    const changes = Object.fromEntries(Object.entries(fields(body)).filter(([, v]) => v !== undefined));
    const tone = await deps.tones.update(accountId, id, changes);
    await envelope(ctx, { object: 'tone', id: ctx.state.requestId, tone: toneBody(tone) });
  });
  router.delete('/v1/tones/:id', ...write, async (ctx) => {
    const { accountId } = ctx.state.principal as Principal;
    const id = toneId(ctx);
    await deps.tones.remove(accountId, id);
    await envelope(ctx, { object: 'tone', id: ctx.state.requestId, deleted: true });
  });
  return router;
}
