/**
 * Replays one `account-<id>` stream for `ledger audit`, twice over: through the domain fold
 * (`accountDecider.evolve`, what every decision uses) and through separate books kept here with plain
 * arithmetic — balance = allowance + top-ups + adjustments − reserved + refunded, per period — so a
 * bug in `evolve` shows as a difference between the two instead of hiding in both. Every ledger rule
 * the log must obey is checked on the way; what breaks one is reported, never thrown.
 */
import { accountDecider, balanceOf, type AccountState, type Balance } from '../domain/account.js';
import type { AccountEvent } from '../domain/events.js';
import type { RecordedEvent } from '../infra/eventstore/types.js';

export interface Finding { account_id: string; rule: string; detail: string }

const ACCOUNT_EVENT_TYPES: ReadonlySet<string> = new Set<AccountEvent['type']>([
  'AccountOpened', 'SubscriptionStarted', 'PeriodRenewed', 'SubscriptionCancelled', 'TopUpPurchased', 'BalanceAdjusted',
  'AccountSuspended', 'AccountReinstated', 'WordsReserved', 'WordsCharged', 'WordsRefunded',
]);

interface Booked { words: number; fromMonthly: number; fromTopUp: number; periodStart: string; keyId: string; endpoint: string; position: bigint }
type BookEntry = Booked | 'charged' | 'refunded';

/** The figures both replays must agree on after every event. */
interface Figures { monthlyRemaining: number; topUpRemaining: number; wordsUsed: number; requestsThisPeriod: number; openReservations: number }

/** The independent books: sums per period and for top-ups, never a running balance carried by `evolve`. */
class Books {
  subscribed = false;
  period = { start: null as string | null, allowance: 0, reserved: 0, returned: 0, deducted: 0, wordsReserved: 0, wordsReturned: 0, requests: 0 };
  topUp = { added: 0, reserved: 0, returned: 0, deducted: 0 };
  readonly entries = new Map<string, BookEntry>();
  /** Entries that are open reservations, counted as they change (counting the map per event is quadratic). */
  open = 0;

  newPeriod(start: string, allowance: number): void {
    this.period = { start, allowance, reserved: 0, returned: 0, deducted: 0, wordsReserved: 0, wordsReturned: 0, requests: 0 };
  }
  monthly(): number {
    const p = this.period;
    return p.allowance - p.reserved + p.returned - p.deducted;
  }
  topUpBalance(): number {
    const t = this.topUp;
    return t.added - t.reserved + t.returned - t.deducted;
  }
  /** Records the entry for `requestId`, keeping the open count right. */
  put(requestId: string, entry: BookEntry): void {
    const was = this.entries.get(requestId);
    this.open += (typeof entry === 'object' ? 1 : 0) - (typeof was === 'object' ? 1 : 0);
    this.entries.set(requestId, entry);
  }
  figures(): Figures {
    const open = this.open;
    return {
      monthlyRemaining: this.monthly(), topUpRemaining: this.topUpBalance(), wordsUsed: this.period.wordsReserved - this.period.wordsReturned,
      requestsThisPeriod: this.period.requests, openReservations: open,
    };
  }
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

export class AccountReplay {
  state: AccountState = accountDecider.initialState();
  events = 0;
  reservations = 0;
  lastPosition: bigint | null = null;
  /** Position of AccountOpened, once seen. */
  openedPosition: bigint | null = null;
  private readonly books = new Books();
  /** Rules reported at most once per account, because one fault repeats at every later event. */
  private readonly reportedOnce = new Set<string>();
  private readonly snapshots = new Map<bigint, { balance: Balance; openReservations: number }>();

  constructor(
    readonly accountId: string,
    private readonly report: (finding: Finding) => void,
    /** Positions at which to keep the fold's balance (where the read model says it stands). */
    private readonly snapshotAt: ReadonlySet<bigint> = new Set(),
  ) {}

  private flag(rule: string, detail: string, once = false): void {
    if (once) {
      if (this.reportedOnce.has(rule)) return;
      this.reportedOnce.add(rule);
    }
    this.report({ account_id: this.accountId, rule, detail });
  }

  /** The fold's balance just after the event at `position`, if it was asked for. */
  snapshot(position: bigint): { balance: Balance; openReservations: number } | undefined {
    return this.snapshots.get(position);
  }

  apply(recorded: RecordedEvent): void {
    this.events++;
    this.lastPosition = recorded.position;
    const where = `event ${recorded.type} at position ${recorded.position}`;
    if (!ACCOUNT_EVENT_TYPES.has(recorded.type)) {
      this.flag('unknown_event_type', `${where}: not an account event; the domain fold cannot read this stream`);
      return;
    }
    const event = { type: recorded.type, data: recorded.data } as AccountEvent;
    const dataAccount = (event.data as { accountId?: unknown }).accountId;
    if (dataAccount !== this.accountId) this.flag('account_id_mismatch', `${where} names account ${String(dataAccount)}`);

    if (this.openedPosition === null && event.type !== 'AccountOpened') {
      this.flag('event_before_open', `${where} comes before AccountOpened; the fold ignores it`);
    } else {
      this.book(event, recorded.position, where);
    }
    this.state = accountDecider.evolve(this.state, event);
    this.compare(where);
    if (this.snapshotAt.has(recorded.position)) {
      this.snapshots.set(recorded.position, {
        balance: balanceOf(this.state), openReservations: this.state.status === 'open' ? this.state.ledger.open.size : 0,
      });
    }
  }

