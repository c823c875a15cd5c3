import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ESMS_SEND_PATH, type EsmsAnswer } from '../../src/modules/notifications/channels/providers/esmsChannel';
import type { ZnsAnswer } from '../../src/modules/notifications/channels/providers/zaloZnsChannel';

/**
 * Zalo ZNS and eSMS on a loopback port, as a test's stand-in that honours the idempotency keys (fanOutCrash.test.ts):
 * the first request of a key (ZNS tracking_id, eSMS RequestId) is a message delivered; a repeat delivers nothing and
 * answers what the channel reads as sent: eSMS code 124 "Duplicate RequestId"; ZNS error 0 with the first msg_id (the
 * ZNS channel maps no duplicate code, so a repeated tracking_id is taken as accepted and not delivered again).
 * A request counts once its body has arrived, before the answer, which comes after a random latency.
 */

export interface DeliveredMessage {
  channel: 'zalo' | 'sms';
  /** The idempotency key as sent: 'delivery-<id>' (ZNS) or '<id>' (eSMS). */
  key: string;
  /** The phone as sent (84…). */
  phone: string;
  /** The message's link (ZNS template_data.link; the link at the end of the SMS text). */
  link: string;
}

export interface ProviderStandIn {
  /** http://127.0.0.1:<port>: ZNS at /message/template, eSMS at ESMS_SEND_PATH. */
  baseUrl: string;
  /** Every message delivered, by `channel:key` (a key's first request). */
  delivered: ReadonlyMap<string, DeliveredMessage>;
  /** Requests whose body arrived, repeats included. */
  requests(): number;
  /** Requests of a key delivered before (a resend after a kill). */
  repeats(): number;
  /** Requests of one `channel:key` so far. */
  requestsOf(id: string): number;
  /** Called after each request is counted, before its answer goes (a test's kill point). */
  onRequest(listener: (() => void) | null): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

/** `latencyMs()` draws each answer's delay (sends stay in flight long enough for a kill to land among them). */
export async function startProviderStandIn(latencyMs: () => number): Promise<ProviderStandIn> {
  const delivered = new Map<string, DeliveredMessage>();
  let requests = 0;
  let repeats = 0;
  const perKey = new Map<string, number>();
  let listener: (() => void) | null = null;
  const open = new Set<ServerResponse>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    } catch {
      // A body cut off by the sender's death: nothing was delivered.
      response.destroy();
      return;
    }
    let message: DeliveredMessage;
    if (request.url === '/message/template') {
      const data = (body.template_data ?? {}) as Record<string, unknown>;
      message = { channel: 'zalo', key: String(body.tracking_id), phone: String(body.phone), link: String(data.link) };
    } else if (request.url === ESMS_SEND_PATH) {
      message = { channel: 'sms', key: String(body.RequestId), phone: String(body.Phone), link: String(body.Content).split(' ').at(-1)! };
    } else {
      response.writeHead(404).end();
      return;
    }
    requests += 1;
    const id = `${message.channel}:${message.key}`;
    const repeat = delivered.has(id);
    if (repeat) repeats += 1;
    else delivered.set(id, message);
    perKey.set(id, (perKey.get(id) ?? 0) + 1);
    listener?.();
    const answer: ZnsAnswer | EsmsAnswer =
      message.channel === 'zalo'
        ? { error: 0, message: 'Success', data: { msg_id: `standin-${message.key}`, sent_time: String(Date.now()), quota: { dailyQuota: '1000000', remainingQuota: '999999' } } }
        : repeat
          ? { CodeResult: '124', ErrorMessage: 'Duplicate RequestId' }
          : { CodeResult: '100', CountRegenerate: 0, SMSID: `standin-${message.key}` };
    open.add(response);
    setTimeout(() => {
      open.delete(response);
      if (!response.destroyed) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    }, latencyMs());
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  // A sender killed mid-request resets its sockets: not an error of the stand-in.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    delivered,
    requests: () => requests,
    repeats: () => repeats,
    requestsOf: (id) => perKey.get(id) ?? 0,
    onRequest: (next) => {
      listener = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
