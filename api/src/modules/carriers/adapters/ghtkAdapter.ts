/**
 * GHTK (Giao Hàng Tiết Kiệm): the carrier adapter on GHTK's API for shops.
 *
 * Documents followed (GHTK, https://docs.giaohangtietkiem.vn):
 * - Authentication: header `Token` (the shop's API token) and `X-Client-Source` (the partner code; the shop's own
 *   integration sends its token's shop code). Answers `{ success, message, … }`; a refusal is `success: false` with a
 *   Vietnamese `message` (HTTP 200 or 4xx).
 * - "Tính phí vận chuyển" — GET /services/shipment/fee?pick_province&pick_ward&province&ward&address&weight (grams)
 *   &value&transport=road|fly&deliver_option=none → fee.fee (since the 2025 reform GHTK takes the new wards by name,
 *   without a district).
 * - "Đăng đơn hàng" — POST /services/shipment/order { products: [{ name, weight (kg), quantity, product_code }],
 *   order: { id (our client code: GHTK refuses a repeat with ORDER_ID_EXIST and the label), pick_name, pick_address,
 *   pick_province, pick_ward, pick_tel, name, address, province, ward, hamlet: 'Khác', tel, pick_money (COD), value,
 *   transport, pick_option cod|post, note, tags } } → order.label, order.fee.
 * - "Hủy đơn hàng" — POST /services/shipment/cancel/{label}.
 * - "In nhãn đơn hàng" — GET /services/label/{label}?original=portrait&paper_size=A5|A6 → a PDF.
 * - "Trạng thái đơn hàng" — GET /services/shipment/v2/{label} → order.status (a status_id), order.modified.
 * - "Webhook" — GHTK posts label_id, partner_id, status_id, action_time, reason, pick_money … with the `hash` the shop
 *   configured (compared in constant time).
 *
 * ASSUMPTIONS: the fee answer's `estimated_deliver_time` (when present) is the expected delivery; an 80×80 label is
 * printed on GHTK's A6; the "cho xem hàng" rule travels in the note (GHTK's tags for it vary by account).
 */
import { findProvince, GHTK_STATUS_MAP, vietnamDateOf, type LabelSize } from 'shared-contracts/schemas';
import { createOutboundClient, type OutboundClient } from '../../../outbound';
import { findWard } from '../../addresses';
import type { CarrierAdapter, CarrierAddress, CarrierServiceQuote, CarrierStatusUpdate, CarrierWebhookRequest } from '../carrierAdapter';
import { CarrierRefusal } from '../carrierAdapter';
import { firstHeader, jsonOf, refusal, sameSecret, type Json } from '../carrierHttp';

export interface GhtkSettingsForAdapter {
  /** GHTK's API root, e.g. https://services.giaohangtietkiem.vn (staging: https://services-staging.ghtklab.com). */
  baseUrl: string;
  token: string;
  webhookHash: string;
  /** X-Client-Source (the partner code GHTK gives an integrator). */
  clientSource?: string;
  timeoutMs?: number;
  retries?: number;
}

const TRANSPORT_LABELS = { road: 'Đường bộ', fly: 'Đường bay' } as const;
const INSPECTION_NOTES = { CHOXEMHANGKHONGTHU: 'Cho xem hàng, không cho thử', CHOTHUHANG: 'Cho thử hàng', KHONGCHOXEMHANG: 'Không cho xem hàng' } as const;

function wardNameOf(code: string): string {
  const ward = findWard(code);
  if (!ward) throw new CarrierRefusal('GHTK', `không tìm thấy phường/xã mã ${code}.`);
  return ward.name;
}

