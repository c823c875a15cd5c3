import type { PayOsConfig } from '../../../../config';
import { createOutboundClient, type OutboundClient } from '../../../../outbound';
import { payOsLinkRequestSignature } from './payOsSignature';

/** How long a call to payOS may take before the customer is told to try again. */
export const PAYOS_TIMEOUT_MS = 10_000;

export interface PayOsLinkRequest {
  orderCode: number;
  amount: number;
  /** ≤ 25 characters (banks outside payOS's linked ones cut longer contents): the shop's order code. */
  description: string;
  cancelUrl: string;
  returnUrl: string;
  /** Unix seconds after which payOS refuses the link. */
  expiredAt?: number;
}

export interface PayOsLinkData {
  checkoutUrl: string;
  paymentLinkId: string;
  status: string;
}

/** payOS answered something else than success, or could not be reached in time. */
export class PayOsUnavailable extends Error {}

interface PayOsAnswer<T> {
  code?: string;
  desc?: string;
  data?: T | null;
}

/** One outbound client per payOS configuration (an app's): its breaker remembers the calls before. */
const clients = new WeakMap<PayOsConfig, OutboundClient>();

function payOs(config: PayOsConfig): OutboundClient {
  let client = clients.get(config);
  if (!client) {
    client = createOutboundClient({ provider: 'payos', baseUrl: config.apiUrl, timeoutMs: PAYOS_TIMEOUT_MS });
    clients.set(config, client);
  }
  return client;
}

/** A read (GET) is retried on a lost connection or a 5xx within the time-out; a link's creation is sent once. */
async function call<T>(config: PayOsConfig, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await payOs(config).request({
      method,
      path,
      headers: { 'x-client-id': config.clientId, 'x-api-key': config.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new PayOsUnavailable(`payOS ${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const answer = (await response.json().catch(() => null)) as PayOsAnswer<T> | null;
  if (!response.ok || answer?.code !== '00' || !answer.data) {
    throw new PayOsUnavailable(`payOS ${method} ${path}: HTTP ${response.status}, code ${answer?.code ?? '?'} ${answer?.desc ?? ''}`.trim());
  }
  return answer.data;
}

/**
 * payOS's merchant API (https://payos.vn/docs/api/): create a payment link (POST /v2/payment-requests, signed with
 * the checksum key) and read one (GET /v2/payment-requests/{id}). The keys go in headers, never in a log line.
 */
export function createPayOsClient(config: PayOsConfig) {
  return {
    createLink(request: PayOsLinkRequest): Promise<PayOsLinkData> {
      return call<PayOsLinkData>(config, 'POST', '/v2/payment-requests', { ...request, signature: payOsLinkRequestSignature(config.checksumKey, request) });
    },
    linkStatus(paymentLinkId: string): Promise<{ status: string }> {
      return call<{ status: string }>(config, 'GET', `/v2/payment-requests/${encodeURIComponent(paymentLinkId)}`);
    },
  };
}
