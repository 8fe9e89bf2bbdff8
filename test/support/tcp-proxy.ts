/** A TCP proxy a test controls: `down()` drops every connection and refuses new ones, `up()` serves again. */
import net from 'node:net';

export interface TcpProxy { port: number; url(base: string): string; down(): void; up(): void; close(): Promise<void> }

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let accepting = true;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!accepting) { client.destroy(); return; }
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client); sockets.add(upstream);
    const drop = () => { client.destroy(); upstream.destroy(); sockets.delete(client); sockets.delete(upstream); };
    client.on('error', drop); upstream.on('error', drop); client.on('close', drop); upstream.on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const down = () => { accepting = false; for (const s of sockets) s.destroy(); sockets.clear(); };
  return {
    port,
    url(base: string) { const u = new URL(base); u.hostname = '127.0.0.1'; u.port = String(port); return u.toString().replace(/\/$/, ''); },
    down,
    up() { accepting = true; },
    close() { down(); return new Promise<void>((resolve) => server.close(() => resolve())); },
  };
}
