import { VIETTEL_PATHS, type ViettelSettings } from '../providers/viettelSInvoice';
import { sendJson, startLoopbackStandIn, type LoopbackOptions, type PublishMode } from './loopbackStandIn';

// A loopback stand-in of Viettel S-Invoice as its integration document describes it (§5.5 login and Cookie token,
// §7.2 createInvoice, §7.3 getInvoiceRepresentationFile, §7.21 searchInvoiceByTransactionUuid): it checks what it is
// sent, keeps invoices by transactionUuid, numbers them, and fails as a test asks.

/** What every createInvoice meets until changed: an answer, a 503 once, no answer, or an invoice whose answer is lost. */
export type ViettelCreateMode = 'ok' | 'fail-once-5xx' | 'hang' | 'lose-answer';
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Viettel's JSON, read field by field

export interface ViettelStoredInvoice {
  uuid: string;
  invoiceNo: string;
  reservationCode: string;
  codeOfTax: string;
  issueDate: number;
  body: Body;
}

export type ViettelStandInAccount = Omit<ViettelSettings, 'baseUrl'>;

export interface ViettelStandIn {
  url: string;
  createMode: ViettelCreateMode;
  invoices: Map<string, ViettelStoredInvoice>;
  /** Bodies the stand-in refused as malformed (a wrong request shape, inconsistent amounts): none expected. */
  malformed: string[];
  logins: number;
  creates: Body[];
  expireTokens(): void;
  /** The next createInvoice alone meets `mode` (the later ones `createMode` again). */
  nextPublish(mode: PublishMode): void;
  /** The API's environment to issue through this stand-in (development only; SHOP_TAX_CODE is the supplier's tax code). */
  environment: Record<string, string>;
  close(): Promise<void>;
}

/** The account and series the stand-in accepts (the supplier's tax code is in createInvoice's path). */
export const VIETTEL_STAND_IN_ACCOUNT: ViettelStandInAccount = {
  supplierTaxCode: '0100109106-712',
  username: '0100109106-712',
  password: 'loopback-Pa55word',
  templateCode: '1/001',
  series: 'C26TYY',
};

export interface ViettelStandInOptions extends LoopbackOptions {
  /** The account it accepts, over VIETTEL_STAND_IN_ACCOUNT (a development API's supplier is its SHOP_TAX_CODE). */
  account?: Partial<ViettelStandInAccount>;
}

/** An instant's day in Vietnam (yyyy-MM-dd), as Viettel compares an original's issue date. */
export const vietnamDay = (millis: number) => new Date(millis + 7 * 3_600_000).toISOString().slice(0, 10);

