import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the e-invoice providers' loopback stand-ins (misaStandIn, viettelStandIn, vnptStandIn) share: a server on
 * 127.0.0.1 only, handing each request with its whole body to the provider's handler, JSON answers, and the modes a
 * publishing call can be made to meet. The provider tests start them on a free port; `npm run standin:einvoice` starts
 * one on a fixed port for a development API (scripts/eInvoiceStandIn.ts). Development and tests only: production's
 * safety check refuses an E_INVOICE_API_URL that is not https or is local (productionSafety.ts).
 */

/** What the next publishing call meets: an answer, a 5xx, no answer at all, or an invoice issued whose answer is lost. */
export type PublishMode = 'normal' | 'http500' | 'hang' | 'drop';

export const PUBLISH_MODES: readonly PublishMode[] = ['normal', 'http500', 'hang', 'drop'];

export interface LoopbackStandIn {
  /** http://127.0.0.1:<port>, the adapter's base URL. */
  url: string;
  close(): Promise<void>;
}

export interface LoopbackOptions {
  /** The loopback port (default 0: a free one). */
  port?: number;
  /** Told of each request once it is answered or dropped (the script's log); default: nothing. */
  log?: (line: string) => void;
}

/**
 * Listens on 127.0.0.1 (never another interface); each request is handed to `handle` once its body is read (UTF-8). A
 * handler that throws answers 500 with the error; one that answers nothing leaves the request hanging.
 */
export async function startLoopbackStandIn(
  handle: (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>,
  { port = 0, log }: LoopbackOptions = {},
): Promise<LoopbackStandIn> {
  const server = createServer((request, response) => {
    if (log) {
      const started = Date.now();
      const said = () => `${request.method} ${request.url} (${Date.now() - started} ms)`;
      response.on('finish', () => log(`${response.statusCode} ${said()}`));
      response.on('close', () => void (response.writableFinished || log(`--- ${said()}: no answer`)));
    }
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      Promise.resolve()
        .then(() => handle(request, response, body))
        .catch((error: unknown) => response.writeHead(500).end(String(error)));
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

/** Answers `status` with `payload` as JSON. */
export function sendJson(response: ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
}
