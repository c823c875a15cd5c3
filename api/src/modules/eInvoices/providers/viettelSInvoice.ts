import { formatCalendarDate, vietnamInstant } from 'shared-contracts/schemas';
import { createOutboundClient, ProviderUnavailable } from '../../../outbound';
import { invoiceTotals, type InvoiceLine } from '../../invoices';
import { EInvoiceRefused, type EInvoiceProvider, type EInvoiceRequest, type IssuedEInvoice } from '../eInvoiceProvider';
import { paymentMethodCode } from '../eInvoiceRules';

// Viettel S-Invoice (SInvoice / vInvoice), following Viettel's own integration document:
//   "Tài liệu Mô tả webservice hóa đơn điện tử" (Tập đoàn Viễn thông Quân đội Viettel; §5.4 kiểm trùng transactionUuid,
//   §5.5 token /auth/login + Cookie access_token, §6.2–6.8 generalInvoiceInfo/buyerInfo/payments/itemInfo/taxBreakdowns/
//   summarizeInfo, §7.2 createInvoice/{supplierTaxCode}, §7.3 getInvoiceRepresentationFile, §7.21 tra cứu theo
//   transactionUuid) — https://sinvoice.viettel.vn/download/soft/tl_mo_ta_webservice_hoadondientu_doitac.doc
//   (English edition "S-invoice Technical service description", Viettel Telecom 09/2018:
//   http://viettelsolution.com.vn/index.php/san-pham/tai-lieu-api-hoa-don-dien-tu-tieng-anh-einvocie-api-document.81.html);
//   HTTP statuses: "Danh sách các lỗi thường gặp khi tích hợp API hóa đơn điện tử",
//   http://viettelsolution.com.vn/index.php/san-pham/danh-sach-loi-thuong-gap-khi-tich-hop-api-hoa-don-dien-tu.80.html

export interface ViettelSettings {
  /** The API host, e.g. https://api-vinvoice.viettel.vn (the login lives at /auth/login, the rest under API_PREFIX). */
  baseUrl: string;
  /** Mã số thuế of the seller (or branch) issuing: the path parameter of createInvoice. */
  supplierTaxCode: string;
  username: string;
  password: string;
  /** Mẫu số, e.g. 1/001 (its part before "/" is the invoiceType of Circular 78). */
  templateCode: string;
  /** Ký hiệu, e.g. C26TYY. */
  series: string;
  /** Where a buyer looks the invoice up with its reservationCode (assumed: Viettel's public lookup page). */
  lookupUrl?: string;
}

export interface ViettelOptions {
  fetch?: typeof fetch;
  now?: () => Date;
  /** The whole call, retries included: Viettel recommends 60–90 s (§7.1). */
  timeoutMs?: number;
  retries?: number;
}

/** The path of every API but the login (§7.1 "Link API"). */
export const VIETTEL_API_PREFIX = '/services/einvoiceapplication/api';
export const VIETTEL_PATHS = {
  login: '/auth/login',
  create: (supplierTaxCode: string) => `${VIETTEL_API_PREFIX}/InvoiceAPI/InvoiceWS/createInvoice/${encodeURIComponent(supplierTaxCode)}`,
  search: `${VIETTEL_API_PREFIX}/InvoiceAPI/InvoiceWS/searchInvoiceByTransactionUuid`,
  file: `${VIETTEL_API_PREFIX}/InvoiceAPI/InvoiceUtilsWS/getInvoiceRepresentationFile`,
} as const;

/** Assumption: the public page where buyers enter the reservation code (the document names no lookup URL). */
export const VIETTEL_LOOKUP_URL = 'https://vinvoice.viettel.vn/utilities/invoice-search';

const RAW_LIMIT = 4_000;
const bounded = (text: string) => text.slice(0, RAW_LIMIT);

