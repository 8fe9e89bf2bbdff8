/**
 * A Server-Sent Events reader (the event-stream format of the HTML standard), kept here so the client
 * has no dependency: lines end in CRLF, LF or CR; a blank line dispatches the event; `data:` lines join
 * with LF; one space after the colon is dropped; lines starting with `:` (heartbeats) and fields other
 * than `event` and `data` are ignored; an event without data is not dispatched.
 */

export interface RawSseEvent { event: string; data: string }

export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<RawSseEvent> {
  const decoder = new TextDecoder('utf-8');
  const reader = body.getReader();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let pendingCr = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A CR that ended the previous read may be the first half of a CRLF.
      if (pendingCr && buffer.startsWith('\n')) buffer = buffer.slice(1);
      pendingCr = false;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        const line = buffer.slice(start, i);
        if (c === '\r') {
          if (i + 1 < buffer.length) { if (buffer[i + 1] === '\n') i++; } else pendingCr = true;
        }
        start = i + 1;
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      buffer = buffer.slice(start);
      if (done) return; // an event not closed by a blank line is incomplete: dropped, as the standard says
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => {});
  }
}
