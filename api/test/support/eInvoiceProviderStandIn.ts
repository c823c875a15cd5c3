import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the e-invoice provider tests' loopback stand-ins (misaMeInvoice, viettelSInvoice, vnptInvoice) share: a server
 * on 127.0.0.1 handing each request with its whole body to the provider's handler, JSON answers, the modes a
 * publishing call can be made to meet, and the signal of the adapter's calls.
 */

/** What the next publishing call meets: an answer, a 5xx, no answer at all, or an invoice issued whose answer is lost. */
export type PublishMode = 'normal' | 'http500' | 'hang' | 'drop';

export interface LoopbackStandIn {
  /** http://127.0.0.1:<port>, the adapter's base URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on a free loopback port; each request is handed to `handle` once its body is read (UTF-8). A handler that
 * throws answers 500 with the error; one that answers nothing leaves the request hanging.
 */
export async function startLoopbackStandIn(handle: (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>): Promise<LoopbackStandIn> {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      Promise.resolve()
        .then(() => handle(request, response, body))
        .catch((error: unknown) => response.writeHead(500).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Answers `status` with `payload` as JSON. */
export function sendJson(response: ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
}

/** The signal of an adapter's call: longer than any time-out a test configures, so the adapter's own one is what ends it. */
export const signal = (): AbortSignal => AbortSignal.timeout(10_000);
