import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { GHN_STATUS_MAP, PROVINCES } from 'shared-contracts/schemas';
import { wardsOfProvince } from '../../addresses';
import { answerControl, daysAfter, postWebhook, routeOf, sendJson, startLoopbackServer, type StandInMode } from './loopbackServer';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GHN's JSON, read field by field

/** The account the GHN stand-in accepts. */
export interface GhnStandInAccount {
  token: string;
  shopId: number;
}

interface GhnWardEntry {
  provinceId: number;
  districtId: number;
  wardCode: string;
  wardName: string;
  province: string;
  region: string;
  officialCode: string;
}

interface GhnMasterData {
  provinces: { ProvinceID: number; ProvinceName: string; Code: string; NameExtension: string[] }[];
  districts: { DistrictID: number; ProvinceID: number; DistrictName: string }[];
  wards: GhnWardEntry[];
  byWardCode: Map<string, GhnWardEntry>;
}

/** Wards per made-up district: GHN still keys a ward under a district, the reform's wards have none. */
const WARDS_PER_DISTRICT = 25;

let masterData: GhnMasterData | null = null;

/**
 * GHN's master data as the stand-in answers it: the 34 provinces and every ward of the addresses module, under
 * GHN-like numeric ids (ProvinceID from 201, DistrictID from 1001, six-digit WardCodes) that are NOT the official
 * codes, so the sync must match by names as it does against GHN.
 */
export function ghnStandInMasterData(): GhnMasterData {
  if (masterData) return masterData;
  const data: GhnMasterData = { provinces: [], districts: [], wards: [], byWardCode: new Map() };
  let districtId = 1000;
  let wardNumber = 0;
  PROVINCES.forEach((province, index) => {
    const provinceId = 201 + index;
    data.provinces.push({ ProvinceID: provinceId, ProvinceName: province.fullName, Code: String(provinceId), NameExtension: [province.name, province.fullName] });
    const wards = [...wardsOfProvince(province.name)].sort((a, b) => a.code.localeCompare(b.code));
    for (let start = 0; start < wards.length; start += WARDS_PER_DISTRICT) {
      districtId += 1;
      data.districts.push({ DistrictID: districtId, ProvinceID: provinceId, DistrictName: `Khu vực ${start / WARDS_PER_DISTRICT + 1} - ${province.name}` });
      for (const ward of wards.slice(start, start + WARDS_PER_DISTRICT)) {
        wardNumber += 1;
        const entry = { provinceId, districtId, wardCode: String(500_000 + wardNumber), wardName: ward.name, province: province.name, region: province.region, officialCode: ward.code };
        data.wards.push(entry);
        data.byWardCode.set(entry.wardCode, entry);
      }
    }
  });
  masterData = data;
  return data;
}

export interface GhnStandInOrder {
  orderCode: string;
  clientOrderCode: string;
  status: string;
  codAmount: number;
  fee: number;
  request: Json;
  log: { status: string; updated_date: string }[];
}

export interface GhnStandInOptions {
  port?: number;
  log?: (line: string) => void;
  account?: Partial<GhnStandInAccount>;
  /** Where status webhooks go (GHN's "URL callback", with our `?key=`); settable later with setCallbackUrl. */
  callbackUrl?: string | null;
  now?: () => Date;
}

/** GHN's services by the stand-in: service_type_id 2 "Hàng nhẹ" (standard e-commerce), 5 "Hàng nặng" (20 kg and up). */
export const GHN_STAND_IN_SERVICES = [
  { service_id: 53320, short_name: 'Hàng nhẹ', service_type_id: 2 },
  { service_id: 100039, short_name: 'Hàng nặng', service_type_id: 5 },
] as const;

/** Statuses GHN still lets a shop cancel in. */
const GHN_CANCELLABLE = new Set(['ready_to_pick', 'picking', 'money_collect_picking']);

/**
 * A stand-in for GHN's public API (https://api.ghn.vn/home/docs/detail) on loopback: `Token` and `ShopId` checked on
 * every call, each endpoint's required fields checked (GHN's `{ code: 400, message }` answers), fees from the parcel's
 * weight (or its volume /5000) and the route between the provinces' regions, lead times, orders kept by
 * `client_order_code` (a repeat is refused), cancel refused after pickup, the A5/80×80 print page, order detail, master
 * data. It can be made to answer 500 or nothing (setMode) and to move a parcel and send its webhook (sendStatus, or
 * POST /__standin/orders/:code/status { status }).
 */
