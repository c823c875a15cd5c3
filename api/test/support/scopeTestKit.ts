import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { vietnamDateOf } from 'shared-contracts/schemas';
import type { Database } from '../../src/db/schema';
import type { Floor } from './floorTestKit';
import type { TestUser } from './serviceTestKit';
import { createProduct, orderBody, pickupAt, newIdempotencyKey, stockCentre } from './shopTestKit';

/**
 * The records of one centre (centre A of the floor) that another centre's people must neither read nor move: web
 * orders (unpaid, paid), a payment exception, a VAT-invoice request, a stock transfer, a product on A's shelf, a
 * service order with a parts request and a free parts line; and a digest of the tables those live in, to show
 * that a refused request changed nothing.
 */

export interface CentreRecord {
  /** What the record is, for the failure report ('unpaid web order EV…'). */
  label: string;
  /** Its value in a path: the order's code, else the id. */
  key: string;
  /** Its version now (the body of a versioned action carries it), or null for an unversioned record. */
  version(): Promise<number | null>;
  /** A record every centre shares (a catalogue product): not A's by itself, only with A named in the request. */
  shared?: boolean;
}

export interface CentreATargets {
  centreA: number;
  centreB: number;
  warehouse: number;
  product: CentreRecord & { id: number; price: number };
  /** VietQR, picked up at A, waiting for its transfer (two units). */
  unpaidOrder: CentreRecord & { code: string; total: number };
  /** VietQR, picked up at A, unpaid, of one unit: the total the exception's amount would pay. */
  matchableOrder: CentreRecord & { code: string; total: number };
  /** Picked up at A, paid by a transfer A's desk recorded; the customer asked for a VAT invoice. */
  paidOrder: CentreRecord & { code: string; total: number };
  /** A transfer of the wrong amount for the unpaid order: in A's exceptions queue. */
  exception: CentreRecord & { id: number; amount: number; bankReference: string };
  vatRequest: CentreRecord & { id: number };
  /** From A to the online warehouse, in transit (A's manager made it). */
  transfer: CentreRecord & { id: number };
  /** Goods from a supplier into A (A's manager received them). */
  goodsReceipt: CentreRecord & { id: number };
  /** In progress at A, with A's technician. */
  serviceOrder: CentreRecord & { id: number };
  /** Invoiced at A, not paid yet (a member's: points may pay part of it). */
  serviceInvoice: CentreRecord & { id: number };
  partsRequest: CentreRecord & { id: number };
  freeLine: CentreRecord & { id: number };
  /** A's waybill of the matchable order, waiting for the courier (straight in the database: no carrier here). */
  shipment: CentreRecord & { id: number };
  /** Texts only A's records carry (order codes, the exception's bank reference): a list that shows one leaks. */
  markers: string[];
}

export const COMPANY = { companyName: 'Công ty TNHH Xe Điện Sài Gòn', taxCode: '0314409058', address: '12 Lê Lợi, Phường Bến Thành, TP. Hồ Chí Minh', email: 'ketoan@xedien.vn' };

type VersionedTable = 'orders' | 'payment_transactions' | 'stock_transfers' | 'service_orders' | 'parts_requests' | 'parts_free_lines' | 'shipments';

function versionOf(db: Kysely<Database>, table: VersionedTable, column: 'id' | 'code', value: number | string): () => Promise<number> {
  return async () => {
    // One query shape for every versioned table: the union of their row types is too wide for Kysely's inference.
    const row = await (db as unknown as Kysely<Record<VersionedTable, { id: number; code: string; version: number }>>)
      .selectFrom(table)
      .select('version')
      .where(column, '=', value)
      .executeTakeFirstOrThrow();
    return Number(row.version);
  };
}

