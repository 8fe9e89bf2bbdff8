/**
 * Custom tones over `tones-<accountId>` (spec 2.3, 4.5). Fields arrive as `unknown` straight from a
 * request body and are checked here, in this order: type/presence (INVALID_NAME, INVALID_INSTRUCTIONS,
 * VALIDATION_FAILED), blocked patterns in the text as sent (INJECTION_DETECTED), then lengths after
 * sanitisation (HTML stripped, normalised, trimmed), reserved names, name conflicts, and the quota.
 */
import { assertNever, type Decider } from './decider.js';
import { DomainError } from './error-codes.js';
import type { ToneEvent, ToneFields } from './events.js';
import { isBuiltinTone, type ToneSpec } from './options.js';
import type { Plan } from './plans.js';
import { findBlockedPattern, sanitizeField } from './sanitize.js';

export const TONE_NAME_MAX = 50;
export const TONE_INSTRUCTIONS_MAX = 500;
export const TONE_TEXT_MAX = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Tone extends ToneFields {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** Live tones in creation order ('empty' when there are none, including after deletes). */
export type ToneState = { status: 'empty' } | { status: 'active'; tones: readonly Tone[] };

/** Tone fields as received; `undefined` means "not sent". description/example may be null (cleared). */
export interface ToneInput {
  name?: unknown;
  instructions?: unknown;
  description?: unknown;
  example?: unknown;
}

export type ToneCommand =
  | { type: 'CreateTone'; data: ToneInput & { accountId: string; toneId: string; now: string; plan: Pick<Plan, 'maxCustomTones' | 'name'> } }
  | { type: 'UpdateTone'; data: { accountId: string; toneId: string; changes: ToneInput; now: string } }
  | { type: 'DeleteTone'; data: { accountId: string; toneId: string; now: string } };

const FIELDS = ['name', 'instructions', 'description', 'example'] as const;

const chars = (s: string) => [...s].length;
const nameKey = (name: string) => name.toLowerCase();

function tonesOf(state: ToneState): readonly Tone[] {
  return state.status === 'empty' ? [] : state.tones;
}

/** All live tones, newest first. */
export function listTones(state: ToneState): Tone[] {
  return [...tonesOf(state)].reverse();
}

/** A live tone by id (case-insensitive uuid) or else by exact name. */
export function findTone(state: ToneState, nameOrId: string): Tone | undefined {
  const tones = tonesOf(state);
  if (UUID.test(nameOrId)) {
    const byId = tones.find((t) => t.id.toLowerCase() === nameOrId.toLowerCase());
    if (byId) return byId;
  }
  return tones.find((t) => t.name === nameOrId);
}

/** Whether another live tone already uses `name` (case-insensitive). */
export function toneNameTaken(state: ToneState, name: string, exceptToneId?: string): boolean {
  return tonesOf(state).some((t) => t.id !== exceptToneId && nameKey(t.name) === nameKey(name));
}

/** What an engine needs to apply a custom tone. */
export function toneSpec(tone: Tone): ToneSpec {
  return { kind: 'custom', id: tone.id, name: tone.name, instructions: tone.instructions, description: tone.description, example: tone.example };
}

/** Validates and sanitises the fields present in `input`; `required` fields must be present. */
export function cleanToneFields(input: ToneInput, required: boolean): Partial<ToneFields> {
  const out: Partial<ToneFields> = {};
  if (input.name !== undefined || required) {
    if (typeof input.name !== 'string') throw new DomainError('INVALID_NAME', 'name is required and must be a string');
  }
  if (input.instructions !== undefined || required) {
    if (typeof input.instructions !== 'string') throw new DomainError('INVALID_INSTRUCTIONS', 'instructions is required and must be a string');
  }
  for (const field of ['description', 'example'] as const) {
    const v = input[field];
    if (v !== undefined && v !== null && typeof v !== 'string') throw new DomainError('VALIDATION_FAILED', `${field} must be a string`);
  }
  for (const field of FIELDS) {
    const v = input[field];
    // As sent and as it would be stored: sanitising must not assemble a blocked phrase either.
    const hit = typeof v === 'string' ? findBlockedPattern(v) ?? findBlockedPattern(sanitizeField(v)) : null;
    if (hit) throw new DomainError('INJECTION_DETECTED', `${field} contains a blocked pattern (${hit})`, { field, pattern: hit });
  }
  if (typeof input.name === 'string') {
    const name = sanitizeField(input.name).replace(/\s+/g, ' ');
    if (chars(name) < 1 || chars(name) > TONE_NAME_MAX) throw new DomainError('INVALID_NAME', `name must be 1-${TONE_NAME_MAX} characters after sanitization`);
    if (isBuiltinTone(nameKey(name))) throw new DomainError('TONE_NAME_RESERVED', `${name} is a built-in tone name`);
    out.name = name;
  }
  if (typeof input.instructions === 'string') {
    const instructions = sanitizeField(input.instructions);
    if (chars(instructions) < 1 || chars(instructions) > TONE_INSTRUCTIONS_MAX) {
      throw new DomainError('INVALID_INSTRUCTIONS', `instructions must be 1-${TONE_INSTRUCTIONS_MAX} characters after sanitization`);
    }
    out.instructions = instructions;
  }
  for (const field of ['description', 'example'] as const) {
    const v = input[field];
    if (v === undefined) { if (required) out[field] = null; continue; }
    const text = typeof v === 'string' ? sanitizeField(v) : '';
    if (chars(text) > TONE_TEXT_MAX) throw new DomainError('VALIDATION_FAILED', `${field} must be at most ${TONE_TEXT_MAX} characters`);
    out[field] = text || null;
  }
  return out;
}

function decideTone(command: ToneCommand, state: ToneState): ToneEvent[] {
  switch (command.type) {
    case 'CreateTone': {
      const { accountId, toneId, now, plan } = command.data;
      const fields = cleanToneFields(command.data, true) as ToneFields;
      if (tonesOf(state).some((t) => t.id === toneId)) throw new DomainError('VALIDATION_FAILED', `tone ${toneId} already exists`);
      if (toneNameTaken(state, fields.name)) throw new DomainError('TONE_NAME_CONFLICT', `a tone named ${fields.name} already exists`);
      if (tonesOf(state).length >= plan.maxCustomTones) {
        throw new DomainError('TONE_LIMIT_REACHED', `the ${plan.name} plan allows ${plan.maxCustomTones} custom tones`);
      }
      return [{ type: 'ToneCreated', data: { accountId, toneId, at: now, ...fields } }];
    }
    case 'UpdateTone': {
      const { accountId, toneId, changes, now } = command.data;
      if (FIELDS.every((f) => changes[f] === undefined)) {
        throw new DomainError('NO_FIELDS', 'send at least one of name, instructions, description, example');
      }
      if (!tonesOf(state).some((t) => t.id === toneId)) throw new DomainError('TONE_NOT_FOUND');
      const cleaned = cleanToneFields(changes, false);
      if (cleaned.name !== undefined && toneNameTaken(state, cleaned.name, toneId)) {
        throw new DomainError('TONE_NAME_CONFLICT', `a tone named ${cleaned.name} already exists`);
      }
      return [{ type: 'ToneUpdated', data: { accountId, toneId, changes: cleaned, at: now } }];
    }
    case 'DeleteTone': {
      const { accountId, toneId, now } = command.data;
      if (!tonesOf(state).some((t) => t.id === toneId)) throw new DomainError('TONE_NOT_FOUND');
      return [{ type: 'ToneDeleted', data: { accountId, toneId, at: now } }];
    }
    default:
      return assertNever(command, 'tone command');
  }
}

function withTones(tones: readonly Tone[]): ToneState {
  return tones.length === 0 ? { status: 'empty' } : { status: 'active', tones };
}

function evolveTone(state: ToneState, event: ToneEvent): ToneState {
  const tones = tonesOf(state);
  switch (event.type) {
    case 'ToneCreated': {
      const { accountId: _account, toneId, at, ...fields } = event.data;
      return withTones([...tones, { id: toneId, ...fields, createdAt: at, updatedAt: at }]);
    }
    case 'ToneUpdated': {
      const { toneId, changes, at } = event.data;
      return withTones(tones.map((t) => (t.id === toneId ? { ...t, ...changes, updatedAt: at } : t)));
    }
    case 'ToneDeleted':
      return withTones(tones.filter((t) => t.id !== event.data.toneId));
    default:
      return assertNever(event, 'tone event');
  }
}

export const toneDecider: Decider<ToneCommand, ToneEvent, ToneState> = {
  decide: decideTone,
  evolve: evolveTone,
  initialState: () => ({ status: 'empty' }),
};
