import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { findProvince, GHTK_STATUS_MAP } from 'shared-contracts/schemas';
import { answerControl, daysAfter, postWebhook, routeOf, sendJson, startLoopbackServer, tinyPdf, type StandInMode } from './loopbackServer';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GHTK's JSON, read field by field

export interface GhtkStandInOrder {
  label: string;
  partnerId: string;
  statusId: number;
  pickMoney: number;
  fee: number;
  request: Json;
  log: { status_id: number; action_time: string }[];
}

export interface GhtkStandInOptions {
  port?: number;
  log?: (line: string) => void;
  token?: string;
  /** The `hash` the shop configured for its webhook, sent with each one. */
  webhookHash?: string;
  callbackUrl?: string | null;
  now?: () => Date;
}

/** Statuses before pickup: GHTK still cancels (1 chưa tiếp nhận, 2 đã tiếp nhận, 12 đang lấy, 7/8/127/128 lấy chưa được). */
const GHTK_CANCELLABLE = new Set([1, 2, 7, 8, 12, 127, 128]);

function place(name: unknown): { province: string; region: string } | null {
  const province = findProvince(String(name ?? '').replace(/^(Thành phố|Tỉnh)\s+/i, ''));
  return province ? { province: province.name, region: province.region } : null;
}

/**
 * A stand-in for GHTK's API (https://docs.giaohangtietkiem.vn) on loopback: header `Token` checked, each endpoint's
 * fields checked (GHTK's `{ success: false, message }` answers), fees from weight (grams) and the provinces' regions,
 * road or fly, orders kept by `order.id` (a repeat answers ORDER_ID_EXIST with the label), cancel refused after pickup,
 * labels as a small PDF, order status. It can answer 500 or nothing (setMode) and move a parcel and post its webhook
 * (sendStatus, or POST /__standin/orders/:label/status { status }).
 */
