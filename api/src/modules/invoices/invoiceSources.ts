import type { Kysely } from 'kysely';
import {
  INVOICE_PAYMENT_METHOD_LABELS,
  INVOICE_PAYMENT_STATUS_LABELS,
  isCoveredPayer,
  LINE_PAYER_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type InvoicePaymentMethod,
  type InvoicePaymentStatus,
  type LinePayer,
  type PaymentMethod,
  type PaymentStatus,
} from 'shared-contracts/schemas';
import type { Config } from '../../config';
import type { ServiceInvoiceRow, ServiceOrderRow } from '../../db/backOfficeSchema';
import type { Database } from '../../db/schema';
import type { OrderRow } from '../../db/shopSchema';
import type { VatInvoiceRequestRow } from '../../db/vatInvoiceSchema';
import { toNumber } from '../../db/portable';
import { DEFAULT_SERVICE_VAT_RATE, discountLines, toVatRate, type InvoiceDocument, type InvoiceLine, type InvoiceParty } from './invoiceDocument';

type Db = Kysely<Database>;

function sellerOf(config: Pick<Config, 'seller'>): InvoiceParty {
  return { name: config.seller.legalName, taxCode: config.seller.taxCode, address: config.seller.address, email: null, phone: null };
}

function companyOf(request: VatInvoiceRequestRow | undefined): InvoiceParty | null {
  return request ? { name: request.company_name, taxCode: request.tax_code, address: request.address, email: request.email, phone: null } : null;
}

/**
 * The receipt of a paid web order: its lines (products at their VAT rate), the promotion's discount, the points' worth,
 * the shipping fee at the rate stored on the order.
 */
export async function webOrderDocument(db: Db, config: Pick<Config, 'seller' | 'publicUrl'>, order: OrderRow): Promise<InvoiceDocument> {
  const [rows, request, customer] = await Promise.all([
    db
      .selectFrom('order_lines')
      .leftJoin('products', (join) => join.onRef('products.id', '=', 'order_lines.ref_id').on('order_lines.kind', '=', 'product'))
      .select(['order_lines.kind', 'order_lines.name', 'order_lines.quantity', 'order_lines.unit_price', 'order_lines.line_total', 'products.vat_rate', 'products.unit'])
      .where('order_lines.order_id', '=', order.id)
      .orderBy('order_lines.id')
      .execute(),
    db.selectFrom('vat_invoice_requests').selectAll().where('order_id', '=', order.id).executeTakeFirst(),
    db.selectFrom('users').select(['full_name', 'email']).where('id', '=', order.user_id).executeTakeFirst(),
  ]);
  const goods: InvoiceLine[] = rows.map((row) => ({
    kind: 1,
    name: row.name,
    unit: row.kind === 'product' ? (row.unit ?? 'cái') : 'gói',
    quantity: toNumber(row.quantity),
    unitPrice: toNumber(row.unit_price),
    amount: toNumber(row.line_total),
    vatRate: row.kind === 'product' ? toVatRate(row.vat_rate === null ? null : toNumber(row.vat_rate)) : DEFAULT_SERVICE_VAT_RATE,
  }));
  const shipping = toNumber(order.shipping_fee) - toNumber(order.shipping_discount);
  const shippingLine: InvoiceLine[] =
    shipping > 0 ? [{ kind: 1, name: 'Phí vận chuyển', unit: 'lần', quantity: 1, unitPrice: shipping, amount: shipping, vatRate: toVatRate(toNumber(order.shipping_vat_rate)) }] : [];
  const address = [order.street, order.ward, order.province].filter(Boolean).join(', ');
  return {
    kind: 'web-order',
    title: 'BIÊN NHẬN THANH TOÁN',
    code: order.code,
    orderCode: order.code,
    issuedAt: new Date(order.paid_at ?? order.created_at),
    paymentMethod: PAYMENT_METHOD_LABELS[order.payment_method as PaymentMethod] ?? order.payment_method,
    paymentStatus: PAYMENT_STATUS_LABELS[order.payment_status as PaymentStatus] ?? order.payment_status,
    seller: sellerOf(config),
    buyer: { name: order.recipient_name, taxCode: null, address: address || null, email: customer?.email ?? null, phone: order.phone },
    company: companyOf(request),
    lines: [
      ...goods,
      ...discountLines(goods, toNumber(order.discount) - toNumber(order.points_value), 'Chiết khấu khuyến mãi'),
      // Points paid part of the goods: a trade discount off them too, spread over their VAT rates the same way.
      ...discountLines(goods, toNumber(order.points_value), `Chiết khấu bằng điểm thưởng (${order.points_used} điểm)`),
      ...shippingLine,
    ],
    lookupUrl: `${config.publicUrl}/orders/${encodeURIComponent(order.code)}`,
  };
}

