/**
 * A first call through the client: `KEY=svc_live_… npm run --silent example` (BASE_URL defaults to
 * http://localhost:8080). Rewrites a sample text, streams a second rewrite, scores it, and prints the
 * last few entries of the billing history.
 */
import { HumanizeApiError, HumanizeClient } from './index.js';

const apiKey = process.env.KEY ?? '';
if (!apiKey) {
  console.error('Set KEY to an API key (svc_live_…), e.g. KEY=svc_live_… npm run --silent example');
  process.exit(2);
}
const client = new HumanizeClient({ apiKey, baseUrl: process.env.BASE_URL ?? 'http://localhost:8080' });
const text = 'Artificial intelligence has transformed the way organizations approach complex problems. Furthermore, ' +
  'it is important to note that these systems can analyze vast amounts of data with remarkable efficiency.';

try {
  const rewrite = await client.humanize({ text, tone: 'casual' });
  console.log(`humanize: ${rewrite.humanized_text}\n  charged ${rewrite.words_charged} words, ${rewrite.words_remaining} left`);

  process.stdout.write('stream:   ');
  for await (const e of client.humanizeStream({ text, mode: 'standard', tone: 'professional' })) {
    if (e.event === 'chunk') process.stdout.write(e.data.text);
    if (e.event === 'done') console.log(`\n  charged ${e.data.words_charged} words in ${e.data.latency_ms} ms`);
  }

  const detection = await client.detect({ text: rewrite.humanized_text });
  console.log(`detect:   ${detection.label} (ai_score ${detection.ai_score})`);

  let shown = 0;
  for await (const item of client.usageHistory({ limit: 10 })) {
    const words = item.status === 'charged' ? item.words_charged : item.status === 'refunded' ? item.words_refunded : item.words_reserved;
    console.log(`history:  ${item.created_at} ${item.endpoint} ${item.status} ${words} words`);
    if (++shown === 3) break;
  }
} catch (err: unknown) {
  if (err instanceof HumanizeApiError) console.error(`${err.status} ${err.code}: ${err.message} (request ${err.requestId})`);
  else console.error(err);
  process.exitCode = 1;
}
