import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDevOutbox } from '../../../../src/modules/notifications/channels/devOutboxes';
import { ESMS_SEND_PATH } from '../../../../src/modules/notifications/channels/providers/esmsChannel';
import { esmsStandInAnswer, znsStandInAnswer } from '../../../../src/modules/notifications/channels/standIns';

export const STAND_IN_ZALO_TOKEN = 'zns-token-loopback-5Qf8kM2x';
export const STAND_IN_ESMS = { apiKey: 'esms-key-loopback-8Hd2pL0q', secretKey: 'esms-secret-loopback-3Vb7nT1w' };

export type ZaloMode = 'ok' | 'quota' | 'invalid-phone' | 'not-zalo-user' | 'token-expired' | 'hang';
export type SmsMode = 'ok' | 'hang-once' | 'no-balance';

export interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * Zalo ZNS, eSMS and a push service on one loopback HTTP server, answering as their documents say (the API's own
 * stand-in logic for ZNS and eSMS), with the failures a test asks for: errors, quotas and answers that never come.
 */
export interface ChannelStandInServer {
  url: string;
  zaloMode: ZaloMode;
  smsMode: SmsMode;
  /** Push endpoint path → the status the push service answers (default 201). */
  pushStatus: Map<string, number>;
  /** Every request received, accepted or not. */
  zaloRequests: unknown[];
  smsRequests: Array<Record<string, unknown>>;
  pushes: ReceivedPush[];
  /** What the stand-ins accepted (sent). */
  zaloAccepted(): number;
  smsAccepted(): number;
  reset(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startChannelStandIns(): Promise<ChannelStandInServer> {
  let zaloOutbox = createDevOutbox();
  let smsOutbox = createDevOutbox();
  let requestIds = new Set<string>();
  let smsHungOnce = false;
  const hanging = new Set<() => void>();

  const state: ChannelStandInServer = {
    url: '',
    zaloMode: 'ok',
    smsMode: 'ok',
    pushStatus: new Map(),
    zaloRequests: [],
    smsRequests: [],
    pushes: [],
    zaloAccepted: () => zaloOutbox.sends.length,
    smsAccepted: () => smsOutbox.sends.length,
    reset() {
      zaloOutbox = createDevOutbox();
      smsOutbox = createDevOutbox();
      requestIds = new Set();
      smsHungOnce = false;
      state.zaloMode = 'ok';
      state.smsMode = 'ok';
      state.pushStatus.clear();
      state.zaloRequests.length = 0;
      state.smsRequests.length = 0;
      state.pushes.length = 0;
    },
    close: async () => {
      for (const release of hanging) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const json = (response: ServerResponse, value: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = request.url ?? '';
      if (path === '/message/template' && request.method === 'POST') {
        const payload = JSON.parse(body.toString('utf8')) as unknown;
        state.zaloRequests.push(payload);
        if (state.zaloMode === 'hang') {
          await new Promise<void>((resolve) => hanging.add(resolve));
          return;
        }
        if (state.zaloMode === 'quota') return json(response, { error: -144, message: 'OA has exceeded maximum quota per day' });
        if (state.zaloMode === 'invalid-phone') return json(response, { error: -108, message: 'Phone number invalid' });
        if (state.zaloMode === 'not-zalo-user') return json(response, { error: -118, message: 'Zalo account not existed' });
        if (state.zaloMode === 'token-expired') return json(response, { error: -124, message: 'Access token is invalid' });
        const token = request.headers['access_token'];
        return json(response, znsStandInAnswer({ accessToken: STAND_IN_ZALO_TOKEN, outbox: zaloOutbox, sentToday: zaloOutbox.sends.length, dailyQuota: 1000, now: () => new Date() }, typeof token === 'string' ? token : undefined, payload));
      }
      if (path === ESMS_SEND_PATH && request.method === 'POST') {
        const payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        state.smsRequests.push(payload);
        if (state.smsMode === 'no-balance') return json(response, { CodeResult: '103', ErrorMessage: 'Not enough balance' });
        const answer = esmsStandInAnswer({ ...STAND_IN_ESMS, outbox: smsOutbox, requestIds, now: () => new Date() }, payload);
        if (state.smsMode === 'hang-once' && !smsHungOnce) {
          // Accepted and sent, but the answer is lost: the client times out.
          smsHungOnce = true;
          await new Promise<void>((resolve) => {
            hanging.add(resolve);
            setTimeout(resolve, 3_000).unref();
          });
          if (!response.destroyed) json(response, answer);
          return;
        }
        return json(response, answer);
      }
      if (path.startsWith('/push/') && request.method === 'POST') {
        state.pushes.push({ path, headers: request.headers, body });
        const status = state.pushStatus.get(path) ?? 201;
        response.writeHead(status, status === 201 ? { location: `${path}/m/${state.pushes.length}` } : {}).end();
        return;
      }
      response.writeHead(404).end();
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