/** The envelopes Viettel answers: {errorCode, description, result} (§7.2, 7.3, 7.21) or a gateway's {code, message, data}. */
interface ViettelAnswer {
  errorCode?: string | number | null;
  description?: string | null;
  code?: number | string;
  message?: string;
  data?: unknown;
  result?: unknown;
  fileToBytes?: string | null;
  fileName?: string | null;
}

interface CreateResult {
  invoiceNo?: string | null;
  transactionID?: string | number | null;
  reservationCode?: string | null;
  codeOfTax?: string | null;
}

interface SearchResult extends CreateResult {
  issueDate?: number | string | null;
  status?: string | null;
}

/** Viettel's amounts are never negative: a sign travels in the *Pos / isIncreaseItem flags (§6.6–6.8). */
const abs = Math.abs;
/** A unit price before tax: up to 4 decimals (§5.2 allows [0-9.]+), so quantity × price is within Viettel's 5 đồng. */
const unitNet = (net: number, quantity: number) => Math.round((abs(net) / abs(quantity)) * 10_000) / 10_000;

/** "C26TYY123" → C26TYY / 123: the invoice number Viettel answers is the series followed by the number (§7.2). */
export function splitInvoiceNo(invoiceNo: string): { series: string; number: number } | null {
  const match = /^(.*\D)(\d+)$/.exec(invoiceNo.trim());
  return match ? { series: match[1]!, number: Number(match[2]) } : null;
}

/** yyyy-MM-dd in Vietnam → the epoch milliseconds Viettel takes for dates (§5.1). */
function vietnamDayMillis(day: string): number {
  return vietnamInstant(day, '00:00').getTime();
}


/** Viettel takes digits only in phone numbers, at most 15 (§6.4). */
const phoneDigits = (phone: string | null) => (phone ? phone.replace(/\D/g, '').slice(0, 15) : '');

