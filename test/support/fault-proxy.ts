/**
 * A TCP proxy a test controls (test/support/tcp-proxy.ts is the plain one): it can refuse and cut
 * connections, cut a server mid-response, and hold one client message on its way.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test controls: `down()` refuses new connections and cuts open ones, `up()` listens again on the
 * same port, `cutAfter(marker, n)` drops a connection (after relaying it) once the server's side has sent
 * `marker` n times — a server that dies mid-response — and `holdNext` stalls one client message on its way.
 */
export class FaultProxy {
  private readonly sockets = new Set<Socket>();
  private cut: { marker: string; count: number } | null = null;
  private hold: { marker: string; ms: number; onHold: () => void; count: number } | null = null;
  private constructor(private readonly server: Server, readonly port: number, private readonly target: { host: string; port: number }) {}

  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new FaultProxy(server, (server.address() as { port: number }).port, target);
    server.on('connection', (client) => proxy.pipe(client));
    return proxy;
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const both = () => { client.destroy(); upstream.destroy(); };
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => { this.sockets.delete(s); both(); });
      s.on('error', both);
    }
    // Client data goes through a chain so that a held chunk delays everything behind it, in order.
    let chain = Promise.resolve();
    client.on('data', (d: Buffer) => {
      const hold = this.hold && d.toString('latin1').includes(this.hold.marker) ? this.hold : null;
      if (hold) {
        if (--hold.count === 0) this.hold = null;
        hold.onHold();
      }
      chain = chain.then(async () => {
        if (hold) await new Promise((r) => setTimeout(r, hold.ms));
        upstream.write(d);
      });
    });
    let seen = 0;
    upstream.on('data', (d: Buffer) => {
      const cut = this.cut;
      if (!cut) { client.write(d); return; }
      seen += d.toString('latin1').split(cut.marker).length - 1;
      if (seen >= cut.count) client.write(d, both);
      else client.write(d);
    });
  }

  /** Holds the next `count` client chunks containing `marker` for `ms` each (and what follows them), calling `onHold` for each. */
  holdNext(marker: string, ms: number, onHold: () => void, count = 1): void {
    this.hold = { marker, ms, onHold, count };
  }

  cutAfter(marker: string, count: number): void {
    this.cut = { marker, count };
  }

  async down(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  async up(): Promise<void> {
    if (this.server.listening) return;
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }
}
