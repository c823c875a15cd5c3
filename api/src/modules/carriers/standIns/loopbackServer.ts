import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The carriers' stand-ins' HTTP server: 127.0.0.1 only (never another interface), each request handed over with its
 * whole body; a handler that answers nothing leaves the request hanging (a carrier that stalls). Development and
 * tests only: production refuses the stand-in mode and any carrier URL that is not https (productionSafety.ts).
 */
export interface LoopbackServer {
  /** http://127.0.0.1:<port>. */
  url: string;
  close(): Promise<void>;
}

export type Handler = (request: IncomingMessage, response: ServerResponse, body: string, url: URL) => void | Promise<void>;

export async function startLoopbackServer(handle: Handler, { port = 0, log }: { port?: number; log?: (line: string) => void } = {}): Promise<LoopbackServer> {
  const server = createServer((request, response) => {
    if (log) response.on('finish', () => log(`${response.statusCode} ${request.method} ${request.url}`));
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      Promise.resolve()
        .then(() => handle(request, response, body, url))
        .catch((error: unknown) => {
          if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => (server.off('error', reject), resolve()));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export function sendJson(response: ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(payload));
}

/** What the next calls meet: answers, a 5xx, or no answer at all (a time-out). */
export type StandInMode = 'normal' | 'http500' | 'hang';
export const STAND_IN_MODES: readonly StandInMode[] = ['normal', 'http500', 'hang'];

/**
 * Posts a stand-in's webhook to our API; answers the HTTP status it got, or null when our API was not reachable (not
 * listening yet): that is not the stand-in's failure, the parcel moved and the webhook is lost, as a carrier's would be.
 */
export async function postWebhook(callbackUrl: string, body: unknown): Promise<number | null> {
  const answer = await fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(5_000) }).catch(() => null);
  await answer?.body?.cancel().catch(() => undefined);
  return answer?.status ?? null;
}

/**
 * The stand-ins' control routes: POST /__standin/orders/:code/status { status, reason } moves a parcel and sends its
 * webhook (404 when the stand-in refuses), POST /__standin/mode { mode } sets what the next calls meet.
 */
export async function answerControl(
  path: string,
  raw: string,
  response: ServerResponse,
  stand: { sendStatus: (code: string, status: unknown, reason: string | null) => Promise<number | null>; setMode: (mode: StandInMode) => void },
): Promise<void> {
  const body = (raw ? JSON.parse(raw) : {}) as { status?: unknown; reason?: string | null; mode?: StandInMode };
  const match = /^\/__standin\/orders\/([^/]+)\/status$/.exec(path);
  if (match) {
    try {
      return sendJson(response, 200, { webhook: await stand.sendStatus(decodeURIComponent(match[1]!), body.status, body.reason ?? null) });
    } catch (error) {
      return sendJson(response, 404, { message: error instanceof Error ? error.message : String(error) });
    }
  }
  if (path === '/__standin/mode') {
    const mode = body.mode ?? 'normal';
    stand.setMode(mode);
    return sendJson(response, 200, { mode });
  }
  return sendJson(response, 404, { message: 'Not found' });
}

/** A one-page PDF saying `text` (ASCII), for the stand-ins' labels. */
export function tinyPdf(text: string): Buffer {
  const safe = text.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const content = `BT /F1 14 Tf 20 200 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Days between two provinces' regions, and the fee step: the stand-ins' distance (deterministic). */
export function routeOf(from: { province: string; region: string }, to: { province: string; region: string }): 'province' | 'region' | 'country' {
  if (from.province === to.province) return 'province';
  return from.region === to.region ? 'region' : 'country';
}

/** A Date `days` whole days after `from` at 17:00 in Vietnam (10:00 UTC). */
export function daysAfter(from: Date, days: number): Date {
  const day = new Date(from.getTime() + 7 * 3_600_000);
  day.setUTCDate(day.getUTCDate() + days);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 10));
}