/**
 * The invoice of an invoiced service order: services at their VAT rate, parts at the product's, the package credit as a
 * discount on services, the points spent at the counter as a trade discount.
 */
export async function serviceOrderDocument(
  db: Db,
  config: Pick<Config, 'seller' | 'publicUrl'>,
  order: ServiceOrderRow,
  invoice: ServiceInvoiceRow,
): Promise<InvoiceDocument> {
  const [rows, request, contact] = await Promise.all([
    db
      .selectFrom('service_order_lines')
      .leftJoin('services', (join) => join.onRef('services.id', '=', 'service_order_lines.ref_id').on('service_order_lines.kind', '=', 'service'))
      .leftJoin('products', (join) => join.onRef('products.id', '=', 'service_order_lines.ref_id').on('service_order_lines.kind', '=', 'part'))
      .select([
        'service_order_lines.kind',
        'service_order_lines.name',
        'service_order_lines.quantity',
        'service_order_lines.unit_price',
        'service_order_lines.line_total',
        'service_order_lines.payer',
        'services.vat_rate as service_vat_rate',
        'products.vat_rate as product_vat_rate',
        'products.unit',
      ])
      .where('service_order_lines.service_order_id', '=', order.id)
      .orderBy('service_order_lines.id')
      .execute(),
    db.selectFrom('vat_invoice_requests').selectAll().where('service_order_id', '=', order.id).executeTakeFirst(),
    db.selectFrom('appointments').select(['contact_name', 'contact_phone', 'contact_email']).where('id', '=', order.appointment_id).executeTakeFirst(),
  ]);
  const lines: InvoiceLine[] = rows.map((row) => {
    const part = row.kind === 'part';
    const rate = part ? row.product_vat_rate : row.service_vat_rate;
    // A line the warranty or the centre pays is listed at 0 ₫, saying who paid it.
    const covered = isCoveredPayer(row.payer as LinePayer);
    return {
      kind: 1,
      name: covered ? `${row.name} (${LINE_PAYER_LABELS[row.payer as LinePayer]})` : row.name,
      unit: part ? (row.unit ?? 'cái') : 'lần',
      quantity: toNumber(row.quantity),
      unitPrice: covered ? 0 : toNumber(row.unit_price),
      amount: covered ? 0 : toNumber(row.line_total),
      vatRate: rate === null ? DEFAULT_SERVICE_VAT_RATE : toVatRate(toNumber(rate)),
    };
  });
  const services = lines.filter((_, index) => rows[index]!.kind !== 'part');
  const packageLines = discountLines(services, toNumber(invoice.package_discount), 'Giảm giá gói dịch vụ');
  // Points paid part of what was left after the package: a trade discount spread over those net amounts' VAT rates.
  const pointsLines = discountLines([...lines, ...packageLines], toNumber(invoice.points_value), `Chiết khấu bằng điểm thưởng (${invoice.points_used} điểm)`);
  const paymentMethod = invoice.payment_method as InvoicePaymentMethod | null;
  return {
    kind: 'service-order',
    title: 'HÓA ĐƠN DỊCH VỤ',
    code: invoice.code,
    orderCode: order.code,
    issuedAt: new Date(invoice.paid_at ?? invoice.issued_at),
    paymentMethod: paymentMethod ? INVOICE_PAYMENT_METHOD_LABELS[paymentMethod] : 'Tiền mặt/Chuyển khoản',
    paymentStatus: INVOICE_PAYMENT_STATUS_LABELS[invoice.payment_status as InvoicePaymentStatus] ?? invoice.payment_status,
    seller: sellerOf(config),
    buyer: {
      name: contact?.contact_name ?? 'Khách hàng',
      taxCode: null,
      address: null,
      email: contact?.contact_email ?? null,
      phone: contact?.contact_phone ?? null,
    },
    company: companyOf(request),
    lines: [...lines, ...packageLines, ...pointsLines],
    lookupUrl: `${config.publicUrl}/dashboard`,
  };
}