/** The createInvoice body (§6) of a request: lines, VAT rows and totals from invoiceTotals, so they match the receipt. */
export function viettelInvoiceJson(request: EInvoiceRequest, settings: ViettelSettings, now: Date): Record<string, unknown> {
  const { document, kind, corrects, reason } = request;
  const totals = invoiceTotals(document.lines);
  const adjusting = kind === 'ADJUSTMENT';

  const general: Record<string, unknown> = {
    transactionUuid: request.key,
    invoiceType: settings.templateCode.split('/')[0],
    templateCode: settings.templateCode,
    invoiceSeries: settings.series,
    currencyCode: 'VND',
    exchangeRate: 1,
    adjustmentType: kind === 'ORIGINAL' ? '1' : kind === 'REPLACEMENT' ? '3' : '5',
    paymentStatus: /^đã thanh toán$/i.test(document.paymentStatus.trim()),
    cusGetInvoiceRight: true,
    // invoiceIssuedDate is left out: Viettel then dates the invoice at its own time (GMT+7), which never breaks the
    // series' chronological order whatever the account's date settings are (§7.2 "Quy tắc kiểm tra ngày lập").
  };
  if (kind !== 'ORIGINAL') {
    if (!corrects || !reason) throw new EInvoiceRefused('MISSING_ORIGINAL', 'Hóa đơn điều chỉnh/thay thế cần hóa đơn gốc và lý do.');
    const what = adjusting ? 'Điều chỉnh' : 'Thay thế';
    Object.assign(general, {
      // Money adjustment (1); information-only adjustments (2) are not made by the shop.
      ...(adjusting ? { adjustmentInvoiceType: '1' } : {}),
      originalInvoiceId: `${corrects.series}${corrects.number}`,
      originalInvoiceIssueDate: vietnamDayMillis(corrects.issuedOn),
      additionalReferenceDesc: reason.slice(0, 225),
      additionalReferenceDate: now.getTime(),
      adjustedNote: reason.slice(0, 255),
      // The API does not write the "điều chỉnh/thay thế cho hóa đơn…" line itself (§6.2 invoiceNote): we do.
      invoiceNote: `${what} cho hóa đơn số ${corrects.number}, mẫu số ${settings.templateCode}, ký hiệu ${corrects.series}, ngày ${formatCalendarDate(corrects.issuedOn)}: ${reason}`.slice(0, 500),
    });
  }

  const party = document.company ?? document.buyer;
  const buyerInfo: Record<string, unknown> = {
    buyerName: document.company ? document.buyer.name : party.name,
    ...(document.company ? { buyerLegalName: document.company.name, buyerTaxCode: document.company.taxCode ?? '' } : {}),
    buyerAddressLine: party.address ?? '',
    buyerPhoneNumber: phoneDigits(party.phone ?? document.buyer.phone),
    buyerEmail: party.email ?? document.buyer.email ?? '',
    // Viettel requires an address when the buyer takes the invoice (§6.4); a walk-in buyer without one does not
    // (buyerNotGetInvoice 1): assumption, as the retail receipt already is the buyer's copy.
    buyerNotGetInvoice: party.address ? 0 : 1,
  };

  const itemInfo = document.lines.map((line: InvoiceLine, index) => {
    const net = totals.lineNet[index]!;
    const vat = line.amount - net;
    const discount = line.kind === 3;
    return {
      lineNumber: index + 1,
      selection: discount ? 3 : 1,
      itemName: line.name.slice(0, 500),
      unitName: line.unit,
      ...(discount ? {} : { unitPrice: unitNet(net, line.quantity), quantity: abs(line.quantity) }),
      itemTotalAmountWithoutTax: abs(net),
      taxPercentage: line.vatRate,
      taxAmount: abs(vat),
      itemTotalAmountAfterDiscount: abs(net),
      itemTotalAmountWithTax: abs(line.amount),
      discount: 0,
      itemDiscount: 0,
      // Adjustment lines say whether they raise or lower the original; a trade discount always lowers (§6.6).
      ...(adjusting ? { isIncreaseItem: line.amount >= 0 } : discount ? { isIncreaseItem: false } : {}),
    };
  });

  const taxBreakdowns = totals.rows.map((row) => ({
    taxPercentage: row.rate,
    taxableAmount: abs(row.net),
    taxAmount: abs(row.vat),
    taxableAmountPos: row.gross >= 0,
    taxAmountPos: row.gross >= 0,
  }));

  const goodsNet = document.lines.reduce((sum, line, index) => (line.kind === 1 ? sum + totals.lineNet[index]! : sum), 0);
  const discountNet = totals.net - goodsNet;
  const summarizeInfo = {
    sumOfTotalLineAmountWithoutTax: abs(goodsNet),
    totalAmountWithoutTax: abs(totals.net),
    totalTaxAmount: abs(totals.vat),
    totalAmountWithTax: abs(totals.gross),
    totalAmountAfterDiscount: abs(totals.net),
    discountAmount: abs(discountNet),
    isTotalAmtWithoutTaxPos: totals.net >= 0,
    isTotalTaxAmountPos: totals.vat >= 0,
    isTotalAmountPos: totals.gross >= 0,
  };

  return {
    generalInvoiceInfo: general,
    // sellerInfo is left out: Viettel then prints the seller as registered for supplierTaxCode (§6.3).
    buyerInfo,
    // payments[].paymentMethodName as §6.5 lists (TM, CK, TM/CK).
    payments: [{ paymentMethodName: paymentMethodCode(document.paymentMethod) }],
    itemInfo,
    taxBreakdowns,
    summarizeInfo,
  };
}

function parseAnswer(text: string): ViettelAnswer | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as ViettelAnswer) : null;
  } catch {
    return null;
  }
}

/** The answer's error code and text, whichever envelope carried them; null when it reports none. */
function errorOf(status: number, answer: ViettelAnswer | null): { code: string; text: string } | null {
  if (answer && answer.errorCode !== null && answer.errorCode !== undefined && answer.errorCode !== '') {
    return { code: String(answer.errorCode), text: String(answer.description ?? '') };
  }
  if (status >= 200 && status < 300) return null;
  const data = typeof answer?.data === 'string' ? answer.data : '';
  return { code: String(answer?.message ?? answer?.code ?? status), text: data || String(answer?.message ?? `HTTP ${status}`) };
}

