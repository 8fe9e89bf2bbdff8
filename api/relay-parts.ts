/** Pieces of the relay (api/relay.ts): its mailbox of progress messages, and the SSE `done` event and chunks. */
import type { ProgressMessage } from '../domain/jobs.js';

/**
 * A mailbox of pushed messages. Waiting (`ready`) never consumes: a message that arrives after the wait
 * lost a race (the deadline or the disconnect came first) stays queued for whoever looks next, so the
 * worker's `done` cannot vanish into an abandoned promise.
 */
export class Inbox {
  private readonly queue: ProgressMessage[] = [];
  private wake: (() => void) | null = null;
  push(message: ProgressMessage): void {
    this.queue.push(message);
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
  /** Resolves once a message is queued (without taking it). */
  ready(): Promise<void> {
    if (this.queue.length > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const earlier = this.wake;
      this.wake = () => { earlier?.(); resolve(); };
    });
  }
  take(): ProgressMessage | undefined {
    return this.queue.shift();
  }
  async next(): Promise<ProgressMessage> {
    for (;;) {
      await this.ready();
      const m = this.take();
      if (m) return m;
    }
  }
}

/** The `done` event of spec section 6: exactly its fields; the text itself went out as chunks. */
export function doneEvent(body: Record<string, unknown>, latencyMs: number): Record<string, unknown> {
  const { object, id, input_words, output_words, words_charged, words_remaining, language, best_of_used, is_custom_tone } = body;
  return {
    object, id, input_words, output_words, words_charged, words_remaining, credits_low: body.credits_low === true,
    language, best_of_used, is_custom_tone, latency_ms: latencyMs,
  };
}

/** Word-sized chunks (each word with the whitespace after it); they concatenate to the text. */
export function wordChunks(text: string): string[] {
  return text.match(/\s+|\S+\s*/gy) ?? [];
}
