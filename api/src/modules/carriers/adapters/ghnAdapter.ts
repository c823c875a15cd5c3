/**
 * GHN (Giao Hàng Nhanh): the carrier adapter on GHN's public API for shops.
 *
 * Documents followed (GHN, https://api.ghn.vn/home/docs/detail):
 * - Authentication: header `Token` (the shop owner's API token) and `ShopId` on shop-scoped calls; answers
 *   `{ code, message, data }` with code 200 on success, 4xx and a Vietnamese or English `message` otherwise.
 * - "Get Service" — POST /shiip/public-api/v2/shipping-order/available-services { shop_id, from_district, to_district }.
 * - "Calculate Fee" — POST /shiip/public-api/v2/shipping-order/fee { service_id | service_type_id, from_district_id,
 *   from_ward_code, to_district_id, to_ward_code, weight (g), length, width, height (cm), insurance_value } → data.total.
 * - "Expected delivery time" — POST /shiip/public-api/v2/shipping-order/leadtime → data.leadtime (unix seconds).
 * - "Create Order" — POST /shiip/public-api/v2/shipping-order/create { payment_type_id, required_note
 *   CHOTHUHANG|CHOXEMHANGKHONGTHU|KHONGCHOXEMHANG, client_order_code (unique per shop: the idempotency key), to_*,
 *   cod_amount, insurance_value, weight/length/width/height, service_type_id, pick_station_id (drop-off), items }.
 * - "Cancel Order" — POST /shiip/public-api/v2/switch-status/cancel { order_codes }.
 * - "Print Order" — POST /shiip/public-api/v2/a5/gen-token { order_codes } → data.token; the page
 *   {root}/a5/public-api/printA5?token=… (A5) or /print80x80?token=… (80×80).
 * - "Order Info" — POST /shiip/public-api/v2/shipping-order/detail { order_code }, and /detail-by-client-code.
 * - "Callback / Webhook" and "Order status" (https://api.ghn.vn/home/docs/detail?id=84): GHN posts JSON with
 *   OrderCode, ClientOrderCode, Status, Time, Reason, CODAmount, Type (create | switch_status | update_weight |
 *   update_cod | update_fee) to the URL the shop registers, signing nothing: our URL carries a secret `?key=`.
 * - Master data — GET /shiip/public-api/master-data/province, /district?province_id=, /ward?district_id=.
 *
 * ASSUMPTIONS where the documents are silent: a repeated client_order_code is answered with a 400 (we then read the
 * order back by its client code, so a create whose answer was lost is not created twice); `Time` is an ISO instant.
 */
import { GHN_STATUS_MAP, vietnamDateOf, type LabelSize } from 'shared-contracts/schemas';
import { createOutboundClient, type OutboundClient } from '../../../outbound';
import type { CarrierAdapter, CarrierAddress, CarrierOrderCreated, CarrierQuoteRequest, CarrierServiceQuote, CarrierStatusUpdate, CarrierWebhookRequest } from '../carrierAdapter';
import { CarrierRefusal } from '../carrierAdapter';
import { firstHeader, jsonOf, refusal, sameSecret, type Json } from '../carrierHttp';

export interface GhnSettingsForAdapter {
  /** GHN's API root, e.g. https://online-gateway.ghn.vn (test: https://dev-online-gateway.ghn.vn). */
  baseUrl: string;
  token: string;
  shopId: number;
  webhookSecret: string;
  timeoutMs?: number;
  retries?: number;
}

/** GHN's codes of an official ward (carrier_ward_codes). */
export interface GhnWardCode {
  districtId: number;
  wardCode: string;
}

export interface GhnAdapterDeps {
  /** GHN's district id and ward code of an official ward code, or null when the sync found none. */
  wardCodeOf(officialWardCode: string): Promise<GhnWardCode | null>;
}

const API = '/shiip/public-api';

/** Our names of GHN's service types (2: e-commerce parcels, 5: heavy goods). */
const SERVICE_TYPE_LABELS: Record<number, string> = { 2: 'Chuẩn', 5: 'Hàng nặng' };

