import { createParser, type EventSourceMessage } from '../src/service/sseParser';

function parse(chunks: string[]) {
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event), onComment: (comment) => comments.push(comment), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.feed(chunk);
  return { events, comments, retries, parser };
}

describe('the event-stream parser', () => {
  it('reads named events with their data, id and comments', () => {
    const { events, comments } = parse([': heartbeat\n\nevent: appointment-status\nid: 7\ndata: {"a":1}\n\n']);
    expect(comments).toEqual(['heartbeat']);
    expect(events).toEqual([{ event: 'appointment-status', id: '7', data: '{"a":1}' }]);
  });

  it('joins several data lines with a line feed and leaves the event name undefined when absent', () => {
    expect(parse(['data: first\ndata:second\ndata\n\n']).events).toEqual([{ event: undefined, id: undefined, data: 'first\nsecond\n' }]);
  });

  it('waits for the blank line, across chunks cut anywhere, with CRLF, CR or LF line ends', () => {
    const text = 'event: x\r\ndata: 1\r\n\r\nevent: y\rdata: 2\r\revent: z\ndata: 3\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(parse([text.slice(0, cut), text.slice(cut)]).events.map((event) => `${event.event}=${event.data}`)).toEqual(['x=1', 'y=2', 'z=3']);
    }
  });

  it('drops an event with no data, ignores unknown fields, keeps the last id, and reads a numeric retry', () => {
    const { events, retries } = parse(['event: empty\n\nfoo: bar\nid: 3\nretry: 5000\nretry: soon\ndata: x\n\ndata: y\n\n']);
    expect(events).toEqual([
      { event: undefined, id: '3', data: 'x' },
      { event: undefined, id: '3', data: 'y' },
    ]);
    expect(retries).toEqual([5000]);
  });

  it('skips a byte-order mark at the start and forgets a half-read event on reset', () => {
    const { events, parser } = parse(['\uFEFFdata: a\n\ndata: half']);
    expect(events).toEqual([{ event: undefined, id: undefined, data: 'a' }]);
    parser.reset();
    parser.feed('\n\ndata: b\n\n');
    expect(events.map((event) => event.data)).toEqual(['a', 'b']);
  });
});