/** What a Viettel-valid createInvoice body must hold (§6), with its amounts consistent to the đồng; the first fault. */
function shapeFault(body: Body, invoices: Map<string, ViettelStoredInvoice>, account: ViettelStandInAccount): string | null {
  const general = body.generalInvoiceInfo as Body | undefined;
  if (!general) return 'generalInvoiceInfo missing';
  const uuid = String(general.transactionUuid ?? '');
  if (uuid.length < 10 || uuid.length > 36) return 'transactionUuid must be 10–36 characters';
  if (general.templateCode !== account.templateCode || general.invoiceSeries !== account.series) return 'template/series';
  if (general.invoiceType !== '1' || general.currencyCode !== 'VND' || typeof general.paymentStatus !== 'boolean') return 'invoiceType/currency/paymentStatus';
  if (!body.payments?.[0]?.paymentMethodName) return 'payments[0].paymentMethodName missing';
  const buyer = body.buyerInfo as Body;
  if (!buyer?.buyerName && !buyer?.buyerLegalName) return 'buyer name missing';
  if (buyer.buyerNotGetInvoice === 0 && !buyer.buyerAddressLine) return 'buyerAddressLine required';
  const adjusting = general.adjustmentType === '5';
  if (general.adjustmentType !== '1') {
    if (adjusting && general.adjustmentInvoiceType !== '1' && general.adjustmentInvoiceType !== '2') return 'adjustmentInvoiceType';
    const original = [...invoices.values()].find((invoice) => invoice.invoiceNo === general.originalInvoiceId);
    if (!original) return 'original invoice not found';
    if (vietnamDay(Number(general.originalInvoiceIssueDate)) !== vietnamDay(original.issueDate)) return 'originalInvoiceIssueDate does not match';
    if (!general.additionalReferenceDesc || !general.additionalReferenceDate) return 'additionalReference required';
  }
  // Each line: no negative amounts; quantity × unitPrice within 5 đồng; VAT consistent with the rate.
  const byRate = new Map<number, { net: number; vat: number }>();
  let goods = 0;
  let discounts = 0;
  for (const item of body.itemInfo as Body[]) {
    for (const field of ['itemTotalAmountWithoutTax', 'taxAmount', 'unitPrice', 'quantity']) if (Number(item[field] ?? 0) < 0) return `${field} negative`;
    if (item.selection === 1 && Math.abs(item.quantity * item.unitPrice - item.itemTotalAmountWithoutTax) > 5) return 'quantity × unitPrice';
    if (Math.abs(item.itemTotalAmountWithoutTax * (item.taxPercentage / 100) - item.taxAmount) > 1) return `taxAmount of ${item.itemName}`;
    if (adjusting && typeof item.isIncreaseItem !== 'boolean') return 'isIncreaseItem required on an adjustment';
    // An adjustment's line raises or lowers by isIncreaseItem; an original's discount line (selection 3) lowers.
    const signed = adjusting ? (item.isIncreaseItem ? 1 : -1) : item.selection === 3 ? -1 : 1;
    const row = byRate.get(item.taxPercentage) ?? { net: 0, vat: 0 };
    row.net += signed * item.itemTotalAmountWithoutTax;
    row.vat += signed * item.taxAmount;
    byRate.set(item.taxPercentage, row);
    if (item.selection === 3) discounts += item.itemTotalAmountWithoutTax;
    else goods += signed * item.itemTotalAmountWithoutTax;
  }
  let net = 0;
  let vat = 0;
  for (const breakdown of body.taxBreakdowns as Body[]) {
    const row = byRate.get(breakdown.taxPercentage);
    const sign = breakdown.taxableAmountPos === false ? -1 : 1;
    if (!row || row.net !== sign * breakdown.taxableAmount || row.vat !== sign * breakdown.taxAmount) return `taxBreakdown ${breakdown.taxPercentage}`;
    net += row.net;
    vat += row.vat;
  }
  if (byRate.size !== (body.taxBreakdowns as Body[]).length) return 'a rate without its breakdown';
  const summary = body.summarizeInfo as Body;
  const pos = (flag: unknown) => (flag === false ? -1 : 1);
  if (pos(summary.isTotalAmtWithoutTaxPos) * summary.totalAmountWithoutTax !== net) return 'totalAmountWithoutTax';
  if (pos(summary.isTotalTaxAmountPos) * summary.totalTaxAmount !== vat) return 'totalTaxAmount';
  if (pos(summary.isTotalAmountPos) * summary.totalAmountWithTax !== net + vat) return 'totalAmountWithTax';
  if (!adjusting && (summary.sumOfTotalLineAmountWithoutTax !== goods || summary.discountAmount !== discounts)) return 'sumOfTotalLineAmountWithoutTax/discountAmount';
  return null;
}

/**
 * Starts the stand-in on 127.0.0.1. A malformed createInvoice answers 400 BAD_REQUEST with the fault (and is kept in
 * `malformed`); a repeated transactionUuid answers TRANSACTION_UUID_EXISTED; a buyer's invalid tax code answers
 * INVOICE_BUYER_TAX_CODE_INVALID, as Viettel does.
 */
