import { readServerSentEvents } from './server-sent-events';

/** A body that arrives in exactly these chunks, as a network would cut it. */
const streamOf = (...chunks: string[]): ReadableStream<Uint8Array> => new ReadableStream({
  start(controller) {
    for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
    controller.close();
  },
});

async function collect(body: ReadableStream<Uint8Array>) {
  const events = [];
  for await (const event of readServerSentEvents(body)) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('yields each event with its name and data, however the chunks cut the lines', async () => {
    const events = await collect(streamOf('event: del', 'ta\ndata: {"text":"Hel', 'lo"}\n\n', ': keep-alive\n\nevent: done\r\ndata: {"data":1}\r\n\r\n'));
    expect(events).toEqual([{ event: 'delta', data: '{"text":"Hello"}' }, { event: 'done', data: '{"data":1}' }]);
  });

  it('joins multi-line data and names an unnamed event `message`', async () => {
    expect(await collect(streamOf('data: a\ndata: b\n\n'))).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('yields a last event the stream ended without a blank line after', async () => {
    expect(await collect(streamOf('event: error\ndata: {"detail":"boom"}\n'))).toEqual([{ event: 'error', data: '{"detail":"boom"}' }]);
  });
});