function expectStatus(response: { statusCode: number; body: string }, status: number, what: string): void {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body.slice(0, 400)}`);
}

/** Makes centre A's records through the API as A's people and the customer would (straight in the database only the shelf). */
export async function makeCentreATargets(floor: Floor): Promise<CentreATargets> {
  const { db, app, users } = floor;
  const centreA = floor.centreA.id;
  const warehouse = (await db.selectFrom('service_centres').select('id').where('kind', '=', 'WAREHOUSE').orderBy('id').executeTakeFirstOrThrow()).id;
  const asCustomer = await floor.headers(users.customer);

  const product = await createProduct(db, { price: 450_000, stock: 10, name: 'Má phanh trước VF 8 (thử phạm vi)' });
  await stockCentre(db, centreA, product.id, 20);

  const placeOrder = async (quantity: number) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...asCustomer, 'idempotency-key': newIdempotencyKey() },
      payload: orderBody({ items: [{ kind: 'product', refId: product.id, quantity }], fulfilment: pickupAt(centreA), paymentMethod: 'VIETQR' }),
    });
    expectStatus(response, 201, 'order at A');
    const order = (response.json() as { data: { code: string; total: number } }).data;
    return { code: order.code, total: order.total };
  };
  const recordTransfer = async (by: TestUser, code: string, amount: number, bankReference: string) => {
    const response = await floor.request(by, 'POST', `/api/staff/web-orders/${code}/transfers`, {
      amount,
      bankReference,
      transferredOn: vietnamDateOf(floor.service.clock.now()),
    });
    expectStatus(response, 200, `transfer for ${code}`);
    return (response.json() as { data: { outcome: string } }).data.outcome;
  };

  const unpaid = await placeOrder(2);
  const matchable = await placeOrder(1);
  const paid = await placeOrder(1);
  if ((await recordTransfer(users.staff, paid.code, paid.total, `FTPAID${process.pid}${Date.now() % 100000}`)) !== 'MATCHED') throw new Error('the paid order is not paid');
  const bankReference = `FTWRONG${process.pid}${Date.now() % 100000}`;
  if ((await recordTransfer(users.staff, unpaid.code, matchable.total, bankReference)) !== 'EXCEPTION') throw new Error('the wrong amount did not land in the queue');
  const exceptionRow = await db
    .selectFrom('payment_transactions')
    .select(['id', 'amount'])
    .where('bank_reference', '=', bankReference)
    .where('outcome', '=', 'EXCEPTION')
    .executeTakeFirstOrThrow();

  const vat = await app.inject({ method: 'POST', url: `/api/orders/${paid.code}/vat-invoice-request`, headers: asCustomer, payload: COMPANY });
  expectStatus(vat, 201, 'VAT request of the paid order');
  const vatRequestId = (vat.json() as { data: { id: number } }).data.id;

  const transfer = await floor.request(users.manager, 'POST', '/api/inventory/transfers', {
    fromLocationId: centreA,
    toLocationId: warehouse,
    lines: [{ productId: product.id, quantity: 1 }],
  });
  expectStatus(transfer, 201, 'transfer from A');
  const transferId = (transfer.json() as { data: { id: number } }).data.id;

  const supplier = `Nhà cung cấp riêng của A ${process.pid}-${Date.now() % 100000}`;
  const receipt = await floor.request(users.manager, 'POST', '/api/inventory/goods-receipts', { supplier, lines: [{ productId: product.id, quantity: 2, unitCost: 90_000 }] });
  expectStatus(receipt, 201, 'goods receipt into A');
  const goodsReceiptId = (receipt.json() as { data: { receipt: { id: number } } }).data.receipt.id;

  const serviceOrder = await floor.startedOrder();
  const serviceInvoice = await floor.invoicedServiceOrder();
  const partsRequest = await floor.request(users.technician, 'POST', `/api/technician/service-orders/${serviceOrder.id}/parts-requests`, {
    productId: product.id,
    quantity: 1,
    reason: 'Má phanh mòn quá giới hạn, cần thay.',
  });
  expectStatus(partsRequest, 201, 'parts request at A');
  const freeLine = await floor.request(users.technician, 'POST', `/api/technician/service-orders/${serviceOrder.id}/parts-free-lines`, {
    description: 'Gioăng cổng sạc',
    quantity: 1,
    reason: 'Gioăng cổng sạc rách, nước lọt vào.',
  });
  expectStatus(freeLine, 201, 'free parts line at A');

  const matchableId = (await db.selectFrom('orders').select('id').where('code', '=', matchable.code).executeTakeFirstOrThrow()).id;
  const trackingCode = `GHNSCOPE${process.pid}${Date.now() % 100000}`;
  const shipment = await db
    .insertInto('shipments')
    .values({
      order_id: matchableId,
      carrier: 'GHN',
      service: '2',
      service_label: 'Chuẩn',
      tracking_code: trackingCode,
      client_order_code: matchable.code,
      status: 'READY_TO_PICK',
      status_at: floor.service.clock.now().toISOString(),
      inspection: 'CHOXEMHANGKHONGTHU',
      handover: 'PICKUP',
      note: null,
      expected_delivery: null,
      restocked_at: null,
      created_by: users.staff.id,
      created_at: floor.service.clock.now().toISOString(),
      cancelled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const orderRecord = (label: string, order: { code: string; total: number }) => ({
    ...order,
    label: `${label} ${order.code}`,
    key: order.code,
    version: versionOf(db, 'orders', 'code', order.code),
  });
  const idRecord = (label: string, id: number, table: VersionedTable | null) => ({
    id,
    label: `${label} #${id}`,
    key: String(id),
    version: table ? versionOf(db, table, 'id', id) : async () => null,
  });
  return {
    centreA,
    centreB: floor.centreB.id,
    warehouse,
    product: { ...idRecord('product on A’s shelf', product.id, null), price: product.price, shared: true },
    unpaidOrder: orderRecord('unpaid web order', unpaid),
    matchableOrder: orderRecord('unpaid web order', matchable),
    paidOrder: orderRecord('paid web order', paid),
    exception: { ...idRecord('payment exception', exceptionRow.id, 'payment_transactions'), amount: Number(exceptionRow.amount), bankReference },
    vatRequest: idRecord('VAT-invoice request', vatRequestId, null),
    transfer: idRecord('stock transfer', transferId, 'stock_transfers'),
    goodsReceipt: idRecord('goods receipt', goodsReceiptId, null),
    serviceOrder: idRecord('service order', serviceOrder.id, 'service_orders'),
    serviceInvoice: idRecord('unpaid service invoice', serviceInvoice.invoiceId, null),
    partsRequest: idRecord('parts request', (partsRequest.json() as { data: { id: number } }).data.id, 'parts_requests'),
    freeLine: idRecord('free parts line', (freeLine.json() as { data: { id: number } }).data.id, 'parts_free_lines'),
    shipment: idRecord('waybill', shipment.id, 'shipments'),
    markers: [unpaid.code, matchable.code, paid.code, bankReference, supplier, trackingCode],
  };
}