/** Assumption (the document states a repeat answers invoice A, §6.2): some accounts answer an error naming the key. */
const isKeyAlreadyUsed = (error: { code: string; text: string }) =>
  /transaction_?uuid/i.test(`${error.code} ${error.text}`) && /exist|dupl|used|trùng|đã tồn tại|đã được sử dụng/i.test(`${error.code} ${error.text}`);

const isNotFound = (error: { code: string; text: string }) => /not_?found|không tìm thấy/i.test(`${error.code} ${error.text}`);

/** Viettel S-Invoice as an e-invoice provider: token login, create with transactionUuid, search, file download. */
export function viettelSInvoiceProvider(settings: ViettelSettings, options: ViettelOptions = {}): EInvoiceProvider {
  const now = options.now ?? (() => new Date());
  const client = createOutboundClient({
    provider: 'viettel',
    baseUrl: settings.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 60_000,
    retries: options.retries ?? 2,
  });
  const lookupUrl = settings.lookupUrl ?? VIETTEL_LOOKUP_URL;
  let token: { value: string; expiresAt: number } | null = null;

  const unavailable = (message: string) => new ProviderUnavailable('viettel', 'network', message);

  /** §5.5 cách 2: POST /auth/login → access_token, kept until a minute before it expires. */
  async function accessToken(signal: AbortSignal): Promise<string> {
    if (token && token.expiresAt > now().getTime()) return token.value;
    const response = await client.request({
      method: 'POST',
      path: VIETTEL_PATHS.login,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ username: settings.username, password: settings.password }),
      signal,
    });
    const text = await response.text();
    if (response.status >= 500 || response.status === 429) throw unavailable(`Viettel S-Invoice không đăng nhập được (HTTP ${response.status}).`);
    const answer = parseAnswer(text) as { access_token?: string; expires_in?: number } | null;
    if (!response.ok || !answer?.access_token) {
      throw new EInvoiceRefused('AUTH', `Viettel S-Invoice từ chối đăng nhập (HTTP ${response.status}): kiểm tra tên đăng nhập, mật khẩu và IP được phép.`);
    }
    const lifetimeMs = Math.max(0, (Number(answer.expires_in) || 300) * 1000 - 60_000);
    token = { value: answer.access_token, expiresAt: now().getTime() + lifetimeMs };
    return token.value;
  }

  /** A call with the token's cookie (§7.1); a 401 drops the token and logs in again, once. */
  async function call(request: { path: string; contentType: string; body: string; idempotencyKey: string }, signal: AbortSignal): Promise<{ status: number; text: string }> {
    for (let attempt = 0; ; attempt += 1) {
      const cookie = `access_token=${await accessToken(signal)}`;
      const response = await client.request({
        method: 'POST',
        path: request.path,
        headers: { 'content-type': request.contentType, accept: 'application/json', cookie },
        body: request.body,
        idempotencyKey: request.idempotencyKey,
        signal,
      });
      const text = await response.text();
      if (response.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (response.status >= 500 || response.status === 429) throw unavailable(`Viettel S-Invoice lỗi máy chủ (HTTP ${response.status}).`);
      return { status: response.status, text };
    }
  }

  function issuedFrom(result: SearchResult, raw: string, fallbackIssuedAt: Date): IssuedEInvoice | null {
    const parts = result.invoiceNo ? splitInvoiceNo(result.invoiceNo) : null;
    if (!parts) return null;
    const issueDate = Number(result.issueDate);
    return {
      providerRef: result.invoiceNo!,
      series: parts.series,
      number: parts.number,
      // codeOfTax: the tax authority's code (MCCQT) when Viettel has it (§7.2 note 2), else null.
      taxAuthorityCode: result.codeOfTax || null,
      lookupCode: result.reservationCode ?? '',
      lookupUrl,
      issuedAt: (Number.isFinite(issueDate) && issueDate > 0 ? new Date(issueDate) : fallbackIssuedAt).toISOString(),
      raw: bounded(raw),
    };
  }

  async function find(key: string, signal: AbortSignal): Promise<IssuedEInvoice | null> {
    // §7.21: form parameters supplierTaxCode and transactionUuid; result is a list (the invoice and its later states).
    const { status, text } = await call(
      {
        path: VIETTEL_PATHS.search,
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({ supplierTaxCode: settings.supplierTaxCode, transactionUuid: key }).toString(),
        idempotencyKey: `search-${key}`,
      },
      signal,
    );
    const answer = parseAnswer(text);
    const error = errorOf(status, answer);
    if (error) {
      if (isNotFound(error)) return null;
      throw new EInvoiceRefused(error.code, `Viettel S-Invoice không tra cứu được hóa đơn: ${error.text}`.trim());
    }
    const results = Array.isArray(answer?.result) ? (answer.result as SearchResult[]) : [];
    for (const result of results) {
      const issued = issuedFrom(result, text, now());
      if (issued) return issued;
    }
    return null;
  }

  return {
    name: 'viettel',
    find,

    async issue(request, signal) {
      const sentAt = now();
      const body = JSON.stringify(viettelInvoiceJson(request, settings, sentAt));
      // transactionUuid makes a repeat answer the same invoice (§5.4), so the client may send it again.
      const { status, text } = await call(
        { path: VIETTEL_PATHS.create(settings.supplierTaxCode), contentType: 'application/json', body, idempotencyKey: request.key },
        signal,
      );
      const answer = parseAnswer(text);
      const error = errorOf(status, answer);
      if (error) {
        if (isKeyAlreadyUsed(error)) {
          const existing = await find(request.key, signal);
          if (existing) return existing;
          throw unavailable('Viettel S-Invoice báo mã giao dịch đã dùng nhưng chưa tra cứu được hóa đơn: thử lại sau.');
        }
        throw new EInvoiceRefused(error.code, `Viettel S-Invoice từ chối hóa đơn (${error.code}): ${error.text}`.trim());
      }
      if (!answer) throw unavailable(`Viettel S-Invoice trả lời không đọc được (HTTP ${status}).`);
      const issued = issuedFrom((answer.result ?? {}) as CreateResult, text, sentAt);
      if (issued) return issued;
      // §7.2 note 5: created asynchronously, the number may come later: look it up by the key, else try again later.
      const found = await find(request.key, signal);
      if (found) return found;
      throw unavailable('Viettel S-Invoice đã nhận hóa đơn nhưng chưa cấp số: thử lại sau.');
    },

    async download(issued, format, signal) {
      // §7.3: PDF, or ZIP (the signed XML with its XSL) — Viettel keeps no bare XML, so "xml" answers that ZIP.
      const invoiceNo = issued.providerRef || `${issued.series}${issued.number}`;
      const fileType = format === 'pdf' ? 'PDF' : 'ZIP';
      const { status, text } = await call(
        {
          path: VIETTEL_PATHS.file,
          contentType: 'application/json',
          body: JSON.stringify({ supplierTaxCode: settings.supplierTaxCode, invoiceNo, templateCode: settings.templateCode, fileType }),
          idempotencyKey: `file-${invoiceNo}-${fileType}`,
        },
        signal,
      );
      const answer = parseAnswer(text);
      const error = errorOf(status, answer);
      if (error) throw new EInvoiceRefused(error.code, `Viettel S-Invoice không trả tệp hóa đơn ${invoiceNo}: ${error.text}`.trim());
      if (!answer?.fileToBytes) throw unavailable(`Viettel S-Invoice chưa có tệp của hóa đơn ${invoiceNo}: thử lại sau.`);
      return Buffer.from(answer.fileToBytes, 'base64');
    },
  };
}

