/** LISTEN/NOTIFY on one PostgreSQL channel: the event log's appends, and operators' access changes. */
import pg from 'pg';
import type { Pool } from 'pg';

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * LISTEN on one PostgreSQL channel over a dedicated connection (opened while someone listens, opened again
 * after a failure), and NOTIFY on it. A subscriber is also woken when the connection (re)opens, since
 * notifications sent while nobody listened are lost.
 */
export class PgNotifications {
  private readonly wakers = new Set<() => void>();
  private listener: pg.Client | null = null;
  private connecting = false;
  private reconnectDelayMs = RECONNECT_FIRST_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private notifyInFlight = false;
  private notifyAgain = false;
  private notifyTimer: NodeJS.Timeout | null = null;
  private lastNotifyAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  /**
   * `minIntervalMs`: NOTIFYs start at least this far apart (default 0). Under load every append announced itself in a
   * transaction of its own, which woke every listening backend and client each time; a listener reads the log at most
   * every 100 ms while appends keep coming anyway (postgres-subscription.ts), so NOTIFYs closer together than that
   * bought nothing. The first announce after a quiet spell still goes out at once.
   */
  constructor(private readonly pool: Pool, private readonly channel: string, private readonly minIntervalMs = 0) {
    if (!/^[a-z_][a-z0-9_]*$/u.test(channel)) throw new RangeError(`not a plain channel name: ${channel}`);
  }

  /** Registers a wake-up callback; returns the function that unregisters it. */
  subscribe(wake: () => void): () => void {
    this.wakers.add(wake);
    this.listen();
    return () => {
      this.wakers.delete(wake);
      if (this.wakers.size === 0) this.unlisten();
    };
  }

  /**
   * Notifies the channel, in a tiny transaction of its own (for the event log: after the append's COMMIT
   * rather than inside it, since a notifying transaction holds a global lock while it commits, and an
   * append's commit waits for its WAL flush). Coalesced to at most one NOTIFY in flight and one start per
   * `minIntervalMs`; every announce is followed by a NOTIFY that starts after it. A lost one only costs latency.
   */
  announce(): void {
    if (this.closed) return;
    if (this.notifyInFlight) {
      this.notifyAgain = true;
      return;
    }
    // A NOTIFY is already due: it starts after this announce, so it covers it.
    if (this.notifyTimer) return;
    const wait = this.lastNotifyAt + this.minIntervalMs - Date.now();
    if (wait > 0) {
      this.notifyTimer = setTimeout(() => {
        this.notifyTimer = null;
        this.notify();
      }, wait);
      return;
    }
    this.notify();
  }

  private notify(): void {
    if (this.closed) return;
    this.notifyInFlight = true;
    this.lastNotifyAt = Date.now();
    this.pool.query(`NOTIFY ${this.channel}`).catch(() => {}).finally(() => {
      this.notifyInFlight = false;
      if (this.notifyAgain) {
        this.notifyAgain = false;
        this.announce();
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    this.wakeAll();
    this.wakers.clear();
    this.unlisten();
  }

  private wakeAll(): void {
    for (const wake of this.wakers) wake();
  }

  private listen(): void {
    if (this.closed || this.listener || this.connecting || this.reconnectTimer) return;
    this.connecting = true;
    const client = new pg.Client(this.pool.options);
    const lost = (): void => {
      if (this.listener === client) this.listener = null;
      client.removeAllListeners('notification');
      client.removeAllListeners('end');
      void client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('notification', () => this.wakeAll());
    client
      .connect()
      .then(() => client.query(`LISTEN ${this.channel}`))
      .then(() => {
        this.connecting = false;
        if (this.closed || this.wakers.size === 0) {
          client.removeAllListeners('error');
          client.on('error', () => {});
          void client.end().catch(() => {});
          return;
        }
        this.listener = client;
        this.reconnectDelayMs = RECONNECT_FIRST_MS;
        client.on('end', lost);
        // What was notified while no connection was listening is lost: let subscribers look now.
        this.wakeAll();
      })
      .catch(() => {
        this.connecting = false;
        lost();
      });
  }

  private scheduleReconnect(): void {
    if (this.closed || this.wakers.size === 0 || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen();
    }, this.reconnectDelayMs);
    this.reconnectTimer.unref();
    this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, RECONNECT_MAX_MS);
  }

  private unlisten(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.listener;
    this.listener = null;
    if (!client) return;
    client.removeAllListeners('end');
    client.removeAllListeners('notification');
    client.removeAllListeners('error');
    client.on('error', () => {});
    void client.end().catch(() => {});
  }
}
