/** The client's hand-written SSE reader against the event-stream rules, fed byte by byte and in odd splits. */
import { expect } from 'chai';
import { readSse, type RawSseEvent } from '../client/sse.js';

function streamOf(parts: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(typeof part === 'string' ? encoder.encode(part) : part);
      controller.close();
    },
  });
}

async function read(parts: (string | Uint8Array)[]): Promise<RawSseEvent[]> {
  const out: RawSseEvent[] = [];
  for await (const e of readSse(streamOf(parts))) out.push(e);
  return out;
}

describe('client SSE reader', () => {
  const wire = 'event: meta\ndata: {"id":"a"}\n\n: heartbeat\n\nevent: chunk\r\ndata: {"text":"h\u00e9llo"}\r\n\r\nevent:done\rdata:{"x":1}\r\r';
  const expected = [
    { event: 'meta', data: '{"id":"a"}' },
    { event: 'chunk', data: '{"text":"h\u00e9llo"}' },
    { event: 'done', data: '{"x":1}' },
  ];

  it('reads LF, CRLF and CR line ends, skips comments, and drops one space after the colon', async () => {
    expect(await read([wire])).to.deep.equal(expected);
  });

  it('gives the same events whatever the split, even inside a CRLF or a multi-byte character', async () => {
    const bytes = new TextEncoder().encode(wire);
    expect(await read([...bytes].map((b) => Uint8Array.of(b)))).to.deep.equal(expected);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await read([bytes.slice(0, cut), bytes.slice(cut)]), `cut at ${cut}`).to.deep.equal(expected);
    }
  });

  it('joins data lines with LF, names unnamed events message, ignores other fields and drops an unfinished event', async () => {
    const events = await read(['id: 7\nretry: 10\ndata: one\ndata:  two\n\nevent: empty\n\ndata: cut']);
    expect(events).to.deep.equal([{ event: 'message', data: 'one\n two' }]);
  });
});
