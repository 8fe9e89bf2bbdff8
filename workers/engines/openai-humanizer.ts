/**
 * Humanizer backed by any OpenAI-compatible chat completions endpoint (`POST {baseURL}/chat/completions`).
 * Streams when the caller streams; restores frozen phrases before any text leaves (see freeze.ts).
 */
import type OpenAI from 'openai';
import { FrozenPhraseGuard, frozenPhrasesIn } from './freeze.js';
import { CallScope, createClient, type OpenAIConnection } from './openai-shared.js';
import { humanizeMessages, MODE_TEMPERATURE } from './prompts.js';
import { ProviderError, type CallOptions, type HumanizeRequest, type Humanizer } from './types.js';

export interface OpenAIHumanizerConfig extends OpenAIConnection {
  /** Deadline for one whole generation, streamed or not. */
  timeoutMs: number;
}

const WHAT = 'humanize';

function checkedOutput(text: string, finishReason: string | null): string {
  if (finishReason === 'length') {
    throw new ProviderError(`${WHAT}: the model stopped at its output token limit; the rewrite is incomplete`);
  }
  if (text.trim() === '') throw new ProviderError(`${WHAT}: the model returned no text`);
  return text;
}

export function createOpenAIHumanizer(config: OpenAIHumanizerConfig): Humanizer {
  const client = createClient(config, config.timeoutMs);

  function body(request: HumanizeRequest): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming {
    return {
      model: config.model,
      messages: humanizeMessages(request),
      seed: request.seed,
      temperature: MODE_TEMPERATURE[request.mode],
    };
  }

  async function complete(request: HumanizeRequest, scope: CallScope, guard: FrozenPhraseGuard): Promise<string> {
    let completion: OpenAI.Chat.ChatCompletion;
    try {
      completion = await client.chat.completions.create(body(request), { signal: scope.signal });
    } catch (error: unknown) {
      throw scope.failure(error, WHAT);
    }
    const choice = completion.choices?.[0];
    const content = typeof choice?.message?.content === 'string' ? choice.message.content : '';
    guard.push(content);
    guard.finish();
    return checkedOutput(guard.text, choice?.finish_reason ?? null);
  }

  async function stream(
    request: HumanizeRequest,
    scope: CallScope,
    guard: FrozenPhraseGuard,
    onChunk: (text: string) => void,
  ): Promise<string> {
    let chunks: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>;
    try {
      chunks = await client.chat.completions.create({ ...body(request), stream: true }, { signal: scope.signal });
    } catch (error: unknown) {
      throw scope.failure(error, WHAT);
    }
    const emit = (text: string): void => {
      if (text !== '') onChunk(text);
    };
    let finishReason: string | null = null;
    try {
      for await (const chunk of chunks) {
        const choice = chunk.choices?.[0];
        if (!choice) continue;
        const delta = choice.delta?.content;
        if (typeof delta === 'string' && delta !== '') emit(guard.push(delta));
        if (choice.finish_reason) finishReason = choice.finish_reason;
      }
    } catch (error: unknown) {
      throw scope.failure(error, `${WHAT}: the response stream broke off`);
    }
    // The client ends the iteration quietly when the request is aborted.
    scope.throwIfStopped();
    if (finishReason === null) {
      throw new ProviderError(`${WHAT}: the response stream ended before the model finished`);
    }
    const rest = guard.finish();
    const text = checkedOutput(guard.text, finishReason);
    emit(rest);
    return text;
  }

  return {
    async humanize(request: HumanizeRequest, options: CallOptions): Promise<string> {
      const scope = new CallScope(options.signal, config.timeoutMs);
      try {
        scope.throwIfStopped();
        const guard = new FrozenPhraseGuard(frozenPhrasesIn(request.text, request.freezeWords));
        return options.onChunk
          ? await stream(request, scope, guard, options.onChunk)
          : await complete(request, scope, guard);
      } finally {
        scope.dispose();
      }
    },
  };
}
