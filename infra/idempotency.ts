/**
 * Idempotency keys through the event store: the claim is an append to `idempotency-<key>` with an
 * expected revision (atomic across API processes); workers store the result or release the key.
 */
import { claimIdempotencyKey, idempotencyDecider, type IdempotencyState, type ClaimOutcome } from '../domain/idempotency.js';
import { streams, type Endpoint, type IdempotencyEvent } from '../domain/events.js';
import { handleCommand, loadStream } from './command-handler.js';
import { WrongExpectedRevisionError, type EventStore } from './eventstore/types.js';

type Who = { accountId: string; keyId: string; endpoint: Endpoint };
export type Outcome =
  | { kind: 'unused' } | { kind: 'conflict' } | { kind: 'replay'; body: Record<string, unknown> } | { kind: 'in_flight' } | { kind: 'retry_required' };

function toOutcome(o: ClaimOutcome): Outcome {
  switch (o.kind) {
    case 'claimed': return { kind: 'unused' };
    case 'replay': return { kind: 'replay', body: o.body };
    case 'in_flight': return { kind: 'in_flight' };
    case 'conflict': return { kind: 'conflict' };
    case 'retry_required': return { kind: 'retry_required' };
  }
}

export class IdempotencyService {
  constructor(private readonly events: EventStore, private readonly ttlSeconds: number, private readonly clock: () => Date = () => new Date()) {}

  private load(key: string) {
    return loadStream<IdempotencyEvent, IdempotencyState>(this.events, streams.idempotency(key), idempotencyDecider);
  }

  private request(key: string, who: Who) {
    return { key, ...who, now: this.clock().toISOString(), ttlSeconds: this.ttlSeconds };
  }

  async inspect(key: string, who: Who): Promise<Outcome> {
    const { state } = await this.load(key);
    return toOutcome(claimIdempotencyKey(state, this.request(key, who)));
  }

  /** The result stored under a key, whoever asks (null when none is stored). */
  async storedResult(key: string): Promise<Record<string, unknown> | null> {
    const { state } = await this.load(key);
    return state.status === 'stored' ? state.result.body : null;
  }

  async claim(key: string, who: Who): Promise<Outcome> {
    for (;;) {
      const { state, revision } = await this.load(key);
      const outcome = claimIdempotencyKey(state, this.request(key, who));
      if (outcome.kind !== 'claimed') return toOutcome(outcome);
      try {
        await this.events.append(streams.idempotency(key), outcome.events, revision === null ? 'no_stream' : revision);
        return { kind: 'unused' };
      } catch (err: unknown) {
        // Another request won the race: ask again with its claim in view.
        if (!(err instanceof WrongExpectedRevisionError)) throw err;
      }
    }
  }

  async releaseUnprocessed(key: string, code: string): Promise<void> {
    await handleCommand(this.events, streams.idempotency(key), idempotencyDecider, { type: 'Release', data: { key, code, now: this.clock().toISOString(), reusable: true } });
  }

  async release(key: string, code: string): Promise<void> {
    await handleCommand(this.events, streams.idempotency(key), idempotencyDecider, { type: 'Release', data: { key, code, now: this.clock().toISOString() } });
  }

  /** Releases a key only while it is claimed by `accountId` (the sweeper does not know whether a request id is a key). */
  async releaseClaimedBy(key: string, accountId: string, code: string): Promise<void> {
    const { state } = await this.load(key);
    if (state.status !== 'claimed' || state.claim.accountId !== accountId) return;
    await this.release(key, code);
  }

  async store(key: string, body: Record<string, unknown>): Promise<void> {
    await handleCommand(this.events, streams.idempotency(key), idempotencyDecider, { type: 'StoreResult', data: { key, status: 200, body, now: this.clock().toISOString() } });
  }
}
