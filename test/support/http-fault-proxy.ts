/**
 * An HTTP proxy in front of the service whose faults the test scripts: each incoming request takes the
 * next planned action (forward it, answer it with a canned response, or cut the connection), and
 * forwards once the plan is used up. Every request's method, path and headers are recorded, so a test
 * can see exactly what a client sent on each attempt.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyAction =
  | 'forward'
  | 'destroy'
  | { status: number; headers?: Record<string, string>; body?: unknown };

export interface SeenRequest { method: string; path: string; headers: IncomingHttpHeaders; action: string }

export interface FaultProxy {
  url: string;
  seen: SeenRequest[];
  /** Actions for the next requests, in order. */
  plan(...actions: ProxyAction[]): void;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const planned: ProxyAction[] = [];
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const action = planned.shift() ?? 'forward';
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, action: typeof action === 'string' ? action : String(action.status) });
    if (action === 'destroy') {
      req.socket.destroy();
      return;
    }
    if (action !== 'forward') {
      req.resume();
      const body = action.body === undefined ? '' : JSON.stringify(action.body);
      res.writeHead(action.status, { 'Content-Type': 'application/problem+json', ...(action.headers ?? {}) }).end(body);
      return;
    }
    const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    plan: (...actions) => { planned.push(...actions); },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A problem document as the service would send it, for canned answers. */
export function cannedProblem(status: number, code: string): Record<string, unknown> {
  return { type: `https://docs.example.com/errors/${code.toLowerCase().replace(/_/g, '-')}`, title: code, status, detail: 'injected by the test proxy', instance: '/', code, request_id: 'proxy' };
}
