import { timingSafeEqual } from 'node:crypto';
import type { IntegratedCarrier } from 'shared-contracts/schemas';
import { ProviderUnavailable, type OutboundClient } from '../../outbound';
import { CarrierRefusal } from './carrierAdapter';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- carriers' JSON, read field by field

/** The JSON of a carrier's answer; an answer that is not JSON is the carrier failing (never a refusal). */
export async function jsonOf(client: OutboundClient, response: Response): Promise<Json> {
  const label = client.provider.toUpperCase();
  // A 5xx or 429 is the carrier failing (the outbound client already counted it against the breaker), never a refusal.
  if (response.status >= 500 || response.status === 429) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderUnavailable(client.provider, 'network', `${label} đang lỗi (HTTP ${response.status}).`);
  }
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Json;
  } catch {
    // fall through
  }
  throw new ProviderUnavailable(client.provider, 'network', `${label} trả lời không phải JSON (HTTP ${response.status}).`);
}

/** A carrier's refusal message in Vietnamese for the clerk: '<carrier> từ chối: <its reason>'. */
export function refusal(carrier: IntegratedCarrier, message: unknown): CarrierRefusal {
  const reason = typeof message === 'string' && message.trim() ? message.trim().slice(0, 300) : 'không rõ lý do';
  return new CarrierRefusal(carrier, reason);
}

/** Constant-time equality of two secrets (never short-circuits on the first different character). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string' || expected.length === 0) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // timingSafeEqual needs equal lengths: compare b with itself when they differ, then answer false.
  return a.length === b.length ? timingSafeEqual(a, b) : (timingSafeEqual(b, b), false);
}

export function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