/**
 * The tables a request about orders, payments, exceptions, VAT requests, stock, transfers or parts could write to
 * (with the outbox and the order and parts histories those writes leave).
 */
export const GUARDED_TABLES = [
  'orders',
  'order_lines',
  'order_status_history',
  'web_order_events',
  'sale_payments',
  'sale_events',
  'payment_transactions',
  'payment_refunds',
  'payment_exception_events',
  'payos_payment_links',
  'promotion_redemptions',
  'centre_stock',
  'stock_movements',
  'low_stock_alerts',
  'stock_transfers',
  'stock_transfer_lines',
  'goods_receipts',
  'goods_receipt_lines',
  'vat_invoice_requests',
  'service_orders',
  'service_order_lines',
  'service_order_status_history',
  'parts_requests',
  'parts_request_history',
  'parts_free_lines',
  'notification_deliveries',
  'shipments',
  'shipment_events',
] as const satisfies ReadonlyArray<keyof Database>;

export type TableDigest = Record<string, string>;

/** Per table: the row count and a hash of every row (rows in a stable order), e.g. '12 rows 3fa2…'. */
export async function digestTables(db: Kysely<Database>, tables: readonly (keyof Database)[] = GUARDED_TABLES): Promise<TableDigest> {
  const digest: TableDigest = {};
  for (const table of tables) {
    const rows = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(table).selectAll().execute();
    const lines = rows.map((row) => JSON.stringify(Object.keys(row).sort().map((column) => [column, row[column]]))).sort();
    digest[table] = `${rows.length} rows ${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return digest;
}

/** The tables whose digest differs: 'orders: 12 rows 3fa2… → 12 rows 9c01…'. */
export function changedTables(before: TableDigest, after: TableDigest): string[] {
  return Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
}