export async function ghnStandIn(options: GhnStandInOptions = {}) {
  const account: GhnStandInAccount = { token: options.account?.token ?? 'ghn-stand-in-token', shopId: options.account?.shopId ?? 885_001 };
  const now = options.now ?? (() => new Date());
  const orders = new Map<string, GhnStandInOrder>();
  const byClientCode = new Map<string, string>();
  const printTokens = new Map<string, string[]>();
  let callbackUrl = options.callbackUrl ?? null;
  let mode: StandInMode = 'normal';
  const calls: { path: string; body: Json }[] = [];

  const refuse = (response: ServerResponse, message: string, status = 400) => sendJson(response, status, { code: status, message, data: null, code_message: status === 401 ? 'USER_ERR_AUTH' : 'USER_ERR_COMMON' });
  const ok = (response: ServerResponse, data: unknown) => sendJson(response, 200, { code: 200, message: 'Success', data });

  function wardOf(districtId: unknown, wardCode: unknown): GhnWardEntry | null {
    const entry = ghnStandInMasterData().byWardCode.get(String(wardCode));
    return entry && entry.districtId === Number(districtId) ? entry : null;
  }

  function missing(body: Json, fields: string[]): string | null {
    const absent = fields.find((field) => body[field] === undefined || body[field] === null || body[field] === '');
    return absent ?? null;
  }

  function feeOf(from: GhnWardEntry, to: GhnWardEntry, body: Json, serviceTypeId: number): number {
    const volumetric = Math.ceil((Number(body.length) * Number(body.width) * Number(body.height)) / 5);
    const grams = Math.max(Number(body.weight), volumetric);
    const route = routeOf(from, to);
    const [base, step] = route === 'province' ? [22_000, 2_500] : route === 'region' ? [30_000, 4_000] : [38_000, 5_000];
    const heavy = serviceTypeId === 5 ? 1.4 : 1;
    const extraSteps = Math.max(0, Math.ceil((grams - 500) / 500));
    const insurance = Number(body.insurance_value ?? 0) > 3_000_000 ? Math.round(Number(body.insurance_value) * 0.005) : 0;
    return Math.round(((base + extraSteps * step) * heavy) / 100) * 100 + insurance;
  }

  function leadtimeOf(from: GhnWardEntry, to: GhnWardEntry, serviceTypeId: number): Date {
    const route = routeOf(from, to);
    const days = (route === 'province' ? 1 : route === 'region' ? 2 : 3) + (serviceTypeId === 5 ? 1 : 0);
    return daysAfter(now(), days);
  }

  function orderDetail(order: GhnStandInOrder): Json {
    return { order_code: order.orderCode, client_order_code: order.clientOrderCode, status: order.status, cod_amount: order.codAmount, total_fee: order.fee, updated_date: order.log.at(-1)!.updated_date, log: order.log };
  }

  const server = await startLoopbackServer(
    async (request, response, raw, url) => {
      const path = url.pathname;
      if (path.startsWith('/__standin/')) return control(path, raw, response);
      if (mode === 'hang') return;
      if (mode === 'http500') return sendJson(response, 500, { code: 500, message: 'Internal Server Error' });
      let body: Json = {};
      if (raw) {
        try {
          body = JSON.parse(raw) as Json;
        } catch {
          return refuse(response, 'Dữ liệu không đúng định dạng JSON');
        }
      }
      calls.push({ path, body });
      // The print page is a browser link: its one-time token is its key.
      if (path.startsWith('/a5/public-api/print')) return printPage(path, url, response);
      if (request.headers.token !== account.token) return refuse(response, 'Token is not valid!', 401);
      const base = '/shiip/public-api';
      if (!path.startsWith(base)) return refuse(response, 'Not found', 404);
      const route = path.slice(base.length);
      const shopScoped = route.startsWith('/v2/');
      if (shopScoped && route !== '/v2/shipping-order/available-services' && String(request.headers.shopid ?? '') !== String(account.shopId)) {
        return refuse(response, 'ShopId không hợp lệ', 401);
      }
      switch (route) {
        case '/master-data/province':
          return ok(response, ghnStandInMasterData().provinces);
        case '/master-data/district': {
          const provinceId = Number(url.searchParams.get('province_id') ?? body.province_id);
          return ok(response, ghnStandInMasterData().districts.filter((district) => !provinceId || district.ProvinceID === provinceId));
        }
        case '/master-data/ward': {
          const districtId = Number(url.searchParams.get('district_id') ?? body.district_id);
          if (!districtId) return refuse(response, 'district_id is required');
          return ok(
            response,
            ghnStandInMasterData().wards.filter((ward) => ward.districtId === districtId).map((ward) => ({ WardCode: ward.wardCode, DistrictID: ward.districtId, WardName: ward.wardName, NameExtension: [ward.wardName] })),
          );
        }
        case '/v2/shipping-order/available-services': {
          const absent = missing(body, ['shop_id', 'from_district', 'to_district']);
          if (absent) return refuse(response, `${absent} is required`);
          if (Number(body.shop_id) !== account.shopId) return refuse(response, 'shop_id không hợp lệ');
          return ok(response, GHN_STAND_IN_SERVICES);
        }
        case '/v2/shipping-order/fee': {
          const absent = missing(body, ['from_district_id', 'from_ward_code', 'to_district_id', 'to_ward_code', 'weight', 'length', 'width', 'height']) ?? (body.service_id || body.service_type_id ? null : 'service_id');
          if (absent) return refuse(response, `${absent} is required`);
          const from = wardOf(body.from_district_id, body.from_ward_code);
          const to = wardOf(body.to_district_id, body.to_ward_code);
          if (!from || !to) return refuse(response, 'Không tìm thấy phường/xã theo mã đã gửi');
          const service = GHN_STAND_IN_SERVICES.find((entry) => entry.service_id === Number(body.service_id) || entry.service_type_id === Number(body.service_type_id));
          if (!service) return refuse(response, 'Dịch vụ không hợp lệ');
          const total = feeOf(from, to, body, service.service_type_id);
          return ok(response, { total, service_fee: total, insurance_fee: 0, pick_station_fee: 0, coupon_value: 0, r2s_fee: 0 });
        }
        case '/v2/shipping-order/leadtime': {
          const absent = missing(body, ['from_district_id', 'from_ward_code', 'to_district_id', 'to_ward_code', 'service_id']);
          if (absent) return refuse(response, `${absent} is required`);
          const from = wardOf(body.from_district_id, body.from_ward_code);
          const to = wardOf(body.to_district_id, body.to_ward_code);
          const service = GHN_STAND_IN_SERVICES.find((entry) => entry.service_id === Number(body.service_id));
          if (!from || !to || !service) return refuse(response, 'Không tìm thấy tuyến giao hàng');
          const at = leadtimeOf(from, to, service.service_type_id);
          return ok(response, { leadtime: Math.floor(at.getTime() / 1000), order_date: Math.floor(now().getTime() / 1000) });
        }
        case '/v2/shipping-order/create':
          return create(body, response);
        case '/v2/switch-status/cancel': {
          if (!Array.isArray(body.order_codes) || body.order_codes.length === 0) return refuse(response, 'order_codes is required');
          return ok(
            response,
            (body.order_codes as unknown[]).map((code) => {
              const order = orders.get(String(code));
              if (!order) return { order_code: code, result: false, message: 'Không tìm thấy đơn hàng' };
              if (!GHN_CANCELLABLE.has(order.status)) return { order_code: code, result: false, message: 'Đơn hàng đã được lấy, không thể hủy' };
              move(order, 'cancel');
              return { order_code: code, result: true, message: 'OK' };
            }),
          );
        }
        case '/v2/a5/gen-token': {
          if (!Array.isArray(body.order_codes) || body.order_codes.length === 0) return refuse(response, 'order_codes is required');
          const unknown = (body.order_codes as unknown[]).find((code) => !orders.has(String(code)));
          if (unknown !== undefined) return refuse(response, `Không tìm thấy đơn hàng ${String(unknown)}`);
          const token = randomBytes(12).toString('hex');
          printTokens.set(token, (body.order_codes as unknown[]).map(String));
          return ok(response, { token });
        }
        case '/v2/shipping-order/detail': {
          const order = orders.get(String(body.order_code ?? ''));
          return order ? ok(response, orderDetail(order)) : refuse(response, 'Không tìm thấy đơn hàng');
        }
        case '/v2/shipping-order/detail-by-client-code': {
          const code = byClientCode.get(String(body.client_order_code ?? ''));
          return code ? ok(response, orderDetail(orders.get(code)!)) : refuse(response, 'Không tìm thấy đơn hàng');
        }
        default:
          return refuse(response, 'Not found', 404);
      }
    },
    { port: options.port, log: options.log },
  );

  function create(body: Json, response: ServerResponse) {
    const absent =
      missing(body, ['payment_type_id', 'required_note', 'client_order_code', 'to_name', 'to_phone', 'to_address', 'to_ward_code', 'to_district_id', 'weight', 'length', 'width', 'height', 'service_type_id']) ??
      (Array.isArray(body.items) && body.items.length > 0 ? null : 'items');
    if (absent) return refuse(response, `${absent} is required`);
    if (!['CHOTHUHANG', 'CHOXEMHANGKHONGTHU', 'KHONGCHOXEMHANG'].includes(body.required_note)) return refuse(response, 'required_note không hợp lệ');
    if (Number(body.cod_amount ?? 0) > 50_000_000) return refuse(response, 'Tiền thu hộ tối đa 50.000.000 đ');
    if (byClientCode.has(String(body.client_order_code))) return refuse(response, 'Mã đơn hàng của shop (client_order_code) đã tồn tại');
    const to = wardOf(body.to_district_id, body.to_ward_code);
    const from = body.from_district_id ? wardOf(body.from_district_id, body.from_ward_code) : ghnStandInMasterData().wards[0]!;
    if (!to || !from) return refuse(response, 'Không tìm thấy phường/xã theo mã đã gửi');
    const service = GHN_STAND_IN_SERVICES.find((entry) => entry.service_type_id === Number(body.service_type_id) || entry.service_id === Number(body.service_id)) ?? GHN_STAND_IN_SERVICES[0];
    const orderCode = `G${randomBytes(5).toString('hex').toUpperCase().slice(0, 7)}`;
    const fee = feeOf(from, to, body, service.service_type_id);
    const order: GhnStandInOrder = { orderCode, clientOrderCode: String(body.client_order_code), status: 'ready_to_pick', codAmount: Number(body.cod_amount ?? 0), fee, request: body, log: [{ status: 'ready_to_pick', updated_date: now().toISOString() }] };
    orders.set(orderCode, order);
    byClientCode.set(order.clientOrderCode, orderCode);
    return ok(response, { order_code: orderCode, sort_code: '000-A-00-00', trans_type: 'truck', total_fee: fee, fee: { main_service: fee, insurance: 0 }, expected_delivery_time: leadtimeOf(from, to, service.service_type_id).toISOString() });
  }

  function printPage(path: string, url: URL, response: ServerResponse) {
    const codes = printTokens.get(url.searchParams.get('token') ?? '');
    if (!codes) return refuse(response, 'Token in không hợp lệ');
    const size = path.endsWith('print80x80') ? '80x80' : 'A5';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>GHN ${size}</title>${codes.map((code) => `<section class="label-${size}">${code}</section>`).join('')}`);
  }

  function move(order: GhnStandInOrder, status: string, at: Date = now()): void {
    order.status = status;
    order.log.push({ status, updated_date: at.toISOString() });
  }

  /** GHN's webhook body for the order's last status (https://api.ghn.vn/home/docs/detail?id=84). */
  function webhookBody(order: GhnStandInOrder, reason: string | null): Json {
    const last = order.log.at(-1)!;
    return {
      CODAmount: order.codAmount,
      CODTransferDate: null,
      ClientOrderCode: order.clientOrderCode,
      ConvertedWeight: Number(order.request.weight),
      Description: reason ?? '',
      Fee: { MainService: order.fee },
      IsPartialReturn: false,
      OrderCode: order.orderCode,
      PaymentType: 1,
      Reason: reason ?? '',
      ReasonCode: '',
      ShopID: account.shopId,
      Status: order.status,
      Time: last.updated_date,
      TotalFee: order.fee,
      Type: 'switch_status',
      Warehouse: '',
      Weight: Number(order.request.weight),
    };
  }

  /**
   * Moves a parcel to `status` (a GHN status) and posts the webhook to the callback URL; answers the HTTP status our
   * API answered (null without a callback URL).
   */
  async function sendStatus(orderCode: string, status: string, { reason = null, at }: { reason?: string | null; at?: Date } = {}): Promise<number | null> {
    const order = orders.get(orderCode);
    if (!order) throw new Error(`GHN stand-in: no order ${orderCode}`);
    if (!(status in GHN_STATUS_MAP)) throw new Error(`GHN stand-in: unknown status ${status}`);
    move(order, status, at);
    if (!callbackUrl) return null;
    return postWebhook(callbackUrl, webhookBody(order, reason));
  }

  const control = (path: string, raw: string, response: ServerResponse) =>
    answerControl(path, raw, response, { sendStatus: (code, status, reason) => sendStatus(code, String(status), { reason }), setMode: (next) => (mode = next) });

  return {
    url: server.url,
    account,
    orders,
    calls,
    setMode(next: StandInMode) {
      mode = next;
    },
    setCallbackUrl(url: string | null) {
      callbackUrl = url;
    },
    sendStatus,
    webhookBody: (orderCode: string, reason: string | null = null) => webhookBody(orders.get(orderCode)!, reason),
    close: () => server.close(),
  };
}

export type GhnStandIn = Awaited<ReturnType<typeof ghnStandIn>>;
