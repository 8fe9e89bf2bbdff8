/**
 * Custom tones through the event store: commands on `tones-<accountId>` with optimistic concurrency
 * (name uniqueness and the quota hold across API processes); reads come from the stream itself, so a
 * tone is visible to the next request at once.
 */
import { randomUUID } from 'node:crypto';
import { streams, type ToneEvent } from '../domain/events.js';
import type { Plan } from '../domain/plans.js';
import type { ToneSpec } from '../domain/options.js';
import { findTone, listTones, toneDecider, toneSpec, type Tone, type ToneInput, type ToneState } from '../domain/tone.js';
import { handleCommand, loadStream, StreamStateCache } from './command-handler.js';
import type { EventStore } from './eventstore/types.js';
import { DomainError } from '../domain/error-codes.js';

export type { Tone };

export class ToneService {
  private readonly cache = new StreamStateCache<ToneState>(10_000);

  constructor(private readonly store: EventStore, private readonly clock: () => Date = () => new Date()) {}

  private async state(accountId: string): Promise<ToneState> {
    return (await loadStream<ToneEvent, ToneState>(this.store, streams.tones(accountId), toneDecider, this.cache)).state;
  }

  async list(accountId: string): Promise<Tone[]> {
    return listTones(await this.state(accountId));
  }

  async get(accountId: string, toneId: string): Promise<Tone> {
    const tone = (await this.list(accountId)).find((t) => t.id === toneId);
    if (!tone) throw new DomainError('TONE_NOT_FOUND', `No custom tone with id ${toneId} on this account.`);
    return tone;
  }

  /** A custom tone by exact name or id, for humanize. */
  async resolve(accountId: string, nameOrId: string): Promise<Extract<ToneSpec, { kind: 'custom' }> | null> {
    const tone = findTone(await this.state(accountId), nameOrId);
    return tone ? (toneSpec(tone) as Extract<ToneSpec, { kind: 'custom' }>) : null;
  }

  async create(accountId: string, plan: Plan, input: ToneInput): Promise<Tone> {
    const toneId = randomUUID();
    const result = await handleCommand(this.store, streams.tones(accountId), toneDecider,
      { type: 'CreateTone', data: { ...input, accountId, toneId, now: this.clock().toISOString(), plan } }, { cache: this.cache });
    return this.pick(result.state, toneId);
  }

  async update(accountId: string, toneId: string, changes: ToneInput): Promise<Tone> {
    const result = await handleCommand(this.store, streams.tones(accountId), toneDecider,
      { type: 'UpdateTone', data: { accountId, toneId, changes, now: this.clock().toISOString() } }, { cache: this.cache });
    return this.pick(result.state, toneId);
  }

  async remove(accountId: string, toneId: string): Promise<void> {
    await handleCommand(this.store, streams.tones(accountId), toneDecider,
      { type: 'DeleteTone', data: { accountId, toneId, now: this.clock().toISOString() } }, { cache: this.cache });
  }

  private pick(state: ToneState, toneId: string): Tone {
    const tone = listTones(state).find((t) => t.id === toneId);
    if (!tone) throw new DomainError('TONE_NOT_FOUND', `No custom tone with id ${toneId} on this account.`);
    return tone;
  }
}