export async function ghtkStandIn(options: GhtkStandInOptions = {}) {
  const token = options.token ?? 'ghtk-stand-in-token';
  const webhookHash = options.webhookHash ?? 'ghtk-stand-in-hash';
  const now = options.now ?? (() => new Date());
  const orders = new Map<string, GhtkStandInOrder>();
  const byPartnerId = new Map<string, string>();
  let callbackUrl = options.callbackUrl ?? null;
  let mode: StandInMode = 'normal';
  let serial = 0;
  const calls: { path: string; query: Record<string, string>; body: Json }[] = [];

  const refuse = (response: ServerResponse, message: string, status = 200, extra: Json = {}) => sendJson(response, status, { success: false, message, ...extra });

  function feeOf(from: { province: string; region: string }, to: { province: string; region: string }, grams: number, transport: string): { fee: number; days: number } {
    const route = routeOf(from, to);
    const [base, step] = route === 'province' ? [20_000, 2_500] : route === 'region' ? [28_000, 3_500] : [33_000, 5_000];
    const extraSteps = Math.max(0, Math.ceil((grams - 500) / 500));
    const fly = transport === 'fly' && route === 'country';
    const fee = Math.round(((base + extraSteps * step) * (fly ? 1.5 : 1)) / 100) * 100;
    const days = (route === 'province' ? 1 : route === 'region' ? 3 : 4) - (fly ? 2 : 0);
    return { fee, days };
  }

  const server = await startLoopbackServer(
    async (request, response, raw, url) => {
      const path = url.pathname;
      if (path.startsWith('/__standin/')) return control(path, raw, response);
      if (mode === 'hang') return;
      if (mode === 'http500') return sendJson(response, 500, { success: false, message: 'Internal Server Error' });
      let body: Json = {};
      if (raw) {
        try {
          body = JSON.parse(raw) as Json;
        } catch {
          return refuse(response, 'Dữ liệu không đúng định dạng JSON', 400);
        }
      }
      const query = Object.fromEntries(url.searchParams);
      calls.push({ path, query, body });
      if (request.headers.token !== token) return refuse(response, 'Token không hợp lệ', 401);
      if (path === '/services/shipment/fee' && request.method === 'GET') {
        const absent = ['pick_province', 'province', 'weight'].find((field) => !query[field]) ?? (query.ward || query.address ? null : 'ward');
        if (absent) return refuse(response, `Thiếu tham số ${absent}`, 400);
        const from = place(query.pick_province);
        const to = place(query.province);
        if (!from || !to) return refuse(response, 'Không hỗ trợ tỉnh/thành này');
        const transport = query.transport === 'fly' ? 'fly' : 'road';
        const quoted = feeOf(from, to, Number(query.weight), transport);
        const insurance = Number(query.value ?? 0) > 1_000_000 ? Math.round(Number(query.value) * 0.005) : 0;
        return sendJson(response, 200, {
          success: true,
          message: '',
          fee: { name: transport === 'fly' ? 'area2' : 'area1', fee: quoted.fee + insurance, insurance_fee: insurance, delivery_type: transport, a: 0, dt: 'local', delivery: true, estimated_deliver_time: daysAfter(now(), quoted.days).toISOString() },
        });
      }
      if (path === '/services/shipment/order' && request.method === 'POST') return create(body, response);
      const cancel = /^\/services\/shipment\/cancel\/(.+)$/.exec(path);
      if (cancel && request.method === 'POST') {
        const order = orders.get(decodeURIComponent(cancel[1]!)) ?? orders.get(byPartnerId.get(decodeURIComponent(cancel[1]!).replace(/^partner_id:/, '')) ?? '');
        if (!order) return refuse(response, 'Đơn hàng không tồn tại');
        if (!GHTK_CANCELLABLE.has(order.statusId)) return refuse(response, 'Đơn hàng đã lấy hàng, không thể hủy');
        move(order, -1);
        return sendJson(response, 200, { success: true, message: 'Hủy đơn hàng thành công', log_id: randomBytes(4).toString('hex') });
      }
      const label = /^\/services\/label\/(.+)$/.exec(path);
      if (label && request.method === 'GET') {
        const order = orders.get(decodeURIComponent(label[1]!));
        if (!order) return refuse(response, 'Đơn hàng không tồn tại', 404);
        if (query.paper_size && !['A5', 'A6'].includes(query.paper_size)) return refuse(response, 'paper_size không hợp lệ', 400);
        return void response.writeHead(200, { 'content-type': 'application/pdf' }).end(tinyPdf(`GHTK ${order.label} ${query.paper_size ?? 'A6'}`));
      }
      const status = /^\/services\/shipment\/v2\/(.+)$/.exec(path);
      if (status && request.method === 'GET') {
        const order = orders.get(decodeURIComponent(status[1]!));
        if (!order) return refuse(response, 'Đơn hàng không tồn tại');
        return sendJson(response, 200, { success: true, message: '', order: { label_id: order.label, partner_id: order.partnerId, status: String(order.statusId), status_text: '', modified: order.log.at(-1)!.action_time, pick_money: order.pickMoney, ship_money: order.fee } });
      }
      return refuse(response, 'Not found', 404);
    },
    { port: options.port, log: options.log },
  );

  function create(body: Json, response: ServerResponse) {
    const order = body.order as Json | undefined;
    if (!Array.isArray(body.products) || body.products.length === 0) return refuse(response, 'Thiếu danh sách sản phẩm (products)', 400);
    if (!order) return refuse(response, 'Thiếu thông tin đơn hàng (order)', 400);
    const absent = ['id', 'pick_name', 'pick_address', 'pick_province', 'pick_tel', 'name', 'address', 'province', 'ward', 'hamlet', 'tel', 'pick_money', 'value'].find((field) => order[field] === undefined || order[field] === '');
    if (absent) return refuse(response, `Thiếu trường order.${absent}`, 400);
    if (byPartnerId.has(String(order.id))) {
      const existing = orders.get(byPartnerId.get(String(order.id))!)!;
      return refuse(response, 'Mã đơn hàng đã tồn tại', 200, { error: { code: 'ORDER_ID_EXIST', partner_id: existing.partnerId, ghtk_label: existing.label, created: existing.log[0]!.action_time, status: existing.statusId } });
    }
    const from = place(order.pick_province);
    const to = place(order.province);
    if (!from || !to) return refuse(response, 'Không hỗ trợ tỉnh/thành này');
    const grams = (body.products as Json[]).reduce((sum, product) => sum + Math.round(Number(product.weight ?? 0) * 1000) * Number(product.quantity ?? 1), 0);
    const quoted = feeOf(from, to, Math.max(grams, Number(order.total_weight ?? 0) * 1000), order.transport === 'fly' ? 'fly' : 'road');
    serial += 1;
    const label = `S885001.${to.region === 'south' ? 'SG' : to.region === 'north' ? 'HN' : 'DN'}${String(serial % 100).padStart(2, '0')}.${(100_000_000 + serial * 7_919).toString().slice(0, 9)}`;
    const stored: GhtkStandInOrder = { label, partnerId: String(order.id), statusId: 2, pickMoney: Number(order.pick_money), fee: quoted.fee, request: body, log: [{ status_id: 2, action_time: now().toISOString() }] };
    orders.set(label, stored);
    byPartnerId.set(stored.partnerId, label);
    return sendJson(response, 200, {
      success: true,
      message: 'Các đơn hàng đã được add vào hệ thống GHTK thành công.',
      order: { partner_id: stored.partnerId, label, area: '1', fee: String(quoted.fee), insurance_fee: '0', estimated_pick_time: 'Sáng mai', estimated_deliver_time: daysAfter(now(), quoted.days).toISOString().slice(0, 10), products: [], status_id: 2 },
    });
  }

  function move(order: GhtkStandInOrder, statusId: number, at: Date = now()): void {
    order.statusId = statusId;
    order.log.push({ status_id: statusId, action_time: at.toISOString() });
  }

  /** GHTK's webhook body for the order's last status (docs: "Webhook cập nhật trạng thái đơn hàng"). */
  function webhookBody(order: GhtkStandInOrder, reason: string | null): Json {
    const last = order.log.at(-1)!;
    return { partner_id: order.partnerId, label_id: order.label, status_id: order.statusId, action_time: last.action_time, reason_code: reason ? '100' : '', reason: reason ?? '', weight: 0.5, fee: order.fee, pick_money: order.pickMoney, return_part_package: 0, hash: webhookHash };
  }

  async function sendStatus(label: string, statusId: number, { reason = null, at }: { reason?: string | null; at?: Date } = {}): Promise<number | null> {
    const order = orders.get(label);
    if (!order) throw new Error(`GHTK stand-in: no order ${label}`);
    if (!(statusId in GHTK_STATUS_MAP)) throw new Error(`GHTK stand-in: unknown status_id ${statusId}`);
    move(order, statusId, at);
    if (!callbackUrl) return null;
    return postWebhook(callbackUrl, webhookBody(order, reason));
  }

  const control = (path: string, raw: string, response: ServerResponse) =>
    answerControl(path, raw, response, { sendStatus: (code, status, reason) => sendStatus(code, Number(status), { reason }), setMode: (next) => (mode = next) });

  return {
    url: server.url,
    token,
    webhookHash,
    orders,
    calls,
    setMode(next: StandInMode) {
      mode = next;
    },
    setCallbackUrl(url: string | null) {
      callbackUrl = url;
    },
    sendStatus,
    webhookBody: (label: string, reason: string | null = null) => webhookBody(orders.get(label)!, reason),
    close: () => server.close(),
  };
}

export type GhtkStandIn = Awaited<ReturnType<typeof ghtkStandIn>>;