export function ghtkAdapter(settings: GhtkSettingsForAdapter): CarrierAdapter & { client: OutboundClient } {
  const client = createOutboundClient({ provider: 'ghtk', baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs ?? 8_000, retries: settings.retries ?? 2 });
  const headers: Record<string, string> = { 'content-type': 'application/json', Token: settings.token, ...(settings.clientSource ? { 'X-Client-Source': settings.clientSource } : {}) };

  async function call(method: 'GET' | 'POST', path: string, options: { body?: unknown; signal?: AbortSignal; idempotencyKey?: string | null } = {}): Promise<Json> {
    const response = await client.request({ method, path, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: options.signal, idempotencyKey: options.idempotencyKey ?? null });
    const json = await jsonOf(client, response);
    if (response.status >= 400 || json.success !== true) throw Object.assign(refusal('GHTK', json.message), { answer: json });
    return json;
  }

  function statusUpdate(label: string, partnerId: string | null, statusId: number, at: string, note: string | null, codAmount: number | null): CarrierStatusUpdate | null {
    const status = GHTK_STATUS_MAP[statusId];
    if (!status) return null;
    return { carrier: 'GHTK', trackingCode: label, clientOrderCode: partnerId, status, carrierStatus: String(statusId), at, note, codAmount };
  }

  function street(address: CarrierAddress): string {
    return address.street || address.wardName;
  }

  return {
    carrier: 'GHTK',
    client,
    async quote(request) {
      const pickWard = wardNameOf(request.from.wardCode);
      const ward = wardNameOf(request.to.wardCode);
      const farAway = findProvince(request.from.province)?.region !== findProvince(request.to.province)?.region;
      const transports = farAway ? (['road', 'fly'] as const) : (['road'] as const);
      const quotes = await Promise.all(
        transports.map(async (transport): Promise<CarrierServiceQuote | null> => {
          const query = new URLSearchParams({ pick_province: request.from.province, pick_ward: pickWard, province: request.to.province, ward, address: ward, weight: String(request.parcel.weightGrams), value: String(request.parcel.value), transport, deliver_option: 'none' });
          const json = await call('GET', `/services/shipment/fee?${query.toString()}`, { signal: request.signal });
          const fee = json.fee as Json | undefined;
          if (!fee || fee.delivery === false || typeof fee.fee !== 'number') return null;
          const eta = typeof fee.estimated_deliver_time === 'string' && !Number.isNaN(Date.parse(fee.estimated_deliver_time)) ? vietnamDateOf(fee.estimated_deliver_time) : null;
          return { carrier: 'GHTK', service: transport, serviceLabel: TRANSPORT_LABELS[transport], fee: Math.round(fee.fee), expectedDelivery: eta };
        }),
      );
      return quotes.filter((entry): entry is CarrierServiceQuote => entry !== null);
    },
    async createOrder(request) {
      const transport = request.service === 'fly' ? 'fly' : 'road';
      const body = {
        products: request.items.map((item) => ({ name: item.name, quantity: item.quantity, product_code: item.code ?? undefined, weight: Math.max(0.1, Math.round(request.parcel.weightGrams / Math.max(1, request.items.reduce((sum, line) => sum + line.quantity, 0))) / 1000) })),
        order: {
          id: request.clientOrderCode,
          pick_name: request.from.name,
          pick_address: street(request.from),
          pick_province: request.from.province,
          pick_ward: request.from.wardName,
          pick_tel: request.from.phone,
          name: request.to.name,
          address: street(request.to),
          province: request.to.province,
          ward: request.to.wardName,
          hamlet: 'Khác',
          tel: request.to.phone,
          pick_money: request.codAmount,
          value: request.insuredValue,
          transport,
          pick_option: request.handover === 'DROP_OFF' ? 'post' : 'cod',
          total_weight: request.parcel.weightGrams / 1000,
          note: [INSPECTION_NOTES[request.inspection], request.note].filter(Boolean).join('. ').slice(0, 120),
          tags: [],
        },
      };
      try {
        const json = await call('POST', '/services/shipment/order', { body, idempotencyKey: request.clientOrderCode });
        const order = json.order as Json;
        const eta = typeof order.estimated_deliver_time === 'string' && /^\d{4}-\d{2}-\d{2}/.test(order.estimated_deliver_time) ? order.estimated_deliver_time.slice(0, 10) : null;
        return { trackingCode: String(order.label), fee: Math.round(Number(order.fee ?? 0)), expectedDelivery: eta };
      } catch (error) {
        // A create whose answer was lost, sent again: GHTK names the order it already has under our id.
        const answer = (error as { answer?: Json }).answer;
        const existing = answer?.error as Json | undefined;
        if (error instanceof CarrierRefusal && existing?.code === 'ORDER_ID_EXIST' && existing.ghtk_label) return { trackingCode: String(existing.ghtk_label), fee: 0, expectedDelivery: null };
        throw error;
      }
    },
    async cancelOrder(trackingCode) {
      await call('POST', `/services/shipment/cancel/${encodeURIComponent(trackingCode)}`, { idempotencyKey: `cancel-${trackingCode}` });
    },
    async labelUrl() {
      return null; // GHTK's label needs the shop's token: served through labelPdf, never linked
    },
    async labelPdf(trackingCode, size: LabelSize) {
      const response = await client.request({ method: 'GET', path: `/services/label/${encodeURIComponent(trackingCode)}?original=portrait&paper_size=${size === 'A5' ? 'A5' : 'A6'}`, headers });
      if (response.status >= 400 || !(response.headers.get('content-type') ?? '').includes('pdf')) {
        const json = await jsonOf(client, response).catch(() => ({}) as Json);
        throw refusal('GHTK', json.message ?? `không in được nhãn ${trackingCode}`);
      }
      return new Uint8Array(await response.arrayBuffer());
    },
    verifyWebhook(request: CarrierWebhookRequest) {
      let hash = request.query.hash ?? firstHeader(request.headers['x-ghtk-hash']);
      if (hash === undefined) {
        try {
          const body = parseBody(request.rawBody);
          hash = typeof body.hash === 'string' ? body.hash : undefined;
        } catch {
          return false;
        }
      }
      return sameSecret(hash, settings.webhookHash);
    },
    parseWebhook(request: CarrierWebhookRequest) {
      const body = parseBody(request.rawBody);
      const statusId = Number(body.status_id);
      const time = String(body.action_time ?? '');
      if (!body.label_id || !Number.isInteger(statusId) || Number.isNaN(Date.parse(time))) throw new Error('GHTK webhook: label_id, status_id or action_time missing');
      const pickMoney = body.pick_money === undefined || body.pick_money === '' ? null : Number(body.pick_money);
      const update = statusUpdate(String(body.label_id), body.partner_id ? String(body.partner_id) : null, statusId, new Date(time).toISOString(), typeof body.reason === 'string' && body.reason ? body.reason : null, pickMoney !== null && Number.isFinite(pickMoney) ? pickMoney : null);
      return update ? [update] : [];
    },
    async orderStatus(trackingCode) {
      let json: Json;
      try {
        json = await call('GET', `/services/shipment/v2/${encodeURIComponent(trackingCode)}`);
      } catch (error) {
        if (error instanceof CarrierRefusal) return null;
        throw error;
      }
      const order = json.order as Json;
      const at = Date.parse(String(order.modified ?? '')) ? new Date(String(order.modified)).toISOString() : new Date().toISOString();
      return statusUpdate(String(order.label_id ?? trackingCode), order.partner_id ? String(order.partner_id) : null, Number(order.status), at, null, typeof order.pick_money === 'number' ? order.pick_money : null);
    },
  };
}

/** GHTK posts JSON (or, on older accounts, a form): either is read. Throws when it is neither. */
function parseBody(raw: string): Json {
  const text = raw.trim();
  if (text.startsWith('{')) {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('GHTK webhook: the body is not an object');
    return parsed as Json;
  }
  if (!text.includes('=')) throw new Error('GHTK webhook: the body is neither JSON nor a form');
  return Object.fromEntries(new URLSearchParams(text));
}
