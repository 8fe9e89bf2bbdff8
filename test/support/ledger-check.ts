/**
 * Reads an account's stream straight from the event log and checks the word ledger's settle-once rule:
 * every WordsCharged/WordsRefunded names an earlier reservation, no reservation is settled twice, no
 * request id is reserved twice. Returns the balance as the fold computes it, plus what was reserved,
 * charged and refunded, so a test can say exactly which requests cost words.
 */
import { expect } from 'chai';
import { accountDecider, balanceOf } from '../../domain/account.js';
import { streams, type AccountEvent, type WordsCharged, type WordsRefunded, type WordsReserved } from '../../domain/events.js';
import type { EventStore } from '../../infra/eventstore/types.js';

export interface LedgerReport {
  /** words_remaining as the fold of the stream gives it. */
  balance: number;
  /** The lowest balance the account had after any event: below zero means an overspend. */
  lowest: number;
  reserved: Map<string, WordsReserved['data']>;
  charged: Map<string, WordsCharged['data']>;
  refunded: Map<string, WordsRefunded['data']>;
  /** Request ids reserved and not settled yet. */
  open: string[];
}

/** Reads the account stream, asserts the settle-once invariants and returns the ledger. */
export async function checkLedger(store: EventStore, accountId: string): Promise<LedgerReport> {
  const recorded = await store.read(streams.account(accountId));
  let state = accountDecider.initialState();
  const reserved = new Map<string, WordsReserved['data']>();
  const charged = new Map<string, WordsCharged['data']>();
  const refunded = new Map<string, WordsRefunded['data']>();
  let lowest = Number.POSITIVE_INFINITY;
  for (const r of recorded) {
    const event = { type: r.type, data: r.data } as AccountEvent;
    state = accountDecider.evolve(state, event);
    lowest = Math.min(lowest, balanceOf(state).total);
    switch (event.type) {
      case 'WordsReserved': {
        const id = event.data.requestId;
        expect(reserved.has(id), `request ${id} reserved twice`).to.equal(false);
        reserved.set(id, event.data);
        break;
      }
      case 'WordsCharged':
      case 'WordsRefunded': {
        const id = event.data.requestId;
        const reservation = reserved.get(id);
        expect(reservation, `${event.type} for ${id} without a reservation`).to.not.equal(undefined);
        expect(charged.has(id) || refunded.has(id), `reservation ${id} settled twice (${event.type} after ${charged.has(id) ? 'a charge' : 'a refund'})`).to.equal(false);
        expect(event.data.words, `${event.type} for ${id} settles a different amount than was reserved`).to.equal(reservation!.words);
        if (event.type === 'WordsCharged') charged.set(id, event.data);
        else refunded.set(id, event.data);
        break;
      }
      default:
        break;
    }
  }
  const open = [...reserved.keys()].filter((id) => !charged.has(id) && !refunded.has(id));
  return { balance: balanceOf(state).total, lowest: Number.isFinite(lowest) ? lowest : 0, reserved, charged, refunded, open };
}

/**
 * Waits until every reservation of the account is settled (workers settle after the HTTP answer may
 * have gone out), then checks and returns the ledger. Fails when a reservation stays open past `ms`.
 * `atLeast`: also wait for that many reservations to exist (a request the client left may still be reserving).
 */
export async function settledLedger(store: EventStore, accountId: string, ms = 5_000, atLeast = 0): Promise<LedgerReport> {
  const deadline = Date.now() + ms;
  for (;;) {
    const report = await checkLedger(store, accountId);
    if (report.open.length === 0 && report.reserved.size >= atLeast) return report;
    if (Date.now() > deadline) {
      expect.fail(`after ${ms} ms: ${report.reserved.size} reservations (wanted ${atLeast}), still open: ${report.open.join(', ') || 'none'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The balance now (open reservations deducted), after the same checks. */
export async function balanceNow(store: EventStore, accountId: string): Promise<number> {
  return (await checkLedger(store, accountId)).balance;
}