export async function viettelStandIn(options: ViettelStandInOptions = {}): Promise<ViettelStandIn> {
  const account: ViettelStandInAccount = { ...VIETTEL_STAND_IN_ACCOUNT, ...options.account };
  const tokens = new Set<string>();
  let counter = 0;
  const state: Omit<ViettelStandIn, 'url' | 'close' | 'expireTokens' | 'nextPublish' | 'environment'> = { createMode: 'ok', invoices: new Map(), malformed: [], logins: 0, creates: [] };
  let failedOnce = false;
  /** What the next createInvoice alone meets, before `createMode`. */
  let nextMode: PublishMode = 'normal';

  const searchAnswer = (invoice: ViettelStoredInvoice) => ({
    supplierTaxCode: account.supplierTaxCode,
    invoiceNo: invoice.invoiceNo,
    reservationCode: invoice.reservationCode,
    codeOfTax: invoice.codeOfTax,
    issueDate: invoice.issueDate,
    status: 'Hóa đơn gốc',
  });

  const server = await startLoopbackStandIn((request, response, text) => {
    const path = request.url ?? '';
    if (path === VIETTEL_PATHS.login) {
      const body = JSON.parse(text) as Body;
      if (body.username !== account.username || body.password !== account.password) return sendJson(response, 401, { code: 401, message: 'Unauthorized' });
      state.logins += 1;
      const token = `token-${state.logins}`;
      tokens.add(token);
      return sendJson(response, 200, { access_token: token, token_type: 'bearer', expires_in: 300 });
    }
    const cookie = /access_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    if (!cookie || !tokens.has(cookie)) return sendJson(response, 401, { code: 401, message: 'Unauthorized' });

    if (path === VIETTEL_PATHS.create(account.supplierTaxCode)) {
      if (request.headers['content-type'] !== 'application/json') return sendJson(response, 415, { code: 415, message: 'Unsupported media type' });
      const body = JSON.parse(text) as Body;
      state.creates.push(body);
      const once = nextMode;
      nextMode = 'normal';
      if (state.createMode === 'hang' || once === 'hang') return; // never answers
      if (once === 'http500') return sendJson(response, 503, { code: 503, message: 'Service Unavailable' });
      if (state.createMode === 'fail-once-5xx' && !failedOnce) {
        failedOnce = true;
        return sendJson(response, 503, { code: 503, message: 'Service Unavailable' });
      }
      const fault = shapeFault(body, state.invoices, account);
      if (fault) {
        state.malformed.push(fault);
        return sendJson(response, 400, { code: 400, message: 'BAD_REQUEST', data: fault });
      }
      const uuid = String(body.generalInvoiceInfo.transactionUuid);
      if (state.invoices.has(uuid)) return sendJson(response, 200, { errorCode: 'TRANSACTION_UUID_EXISTED', description: 'transactionUuid đã tồn tại trên hệ thống', result: null });
      const taxCode = body.buyerInfo.buyerTaxCode as string | undefined;
      if (taxCode !== undefined && !/^\d{10}(-\d{3})?$/.test(taxCode)) {
        return sendJson(response, 200, { errorCode: 'INVOICE_BUYER_TAX_CODE_INVALID', description: 'Mã số thuế người mua không hợp lệ', result: null });
      }
      counter += 1;
      const invoice: ViettelStoredInvoice = {
        uuid,
        invoiceNo: `${account.series}${counter}`,
        reservationCode: `RSV${String(counter).padStart(9, '0')}X`,
        codeOfTax: `00A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5${counter}`,
        issueDate: Math.floor(Date.now() / 1000) * 1000,
        body,
      };
      state.invoices.set(uuid, invoice);
      if (state.createMode === 'lose-answer' || once === 'drop') return void request.socket.destroy(); // issued, but the answer is lost
      return sendJson(response, 200, {
        errorCode: null,
        description: null,
        result: { supplierTaxCode: account.supplierTaxCode, invoiceNo: invoice.invoiceNo, transactionID: `17${counter}0000`, reservationCode: invoice.reservationCode, codeOfTax: invoice.codeOfTax },
      });
    }
    if (path === VIETTEL_PATHS.search) {
      const form = new URLSearchParams(text);
      if (form.get('supplierTaxCode') !== account.supplierTaxCode) return sendJson(response, 400, { code: 400, message: 'BAD_REQUEST', data: 'supplierTaxCode' });
      const invoice = state.invoices.get(form.get('transactionUuid') ?? '');
      if (!invoice) return sendJson(response, 400, { code: 400, message: 'NOT_FOUND_DATA', data: 'Không tìm thấy bản ghi' });
      return sendJson(response, 200, { errorCode: null, description: null, transactionUuid: invoice.uuid, result: [searchAnswer(invoice)] });
    }
    if (path === VIETTEL_PATHS.file) {
      const body = JSON.parse(text) as Body;
      const invoice = [...state.invoices.values()].find((stored) => stored.invoiceNo === body.invoiceNo);
      if (!invoice || body.templateCode !== account.templateCode || body.supplierTaxCode !== account.supplierTaxCode) {
        return sendJson(response, 200, { errorCode: 'NOT_FOUND_DATA', description: 'Không tìm thấy hóa đơn' });
      }
      const file = body.fileType === 'PDF' ? `%PDF-1.4 hóa đơn ${invoice.invoiceNo}` : `PK zip ${invoice.invoiceNo}`;
      return sendJson(response, 200, { errorCode: null, description: null, fileName: `${invoice.invoiceNo}.${String(body.fileType).toLowerCase()}`, fileToBytes: Buffer.from(file).toString('base64') });
    }
    return sendJson(response, 404, { code: 404, message: 'Not Found' });
  }, options);
  return Object.assign(state, {
    url: server.url,
    expireTokens: () => tokens.clear(),
    nextPublish: (mode: PublishMode) => void (nextMode = mode),
    environment: {
      E_INVOICE_PROVIDER: 'viettel',
      E_INVOICE_API_URL: server.url,
      E_INVOICE_USERNAME: account.username,
      E_INVOICE_PASSWORD: account.password,
      E_INVOICE_TEMPLATE: account.templateCode,
      E_INVOICE_SERIES: account.series,
      SHOP_TAX_CODE: account.supplierTaxCode,
    },
    close: server.close,
  });
}
