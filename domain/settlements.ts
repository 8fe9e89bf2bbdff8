/**
 * The record of settled reservations (request id → how it was settled), kept by the account state so a
 * reservation is settled exactly once.
 *
 * `evolve` must be pure, yet an account settles tens of thousands of requests a month: copying a set
 * on every event would make a cold fold quadratic. So the index is persistent: versions that extend the
 * newest one share one append-only map whose entries carry a sequence number, and a version only sees
 * entries up to its own size. Extending an older version (a branched history, e.g. in a test) copies
 * what that version sees first. Every version therefore behaves as an immutable value.
 */
export type Settlement = 'charged' | 'refunded';

interface Shared {
  entries: Map<string, { seq: number; outcome: Settlement }>;
  head: number;
}

export class SettlementIndex {
  private constructor(private readonly shared: Shared, readonly size: number) {}

  static empty(): SettlementIndex {
    return new SettlementIndex({ entries: new Map(), head: 0 }, 0);
  }

  get(requestId: string): Settlement | undefined {
    const entry = this.shared.entries.get(requestId);
    return entry !== undefined && entry.seq <= this.size ? entry.outcome : undefined;
  }

  /** A new version with `requestId` settled; the first outcome recorded for an id stands. */
  with(requestId: string, outcome: Settlement): SettlementIndex {
    if (this.get(requestId) !== undefined) return this;
    let shared = this.shared;
    if (shared.head !== this.size) {
      const entries = new Map<string, { seq: number; outcome: Settlement }>();
      for (const [id, entry] of shared.entries) if (entry.seq <= this.size) entries.set(id, entry);
      shared = { entries, head: this.size };
    }
    shared.entries.set(requestId, { seq: this.size + 1, outcome });
    shared.head = this.size + 1;
    return new SettlementIndex(shared, this.size + 1);
  }
}
