/**
 * A Server-Sent Events parser (the "event stream" format of the HTML standard, §9.2.6), with the interface of
 * the `eventsource-parser` package (`createParser({ onEvent, onRetry, onComment })`, `feed`, `reset`).
 *
 * Why not the package itself: its package.json exports point the `source` condition at its TypeScript sources,
 * and this repository resolves `source` first (for shared-contracts): webpack then meets untranspiled
 * TypeScript in node_modules and tsc refuses its '.ts' import paths. Swapping back is one import line once the
 * build resolves that package without the `source` condition.
 */

export interface EventSourceMessage {
  /** the `event:` field; undefined when absent (a browser would say 'message') */
  event?: string;
  id?: string;
  data: string;
}

export interface ParserCallbacks {
  onEvent?: (event: EventSourceMessage) => void;
  /** a valid `retry:` field, in milliseconds */
  onRetry?: (retry: number) => void;
  /** a line starting with ':' (servers send them as heartbeats) */
  onComment?: (comment: string) => void;
}

export interface EventSourceParser {
  feed(chunk: string): void;
  reset(): void;
}

export function createParser(callbacks: ParserCallbacks): EventSourceParser {
  let buffer = '';
  let firstChunk = true;
  let data: string[] = [];
  let eventType: string | undefined;
  let lastId: string | undefined;
  /** the previous chunk ended with CR: a LF starting the next one belongs to that line end */
  let pendingCr = false;

  const dispatch = () => {
    if (data.length > 0) callbacks.onEvent?.({ event: eventType, id: lastId, data: data.join('\n') });
    data = [];
    eventType = undefined;
  };

  const processLine = (line: string) => {
    if (line === '') {
      dispatch();
      return;
    }
    if (line.startsWith(':')) {
      callbacks.onComment?.(line.slice(line.startsWith(': ') ? 2 : 1));
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) callbacks.onRetry?.(Number(value));
        break;
      default:
      // unknown fields are ignored
    }
  };

  return {
    feed(chunk: string) {
      let text = chunk;
      if (firstChunk) {
        firstChunk = false;
        if (text.startsWith('\uFEFF')) text = text.slice(1);
      }
      if (pendingCr && text.startsWith('\n')) text = text.slice(1);
      pendingCr = false;
      buffer += text;
      // lines end with CRLF, LF or CR
      const pattern = /\r\n|\r|\n/g;
      let start = 0;
      for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
        // a CR at the very end may be the first half of a CRLF split across chunks
        if (match[0] === '\r' && match.index === buffer.length - 1) pendingCr = true;
        processLine(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
    reset() {
      buffer = '';
      firstChunk = true;
      data = [];
      eventType = undefined;
      lastId = undefined;
      pendingCr = false;
    },
  };
}
