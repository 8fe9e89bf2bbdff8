/** The `language` of a local-engine rewrite over HTTP: the text's own language, the same in `meta`, `done` and JSON. */
import { expect } from 'chai';
import { call, SAMPLE_TEXT, startTestService, type TestService } from './support/service.js';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

async function readSse(res: Response): Promise<EventSourceMessage[]> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e) });
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
  return events;
}

const SPANISH = 'Las organizaciones deben adaptarse rápidamente a este entorno cambiante. Además, es importante destacar que las nuevas tecnologías ofrecen muchas oportunidades a las empresas. Sin embargo, también presentan riesgos que no podemos ignorar.';

describe('humanize language with the local engine over HTTP', function () {
  this.timeout(60_000);
  let t: TestService;

  before(async () => { t = await startTestService(); });
  after(async () => { await t?.close(); });

  it('streams English text asked for in Spanish in English, and says so in meta and done alike', async () => {
    const { key } = await t.customer();
    const res = await fetch(t.url + '/v1/humanize', {
      method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: SAMPLE_TEXT, stream: true, language: 'es' }),
    });
    expect(res.status).to.equal(200);
    const events = await readSse(res);
    const meta = JSON.parse(events[0]!.data);
    const done = JSON.parse(events.at(-1)!.data);
    expect(events.at(-1)!.event).to.equal('done');
    expect(meta.language).to.equal('en');
    expect(done.language).to.equal('en');
    const text = events.filter((e) => e.event === 'chunk').map((e) => JSON.parse(e.data).text as string).join('');
    expect(text).to.not.match(/En realidad|De hecho|La verdad es que/u);
  });

  it('rewrites Spanish text in Spanish when the request leaves the default en, and reports es', async () => {
    const { key } = await t.customer();
    const res = await call(t.url, 'POST', '/v1/humanize', { key, body: { text: SPANISH } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.language).to.equal('es');
    expect(res.body.humanized_text).to.not.equal(SPANISH);
    expect(res.body.humanized_text).to.not.match(/(?<!\p{L})(?:the|and|an|honestly|in fact)(?!\p{L})/iu);
    expect(res.body.humanized_text).to.include('adaptarse rápidamente a este');
  });
});
