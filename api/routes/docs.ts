/**
 * Documentation served by the service itself, no auth:
 * - GET /docs: the API reference, rendered in the browser by Swagger UI from /v1/openapi.json; its
 *   assets come from the `swagger-ui-dist` package and are served from here (no CDN, no validator
 *   badge calling out), under a Content-Security-Policy that allows this origin only.
 * - GET /docs/errors and GET /docs/errors/<code>: what each problem `type` means and what to do, from
 *   the one error table (domain/error-guide.ts). With DOCS_URL = <this service>/docs, every problem
 *   `type` URL resolves to its page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { ERROR_CODES, type ErrorCode } from '../../domain/error-codes.js';
import { codeOfSlug, errorPage, type ErrorPage } from '../../domain/error-guide.js';
import { ApiError } from '../problem.js';

const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const STYLE = 'body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}' +
  'code{background:#f2f2f2;padding:0 .25em;border-radius:3px}table{border-collapse:collapse;width:100%}' +
  'td,th{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #ddd;vertical-align:top}nav a{margin-right:1rem}';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Escapes, then turns `code` spans into <code>. */
const inline = (text: string): string => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" href="/docs/assets/favicon-32x32.png"><style>${STYLE}</style></head>
<body><nav><a href="/docs">API reference</a><a href="/docs/errors">Errors</a></nav>
${body}
</body></html>
`;
}

function errorHtml(page: ErrorPage): string {
  return layout(`${page.code} — ${page.title}`, `<main>
<h1 id="code">${page.code}</h1>
<p><strong>HTTP ${page.status}</strong> · ${escapeHtml(page.title)}</p>
<h2>When it happens</h2>
<p id="when">${inline(page.when)}</p>
<h2>What to do</h2>
<p id="what-to-do">${inline(page.whatToDo)}</p>
<h2>The problem document</h2>
<p>Every error is <code>application/problem+json</code> with <code>type</code> (a link to this page),
<code>title</code>, <code>status</code>, <code>detail</code> (for people; do not parse it), <code>instance</code>,
<code>code</code> (match on this) and <code>request_id</code> (equal to the <code>X-Request-Id</code> header; quote it to support).</p>
</main>`);
}

function errorsIndexHtml(pages: readonly ErrorPage[]): string {
  const rows = pages.map((p) => `<tr><td><a href="/docs/errors/${p.slug}"><code>${p.code}</code></a></td><td>${p.status}</td><td>${inline(p.when)}</td></tr>`);
  return layout('Errors', `<main><h1>Errors</h1>
<p>Each error's <code>type</code> URL leads to its page. Retry 429 after <code>Retry-After</code> and 5xx with the same
<code>Idempotency-Key</code>; fix the request on other 4xx.</p>
<table><thead><tr><th>code</th><th>HTTP</th><th>when</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table></main>`);
}

const REFERENCE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Humanize &amp; Detect API reference</title>
<link rel="icon" href="/docs/assets/favicon-32x32.png"><link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><nav style="font:14px system-ui,sans-serif;padding:.5rem 1rem"><a href="/docs/errors">Errors and what to do about them</a></nav>
<div id="swagger-ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script>
</body></html>
`;

// validatorUrl null: the default badge would send the document to an outside validator.
const INIT_JS = `window.ui = SwaggerUIBundle({
  url: '/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis], layout: 'BaseLayout', docExpansion: 'list', defaultModelsExpandDepth: 0,
});
`;

function loadAssets(): Map<string, Buffer> {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('swagger-ui-dist/package.json'));
  return new Map(Object.keys(ASSETS).map((name) => [name, readFileSync(join(root, name))]));
}

function html(ctx: Context, body: string): void {
  ctx.set('Content-Security-Policy', CSP);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
}

export function docsRouter(): Router {
  const assets = loadAssets();
  const pages = (Object.keys(ERROR_CODES) as ErrorCode[]).map(errorPage);
  const errorPages = new Map(pages.map((p) => [p.slug, errorHtml(p)]));
  const errorsIndex = errorsIndexHtml(pages);
  const router = new Router();
  router.get('/docs', (ctx) => html(ctx, REFERENCE_HTML));
  router.get('/docs/errors', (ctx) => html(ctx, errorsIndex));
  router.get('/docs/errors/:slug', (ctx) => {
    const code = codeOfSlug(String(ctx.params.slug));
    const page = code ? errorPages.get(errorPage(code).slug) : undefined;
    if (!page) throw new ApiError('NOT_FOUND', `No error ${String(ctx.params.slug)}; see /docs/errors.`);
    html(ctx, page);
  });
  router.get('/docs/assets/:name', (ctx) => {
    const name = String(ctx.params.name);
    if (name === 'init.js') {
      ctx.type = 'application/javascript; charset=utf-8';
      ctx.body = INIT_JS;
      return;
    }
    const asset = Object.hasOwn(ASSETS, name) ? assets.get(name) : undefined;
    if (!asset) throw new ApiError('NOT_FOUND', `No asset ${name}.`);
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.type = ASSETS[name] as string;
    ctx.body = asset;
  });
  return router;
}