export function ghnAdapter(settings: GhnSettingsForAdapter, deps: GhnAdapterDeps): CarrierAdapter & { client: OutboundClient } {
  const client = createOutboundClient({ provider: 'ghn', baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs ?? 8_000, retries: settings.retries ?? 2 });
  const headers = { 'content-type': 'application/json', Token: settings.token, ShopId: String(settings.shopId) };

  /** POSTs to GHN; a 4xx (or a non-200 `code`) is GHN's refusal with its message. */
  async function call(path: string, body: unknown, options: { signal?: AbortSignal; idempotencyKey?: string | null; method?: 'GET' | 'POST' } = {}): Promise<unknown> {
    const method = options.method ?? 'POST';
    const response = await client.request({ method, path: `${API}${path}`, headers, body: method === 'POST' ? JSON.stringify(body) : undefined, signal: options.signal, idempotencyKey: options.idempotencyKey ?? null });
    const json = await jsonOf(client, response);
    if (response.status >= 400 || Number(json.code) !== 200) throw refusal('GHN', json.message);
    return json.data;
  }

  async function codesOf(wardCode: string): Promise<GhnWardCode> {
    const codes = await deps.wardCodeOf(wardCode);
    if (!codes) throw new CarrierRefusal('GHN', `chưa có mã GHN của phường/xã ${wardCode} (chạy npm run carriers:sync-wards).`);
    return codes;
  }

  async function quote(request: CarrierQuoteRequest): Promise<CarrierServiceQuote[]> {
    const [from, to] = await Promise.all([codesOf(request.from.wardCode), codesOf(request.to.wardCode)]);
    const services = (await call('/v2/shipping-order/available-services', { shop_id: settings.shopId, from_district: from.districtId, to_district: to.districtId }, { signal: request.signal, idempotencyKey: 'read' })) as Json[] | null;
    const { parcel } = request;
    const route = { from_district_id: from.districtId, from_ward_code: from.wardCode, to_district_id: to.districtId, to_ward_code: to.wardCode };
    const quotes = await Promise.all(
      (services ?? []).map(async (service): Promise<CarrierServiceQuote | null> => {
        // Reads only: safe to send again (the outbound client retries a request with a key).
        const [fee, leadtime] = await Promise.all([
          call('/v2/shipping-order/fee', { ...route, service_id: service.service_id, service_type_id: service.service_type_id, weight: parcel.weightGrams, length: parcel.lengthCm, width: parcel.widthCm, height: parcel.heightCm, insurance_value: parcel.value }, { signal: request.signal, idempotencyKey: 'read' }) as Promise<Json>,
          (call('/v2/shipping-order/leadtime', { ...route, service_id: service.service_id }, { signal: request.signal, idempotencyKey: 'read' }) as Promise<Json>).catch((error: unknown) => {
            if (error instanceof CarrierRefusal) return null; // a service without a lead time is still offered
            throw error;
          }),
        ]);
        if (typeof fee?.total !== 'number') return null;
        const typeId = Number(service.service_type_id);
        return {
          carrier: 'GHN',
          service: String(service.service_type_id),
          serviceLabel: SERVICE_TYPE_LABELS[typeId] ?? String(service.short_name ?? 'GHN'),
          fee: Math.round(fee.total),
          expectedDelivery: typeof leadtime?.leadtime === 'number' ? vietnamDateOf(leadtime.leadtime * 1000) : null,
        };
      }),
    );
    return quotes.filter((entry): entry is CarrierServiceQuote => entry !== null);
  }

  function addressLine(address: CarrierAddress): string {
    return [address.street, address.wardName, address.province].filter(Boolean).join(', ');
  }

  function statusUpdate(data: Json, carrierStatus: string, at: string, note: string | null, codAmount: number | null): CarrierStatusUpdate | null {
    const status = GHN_STATUS_MAP[carrierStatus];
    if (!status) return null;
    return { carrier: 'GHN', trackingCode: String(data.order_code ?? data.OrderCode), clientOrderCode: (data.client_order_code ?? data.ClientOrderCode ?? null) as string | null, status, carrierStatus, at, note, codAmount };
  }

  return {
    carrier: 'GHN',
    client,
    quote,
    async createOrder(request): Promise<CarrierOrderCreated> {
      const to = await codesOf(request.to.wardCode);
      const from = await deps.wardCodeOf(request.from.wardCode);
      const body = {
        payment_type_id: 1, // the shop pays the fee; the receiver pays only the COD amount
        note: request.note ?? '',
        required_note: request.inspection,
        client_order_code: request.clientOrderCode,
        from_name: request.from.name,
        from_phone: request.from.phone,
        from_address: addressLine(request.from),
        from_ward_name: request.from.wardName,
        from_province_name: request.from.province,
        ...(from ? { from_district_id: from.districtId, from_ward_code: from.wardCode, return_district_id: from.districtId, return_ward_code: from.wardCode } : {}),
        return_phone: request.from.phone,
        return_address: addressLine(request.from),
        to_name: request.to.name,
        to_phone: request.to.phone,
        to_address: addressLine(request.to),
        to_ward_code: to.wardCode,
        to_district_id: to.districtId,
        cod_amount: request.codAmount,
        content: request.items.map((item) => `${item.quantity} × ${item.name}`).join('; ').slice(0, 2000),
        weight: request.parcel.weightGrams,
        length: request.parcel.lengthCm,
        width: request.parcel.widthCm,
        height: request.parcel.heightCm,
        insurance_value: request.insuredValue,
        service_type_id: Number(request.service),
        // Drop-off at a GHN post office: GHN asks for the station; the warehouse's nearest is chosen at the counter.
        ...(request.handover === 'DROP_OFF' ? { pick_station_id: 0 } : {}),
        items: request.items.map((item) => ({ name: item.name, code: item.code ?? undefined, quantity: item.quantity })),
      };
      try {
        const data = (await call('/v2/shipping-order/create', body, { idempotencyKey: request.clientOrderCode })) as Json;
        return { trackingCode: String(data.order_code), fee: Math.round(Number(data.total_fee ?? 0)), expectedDelivery: data.expected_delivery_time ? vietnamDateOf(String(data.expected_delivery_time)) : null };
      } catch (error) {
        // Our earlier try may have created it and lost the answer: the order under this client code is ours.
        if (!(error instanceof CarrierRefusal) || !/client_order_code|đã tồn tại|exist/i.test(error.reason)) throw error;
        const existing = (await call('/v2/shipping-order/detail-by-client-code', { client_order_code: request.clientOrderCode }, { idempotencyKey: 'read' }).catch(() => null)) as Json | null;
        if (!existing?.order_code) throw error;
        return { trackingCode: String(existing.order_code), fee: Math.round(Number(existing.total_fee ?? 0)), expectedDelivery: null };
      }
    },
    async cancelOrder(trackingCode) {
      const results = (await call('/v2/switch-status/cancel', { order_codes: [trackingCode] }, { idempotencyKey: `cancel-${trackingCode}` })) as Json[] | null;
      const result = results?.find((entry) => String(entry.order_code) === trackingCode);
      if (!result?.result) throw refusal('GHN', result?.message ?? 'không hủy được vận đơn');
    },
    async labelUrl(trackingCodes, size: LabelSize) {
      if (trackingCodes.length === 0) return null;
      const data = (await call('/v2/a5/gen-token', { order_codes: trackingCodes }, { idempotencyKey: 'read' })) as Json;
      return `${settings.baseUrl}/a5/public-api/${size === '80x80' ? 'print80x80' : 'printA5'}?token=${encodeURIComponent(String(data.token))}`;
    },
    verifyWebhook(request: CarrierWebhookRequest) {
      return sameSecret(request.query.key ?? firstHeader(request.headers['x-webhook-key']), settings.webhookSecret);
    },
    parseWebhook(request: CarrierWebhookRequest) {
      let body: Json;
      try {
        body = JSON.parse(request.rawBody) as Json;
      } catch {
        throw new Error('GHN webhook: the body is not JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('GHN webhook: the body is not an object');
      const type = String(body.Type ?? '').toLowerCase();
      if (type !== 'create' && type !== 'switch_status') return [];
      const status = String(body.Status ?? '').toLowerCase();
      const time = String(body.Time ?? '');
      if (!body.OrderCode || !status || Number.isNaN(Date.parse(time))) throw new Error('GHN webhook: OrderCode, Status or Time missing');
      const update = statusUpdate(body, status, new Date(time).toISOString(), typeof body.Reason === 'string' && body.Reason ? body.Reason : null, typeof body.CODAmount === 'number' ? body.CODAmount : null);
      return update ? [update] : []; // a status GHN added since: kept raw by the caller, moves nothing
    },
    async orderStatus(trackingCode) {
      let data: Json;
      try {
        data = (await call('/v2/shipping-order/detail', { order_code: trackingCode }, { idempotencyKey: 'read' })) as Json;
      } catch (error) {
        if (error instanceof CarrierRefusal) return null;
        throw error;
      }
      const last = Array.isArray(data.log) && data.log.length > 0 ? (data.log.at(-1) as Json) : null;
      const at = String(last?.updated_date ?? data.updated_date ?? new Date().toISOString());
      return statusUpdate(data, String(data.status), new Date(at).toISOString(), null, typeof data.cod_amount === 'number' ? data.cod_amount : null);
    },
  };
}