  private book(event: AccountEvent, position: bigint, where: string): void {
    const b = this.books;
    switch (event.type) {
      case 'AccountOpened':
        if (this.openedPosition !== null) this.flag('duplicate_open', `${where}: the account was opened at position ${this.openedPosition}`);
        else this.openedPosition = position;
        return;
      case 'SubscriptionStarted':
        b.subscribed = true;
        b.newPeriod(event.data.periodStart, event.data.wordsPerMonth);
        return;
      case 'PeriodRenewed':
        if (b.subscribed) b.newPeriod(event.data.periodStart, event.data.wordsPerMonth);
        return;
      case 'TopUpPurchased':
        b.topUp.added += event.data.words;
        return;
      case 'BalanceAdjusted': {
        const words = event.data.words;
        if (words >= 0) {
          b.topUp.added += words;
          return;
        }
        const available = Math.max(0, b.monthly()) + Math.max(0, b.topUpBalance());
        if (-words > available) this.flag('adjustment_overdraw', `${where} deducts ${-words} words; only ${available} remained`);
        const fromMonthly = Math.max(0, Math.min(b.monthly(), -words));
        b.period.deducted += fromMonthly;
        b.topUp.deducted += Math.max(0, Math.min(b.topUpBalance(), -words - fromMonthly));
        return;
      }
      case 'WordsReserved':
        this.reserve(event.data, position, where);
        return;
      case 'WordsCharged':
      case 'WordsRefunded':
        this.settle(event, where);
        return;
      case 'SubscriptionCancelled':
      case 'AccountSuspended':
      case 'AccountReinstated':
        return;
      default: {
        const unknown: never = event;
        throw new Error(`unhandled account event ${JSON.stringify(unknown)}`);
      }
    }
  }

  private reserve(d: Extract<AccountEvent, { type: 'WordsReserved' }>['data'], position: bigint, where: string): void {
    const b = this.books;
    this.reservations++;
    const previous = b.entries.get(d.requestId);
    if (previous !== undefined) {
      const was = typeof previous === 'object' ? `still open since position ${previous.position}` : `already ${previous}`;
      this.flag('duplicate_reservation', `${where}: request ${d.requestId} is ${was}`);
    }
    if (!isCount(d.words) || d.words === 0 || !isCount(d.fromMonthly) || !isCount(d.fromTopUp) || d.fromMonthly + d.fromTopUp !== d.words) {
      this.flag('reservation_split_mismatch', `${where}: request ${d.requestId} reserves ${d.words} words as ${d.fromMonthly} monthly + ${d.fromTopUp} top-up`);
    }
    if (d.inputWords * d.multiplier !== d.words) {
      this.flag('reservation_words_mismatch', `${where}: request ${d.requestId} reserves ${d.words} words for ${d.inputWords} input words × ${d.multiplier}`);
    }
    if (!b.subscribed) this.flag('reservation_without_subscription', `${where}: request ${d.requestId} reserved with no subscription`);
    else if (d.periodStart !== b.period.start) {
      this.flag('reservation_period_mismatch', `${where}: request ${d.requestId} names period ${d.periodStart}; the current one began ${b.period.start}`);
    }
    b.put(d.requestId, {
      words: d.words, fromMonthly: d.fromMonthly, fromTopUp: d.fromTopUp, periodStart: d.periodStart, keyId: d.keyId, endpoint: d.endpoint, position,
    });
    b.period.reserved += d.fromMonthly;
    b.topUp.reserved += d.fromTopUp;
    b.period.wordsReserved += d.words;
    b.period.requests += 1;
  }

  private settle(event: Extract<AccountEvent, { type: 'WordsCharged' | 'WordsRefunded' }>, where: string): void {
    const b = this.books;
    const d = event.data;
    const entry = b.entries.get(d.requestId);
    if (entry === undefined) {
      this.flag('settlement_without_reservation', `${where}: request ${d.requestId} was never reserved`);
      return;
    }
    if (typeof entry !== 'object') {
      this.flag('double_settlement', `${where}: request ${d.requestId} was already ${entry}`);
      return;
    }
    const charged = event.type === 'WordsCharged';
    if (d.words !== entry.words) {
      this.flag(charged ? 'charge_words_mismatch' : 'refund_words_mismatch', `${where}: request ${d.requestId} settles ${d.words} words; ${entry.words} were reserved`);
    }
    if (d.keyId !== entry.keyId || d.endpoint !== entry.endpoint) {
      this.flag('settlement_mismatch', `${where}: request ${d.requestId} settles for key ${d.keyId} on ${d.endpoint}; reserved for key ${entry.keyId} on ${entry.endpoint}`);
    }
    b.put(d.requestId, charged ? 'charged' : 'refunded');
    if (charged) return;
    // A refund gives back what the reservation took; monthly words only within the period they came from.
    if (b.subscribed && entry.periodStart === b.period.start) {
      b.period.returned += entry.fromMonthly;
      b.period.wordsReturned += entry.words;
    }
    b.topUp.returned += entry.fromTopUp;
  }

  private compare(where: string): void {
    if (this.state.status !== 'open') return;
    const books = this.books.figures();
    if (books.monthlyRemaining < 0 || books.topUpRemaining < 0) {
      this.flag('negative_balance', `after ${where}: monthly ${books.monthlyRemaining}, top-up ${books.topUpRemaining}`, true);
    }
    const l = this.state.ledger;
    const fold: Figures = {
      monthlyRemaining: l.monthlyRemaining, topUpRemaining: l.topUpRemaining, wordsUsed: l.wordsUsed,
      requestsThisPeriod: l.requestsThisPeriod, openReservations: l.open.size,
    };
    const differences = (Object.keys(fold) as (keyof Figures)[]).filter((k) => fold[k] !== books[k]);
    if (differences.length > 0) {
      this.flag('balance_mismatch', `after ${where} the domain fold and the recomputation differ: ${differences
        .map((k) => `${k} ${fold[k]} (fold) vs ${books[k]} (recomputed)`).join(', ')}`, true);
    }
  }
}
