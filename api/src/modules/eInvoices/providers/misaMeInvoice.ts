/**
 * MISA meInvoice: the e-invoice provider adapter, on MISA's open API for sales software (api/v3, "ITG"), signing with
 * the company's HSM certificate registered at MISA so an invoice is created, signed and published in one call.
 *
 * Documents followed (MISA JSC, doc.meinvoice.vn; read through their summaries and snapshots quoted in public repositories,
 * the site itself not being reachable from here):
 * - "Lấy token" — https://doc.meinvoice.vn/api/Document/Login.html (also https://doc.meinvoice.vn/itg/Doc/GetToken.html):
 *   POST {base}/auth/token { appid, taxcode, username, password } → { Success, Data: token, ErrorCode, Errors }; a token
 *   lasts 15 days; every later call carries `Authorization: Bearer <token>` and `CompanyTaxCode: <MST>`.
 * - "Phát hành hóa đơn với chữ ký số HSM" — https://doc.meinvoice.vn/api/Document/InvoicePublishHSM.html:
 *   POST {base}/code/itg/invoicepublishing/publishhsm (invoices with the tax authority's code; without: no `/code`),
 *   body [{ RefID, OriginalInvoiceData, IsSendEmail, ... }], answer Data = a JSON string of [{ RefID, TransactionID,
 *   InvNo, InvDate, InvSeries, ErrorCode }].
 * - "Tạo, ký và phát hành hóa đơn" — https://doc.meinvoice.vn/api/Document/InvoicePublishing.html: `Success: true` only
 *   says the request arrived, each invoice's ErrorCode in Data says whether it was issued; ReferenceType 1 replaces,
 *   2 adjusts, with OrgInvoiceType, OrgInvTemplateNo, OrgInvSeries, OrgInvNo, OrgInvDate and the reason.
 * - "Thông tin hóa đơn" — https://doc.meinvoice.vn/api/Document/InvoiceInfo.html (VATRateName "8%", "10%"; ItemType;
 *   InvoiceName), "Công thức tính" — https://doc.meinvoice.vn/api/Document/Invoice_recipe.html, "Kiểm tra dữ liệu" —
 *   https://doc.meinvoice.vn/api/Document/ValidateData.html (IsTaxReduction43 with 8 %, OptionUserDefined required).
 * - "Lấy trạng thái hóa đơn theo RefID" — https://doc.meinvoice.vn/api/Document/GetInvoiceInRefid.html:
 *   POST {base}/code/invoicepublished/invoice-status/refid, body ["<RefID>"].
 * - "Tải hóa đơn" — https://doc.meinvoice.vn/api/Document/DownloadInvoice.html and
 *   https://doc.meinvoice.vn/itg/Doc/DowloadInvoice.html: POST {base}/code/itg/invoicepublished/downloadinvoice
 *   ?downloadDataType=PDF|XML, body ["<TransactionID>"]; a PDF comes as base64, an XML as its text.
 * - "Mã lỗi thường gặp" — https://doc.meinvoice.vn/api/Document/ErrorCode.html (DuplicateInvoiceRefID: look the invoice
 *   up by RefID; InvoiceNumberNotCotinuous: send again; TokenExpiredCode/InvalidTokenCode: log in again).
 *
 * Assumptions where those documents are silent or were not read in full (each marked ASSUMPTION below): the token's
 * answer carries no expiry (15 days taken from the text); the tax authority's code is `InvoiceCode` in the status
 * answer; a trade-discount line is ItemType 3 with positive amounts that the totals subtract (the Circular 78 TChat
 * value); an adjustment's lines are sent with negative amounts; the download's Data is a JSON string of
 * [{ TransactionID, Data }]; the lookup page is https://www.meinvoice.vn/tra-cuu/ with the TransactionID as its code.
 */
import { amountInVietnameseWords, vietnamDateOf, withVietnamOffset } from 'shared-contracts/schemas';
import { createOutboundClient, ProviderUnavailable, type OutboundClient } from '../../../outbound';
import { invoiceTotals } from '../../invoices';
import { EInvoiceRefused, type EInvoiceProvider, type EInvoiceRequest, type IssuedEInvoice } from '../eInvoiceProvider';
import { paymentMethodCode } from '../eInvoiceRules';

export interface MisaSettings {
  /** MISA's API root, e.g. https://api.meinvoice.vn/api/v3 (sandbox https://testapi.meinvoice.vn/api/v3). */
  baseUrl: string;
  /** The AppID MISA gives the integrating software (`appid`). */
  appId: string;
  /** The seller's MST (`taxcode`, and the `CompanyTaxCode` header). */
  taxCode: string;
  /** The meInvoice account's user name and password. */
  username: string;
  password: string;
  /** The registered ký hiệu with its template digit (`InvSeries`), e.g. 1C26TYY. */
  series: string;
  /** The page where a buyer looks an invoice up by its TransactionID. */
  lookupUrl?: string;
  /** The whole of one call, its retries included. */
  timeoutMs?: number;
  /** Tries after the first for a call that may be sent again. */
  retries?: number;
}

export const MISA_LOOKUP_URL = 'https://www.meinvoice.vn/tra-cuu/';

/** ASSUMPTION: "Token … có thời hạn sử dụng 15 ngày" and the answer says no more; we log in again a day before. */
const TOKEN_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
const RAW_LIMIT = 4_000;

/** Codes saying our token is no good: log in again once, then send the call again. */
const TOKEN_CODES = new Set(['TokenExpiredCode', 'InvalidTokenCode', 'UnAuthorize']);
/** Codes saying an invoice under this RefID already exists: it was issued, look it up. */
const DUPLICATE_CODES = new Set(['DuplicateInvoiceRefID', 'InvoiceDuplicated']);
/** Codes the documents answer with "send again" or "unknown cause": the invoice is retried later (RefID keeps it single). */
const TRANSIENT_CODES = new Set(['InvoiceNumberNotContinuous', 'InvoiceNumberNotCotinuous', 'Exception', 'CreateInvoiceDataError']);

/** What the owner reads for MISA's refusals (ErrorCode.html, InvoicePublishing.html), in Vietnamese. */
const REFUSAL_MESSAGES: Record<string, string> = {
  InvalidAppID: 'Sai AppID tích hợp MISA meInvoice: kiểm tra cấu hình.',
  InActiveAppID: 'Ứng dụng tích hợp MISA meInvoice đã ngừng hoạt động: liên hệ MISA.',
  UnAuthorize: 'MISA meInvoice không chấp nhận tài khoản đăng nhập: kiểm tra mã số thuế, tên đăng nhập, mật khẩu.',
  InvalidInvoiceData: 'Dữ liệu hóa đơn gửi MISA không hợp lệ.',
  InvalidTaxCode: 'Mã số thuế không hợp lệ: kiểm tra mã số thuế của người mua.',
  InvalidXMLData: 'Dữ liệu hóa đơn không hợp lệ.',
  InvalidVatPercentage: 'Thuế suất không hợp lệ.',
  InvoiceTemplateNotExist: 'Mẫu hóa đơn không tồn tại: kiểm tra ký hiệu hóa đơn trong cấu hình.',
  InvoicePublishNotExist: 'Chưa có thông báo phát hành cho ký hiệu hóa đơn này.',
  InvalidInvoiceDate: 'Ngày hóa đơn nhỏ hơn ngày của hóa đơn đã phát hành gần nhất cùng ký hiệu.',
  InvoiceIssuedDate: 'Ngày hóa đơn không hợp lệ.',
  ExistsInvoiceNextYear: 'Đã có hóa đơn của năm sau cùng ký hiệu.',
  DeclarationNotExist: 'Chưa có tờ khai đăng ký sử dụng hóa đơn điện tử.',
  InvalidDeclaration: 'Tờ khai đăng ký hóa đơn điện tử chưa được cơ quan thuế chấp nhận.',
  ExistDeclarationNotReceive: 'Tờ khai đang chờ cơ quan thuế chấp nhận.',
  InvoiceTemplateNotValidInDeclaration: 'Tờ khai không có loại hóa đơn đang phát hành.',
  TaxRateInfo_VATRateName: 'Bảng tổng hợp thuế suất của hóa đơn không hợp lệ.',
  TaxReductionDateInValid: 'Ngày hóa đơn không thuộc thời gian được giảm thuế GTGT.',
  LicenseInfo_NotBuy: 'Chưa mua gói hóa đơn MISA meInvoice.',
  LicenseInfo_OutOfInvoice: 'Đã hết số hóa đơn trong gói MISA meInvoice: cần mua thêm.',
  LicenseInfo_Expired: 'Gói hóa đơn MISA meInvoice chưa thanh toán hoặc đã hết hạn.',
  InvoiceQuantityTooLarge: 'Gửi quá nhiều hóa đơn trong một lần.',
  XMLTooLong: 'Hóa đơn quá nhiều dòng: cần tách thành nhiều hóa đơn.',
  InvoiceCannotReplace: 'Không thể thay thế hóa đơn đã hủy.',
  InvoiceCannotAdjust: 'Không thể điều chỉnh hóa đơn đã hủy hoặc đã bị thay thế.',
  InvoiceCannotReplaceByStatusNew: 'Hóa đơn gốc chưa được xử lý, chưa thể thay thế.',
  HasAdjustmentInvoice: 'Hóa đơn đã có hóa đơn điều chỉnh, không thể thay thế.',
  CallSignServiceFail: 'MISA không gọi được dịch vụ ký số HSM: kiểm tra thiết lập chữ ký số trên meInvoice.',
  SignEsignHSMError: 'Lỗi ký số HSM trên MISA meInvoice.',
  SignSoftDream78Exception: 'Lỗi ký số HSM trên MISA meInvoice.',
  InvalidSignature: 'Chữ ký số không hợp lệ với chứng thư đã đăng ký.',
  CertRevocation: 'Chứng thư số đã bị thu hồi.',
  InvalidCertByRegistration: 'Chứng thư số không có trong tờ khai đã đăng ký.',
};

/** Codes named `Prefix_{Field}` by the documents: a field missing or invalid. */
const FIELD_CODE_PREFIXES = ['RequireError_', 'RequireInfo_', 'InvoiceDetail_'];

function refusalMessage(code: string, detail: string | null): string {
  const known = REFUSAL_MESSAGES[code];
  if (known) return known;
  const prefix = FIELD_CODE_PREFIXES.find((candidate) => code.startsWith(candidate));
  if (prefix) return `Thông tin "${code.slice(prefix.length)}" của hóa đơn bị thiếu hoặc không hợp lệ.`;
  return `MISA meInvoice từ chối hóa đơn (mã ${code})${detail ? `: ${detail}` : '.'}`;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field of MISA's envelope: api/v3 writes PascalCase (Success, Data), the older endpoints camelCase. */
function field(object: Json, name: string): unknown {
  return object[name] ?? object[name.charAt(0).toLowerCase() + name.slice(1)];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** MISA's Data: an array, or (most answers) the array as a JSON string. */
function dataArray(data: unknown): Json[] {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value.filter(isObject) : [];
}

interface Envelope {
  success: boolean;
  errorCode: string;
  data: unknown;
  detail: string | null;
  raw: string;
}

function envelopeOf(raw: string): Envelope | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(body)) return null;
  const errors = field(body, 'Errors');
  const description = text(field(body, 'DescriptionErrorCode'));
  const detail = description || (Array.isArray(errors) && errors.length > 0 ? errors.map(String).join('; ') : null);
  return { success: field(body, 'Success') === true, errorCode: text(field(body, 'ErrorCode')), data: field(body, 'Data'), detail, raw };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The 6-character ký hiệu (C26TYY) the rest of the shop keeps, from MISA's 7-character InvSeries (1C26TYY). */
function shortSeries(series: string): string {
  const upper = series.trim().toUpperCase();
  return /^[1-6][CK]\d{2}[A-Z][A-Z0-9]{2}$/.test(upper) ? upper.slice(1) : upper;
}

/** A negative total (an adjustment that lowers the invoice) read as "Âm …". */
function amountInWords(amount: number): string {
  if (amount >= 0) return amountInVietnameseWords(amount);
  const words = amountInVietnameseWords(-amount);
  return `Âm ${words.charAt(0).toLowerCase()}${words.slice(1)}`;
}

/**
 * The invoice as MISA's OriginalInvoiceData: lines before tax (each line's net and VAT as invoiceTotals splits its
 * gross, so the sums equal the receipt to the đồng), the per-rate TaxRateInfo and the totals.
 */
export function misaInvoiceData(request: EInvoiceRequest, settings: Pick<MisaSettings, 'series'>): Json {
  const { document } = request;
  const totals = invoiceTotals(document.lines);
  const details = document.lines.map((line, index) => {
    // ASSUMPTION: a trade discount is ItemType 3 carrying positive amounts that the totals subtract (Invoice_recipe).
    const sign = line.kind === 3 ? -1 : 1;
    const net = sign * (totals.lineNet[index] ?? 0);
    const vat = sign * (line.amount - (totals.lineNet[index] ?? 0));
    const quantity = line.kind === 3 ? 1 : line.quantity;
    return {
      ItemType: line.kind === 3 ? 3 : 1,
      LineNumber: index + 1,
      SortOrder: index + 1,
      ItemName: line.name,
      UnitName: line.unit,
      Quantity: quantity,
      UnitPrice: round2(net / (quantity || 1)),
      DiscountRate: 0,
      DiscountAmountOC: 0,
      DiscountAmount: 0,
      AmountOC: net,
      Amount: net,
      AmountWithoutVATOC: net,
      AmountWithoutVAT: net,
      VATRateName: `${line.vatRate}%`,
      VATAmountOC: vat,
      VATAmount: vat,
    };
  });
  const buyer = document.company ?? document.buyer;
  const data: Json = {
    RefID: request.key,
    InvSeries: settings.series.trim().toUpperCase(),
    InvoiceName: settings.series.trim().startsWith('2') ? 'Hóa đơn bán hàng' : 'Hóa đơn giá trị gia tăng',
    // The sale's date in Vietnam, written as InvoicePublishHSM's example ("2021-12-16T00:00:00+07:00").
    InvDate: withVietnamOffset(`${vietnamDateOf(document.issuedAt)}T00:00`),
    CurrencyCode: 'VND',
    ExchangeRate: 1,
    PaymentMethodName: paymentMethodCode(document.paymentMethod),
    IsInvoiceSummary: false,
    BuyerLegalName: document.company ? document.company.name : undefined,
    BuyerFullName: document.company ? (document.buyer.name || undefined) : buyer.name,
    BuyerTaxCode: buyer.taxCode ?? undefined,
    BuyerAddress: buyer.address ?? undefined,
    BuyerEmail: buyer.email ?? undefined,
    BuyerPhoneNumber: buyer.phone ?? undefined,
    TotalSaleAmountOC: totals.net,
    TotalSaleAmount: totals.net,
    TotalDiscountAmountOC: 0,
    TotalDiscountAmount: 0,
    TotalAmountWithoutVATOC: totals.net,
    TotalAmountWithoutVAT: totals.net,
    TotalVATAmountOC: totals.vat,
    TotalVATAmount: totals.vat,
    TotalAmountOC: totals.gross,
    TotalAmount: totals.gross,
    TotalAmountInWords: amountInWords(totals.gross),
    OriginalInvoiceDetail: details,
    TaxRateInfo: totals.rows.map((row) => ({ VATRateName: `${row.rate}%`, AmountWithoutVATOC: row.net, VATAmountOC: row.vat })),
    // Required by ValidateData: the decimals MISA prints (whole đồng; unit prices to the hào).
    OptionUserDefined: {
      MainCurrency: 'VND',
      AmountDecimalDigits: '0',
      AmountOCDecimalDigits: '0',
      UnitPriceOCDecimalDigits: '2',
      UnitPriceDecimalDigits: '2',
      QuantityDecimalDigits: '2',
      CoefficientDecimalDigits: '2',
      ExchangRateDecimalDigits: '0',
    },
  };
  // ValidateData: the reduced 8 % rate is flagged on the invoice.
  if (document.lines.some((line) => line.vatRate === 8)) data.IsTaxReduction43 = true;
  if (request.kind !== 'ORIGINAL' && request.corrects) {
    const original = request.corrects;
    const full = original.series.trim().toUpperCase();
    data.ReferenceType = request.kind === 'REPLACEMENT' ? 1 : 2;
    // ASSUMPTION: OrgInvoiceType 1 is an invoice under Decree 123 (the only kind this shop issues).
    data.OrgInvoiceType = 1;
    data.OrgInvTemplateNo = full.length === 7 ? full.charAt(0) : settings.series.trim().charAt(0);
    data.OrgInvSeries = shortSeries(full);
    data.OrgInvNo = String(original.number).padStart(8, '0');
    data.OrgInvDate = original.issuedOn;
    data.InvoiceNote = request.reason ?? (request.kind === 'REPLACEMENT' ? 'Thay thế hóa đơn' : 'Điều chỉnh hóa đơn');
  }
  // Absent buyer fields are left out rather than sent empty (ValidateData checks what is present).
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== ''));
}

export function misaMeInvoiceProvider(settings: MisaSettings, options: { fetch?: typeof fetch; now?: () => Date } = {}): EInvoiceProvider {
  const now = options.now ?? (() => new Date());
  const client: OutboundClient = createOutboundClient({
    provider: 'misa',
    baseUrl: settings.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch,
    timeoutMs: settings.timeoutMs ?? 20_000,
    retries: settings.retries ?? 2,
    now: () => now().getTime(),
  });
  // Invoices with the tax authority's code (ký hiệu …C…) live under `/code`; those without under the bare path.
  const withCode = settings.series.trim().toUpperCase().charAt(1) !== 'K';
  const codePrefix = withCode ? '/code' : '';
  const lookupUrl = settings.lookupUrl ?? MISA_LOOKUP_URL;
  let token: { value: string; until: number } | null = null;
  let pendingLogin: Promise<string> | null = null;

  async function login(signal: AbortSignal): Promise<string> {
    const response = await client.request({
      method: 'POST',
      path: '/auth/token',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appid: settings.appId, taxcode: settings.taxCode, username: settings.username, password: settings.password }),
      signal,
      // Logging in again changes nothing at MISA: a lost answer may be asked again.
      idempotencyKey: 'auth',
    });
    const raw = await response.text();
    if (response.status >= 500 || response.status === 429) throw unavailable(`MISA meInvoice trả lời HTTP ${response.status} khi đăng nhập.`);
    const envelope = envelopeOf(raw);
    const value = envelope && typeof envelope.data === 'string' ? envelope.data : '';
    if (!envelope?.success || !value) {
      const code = envelope?.errorCode || 'UnAuthorize';
      throw new EInvoiceRefused(code, refusalMessage(code, envelope?.detail ?? null));
    }
    token = { value, until: now().getTime() + TOKEN_LIFETIME_MS };
    return value;
  }

  /** The cached token, or a new one (one login at a time). */
  async function currentToken(signal: AbortSignal): Promise<string> {
    if (token && token.until > now().getTime()) return token.value;
    pendingLogin ??= login(signal).finally(() => {
      pendingLogin = null;
    });
    return pendingLogin;
  }

  function unavailable(message: string): ProviderUnavailable {
    return new ProviderUnavailable('misa', 'network', message);
  }

  /**
   * One authenticated call: a 401 (or a token error code) drops the token and logs in again, once; MISA's 5xx after
   * the client's retries is the provider failing (ProviderUnavailable); an answer that is not MISA's JSON too.
   */
  async function call(path: string, body: unknown, signal: AbortSignal, idempotencyKey: string): Promise<Envelope> {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = await currentToken(signal);
      const response = await client.request({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, CompanyTaxCode: settings.taxCode },
        body: JSON.stringify(body),
        signal,
        idempotencyKey,
      });
      const raw = await response.text();
      if (response.status >= 500 || response.status === 429) throw unavailable(`MISA meInvoice trả lời HTTP ${response.status}.`);
      const envelope = envelopeOf(raw);
      const tokenRefused = response.status === 401 || (envelope !== null && TOKEN_CODES.has(envelope.errorCode));
      if (tokenRefused) {
        token = null;
        if (attempt === 0) continue;
        throw new EInvoiceRefused(envelope?.errorCode || 'UnAuthorize', REFUSAL_MESSAGES.UnAuthorize ?? '');
      }
      if (!envelope) throw unavailable(`MISA meInvoice trả lời không đọc được (HTTP ${response.status}).`);
      return envelope;
    }
  }

  /** An issued invoice from one of MISA's records (publish or status answer); null when it has no number yet. */
  function issuedOf(record: Json, raw: string, taxAuthorityCode: string | null): IssuedEInvoice | null {
    const transactionId = text(record.TransactionID);
    const number = Number.parseInt(text(record.InvNo), 10);
    if (!transactionId || !Number.isFinite(number)) return null;
    const dated = new Date(text(record.InvDate));
    const series = text(record.InvSeries);
    return {
      providerRef: transactionId,
      series: series ? shortSeries(series) : shortSeries(settings.series),
      number,
      taxAuthorityCode,
      lookupCode: transactionId,
      lookupUrl,
      issuedAt: Number.isNaN(dated.getTime()) ? now().toISOString() : dated.toISOString(),
      raw: raw.slice(0, RAW_LIMIT),
    };
  }

  async function find(key: string, signal: AbortSignal): Promise<IssuedEInvoice | null> {
    // A look-up changes nothing: the key lets the client ask again after a lost answer.
    const envelope = await call(`${codePrefix}/invoicepublished/invoice-status/refid`, [key], signal, `find:${key}`);
    if (!envelope.success || envelope.errorCode) {
      throw unavailable(`MISA meInvoice không tra được hóa đơn ${key}: ${envelope.errorCode || 'không rõ lỗi'}.`);
    }
    const record = dataArray(envelope.data).find((item) => text(item.RefID).toLowerCase() === key.toLowerCase());
    // EInvoiceStatus 2: deleted at MISA (GetInvoiceInRefid), as good as none.
    if (!record || text(record.EInvoiceStatus) === '2') return null;
    // ASSUMPTION: the tax authority's code is `InvoiceCode` in the status answer.
    return issuedOf(record, envelope.raw, text(record.InvoiceCode) || null);
  }

  function refusedOrRetried(code: string, detail: string | null): Error {
    if (TRANSIENT_CODES.has(code)) return unavailable(`MISA meInvoice chưa phát hành được (${code}): sẽ thử lại.`);
    return new EInvoiceRefused(code, refusalMessage(code, detail));
  }

  return {
    name: 'misa',

    async issue(request, signal) {
      if (request.kind !== 'ORIGINAL' && !request.corrects) {
        throw new EInvoiceRefused('MissingOriginal', 'Hóa đơn điều chỉnh hoặc thay thế phải nêu hóa đơn gốc.');
      }
      const item = { RefID: request.key, OriginalInvoiceData: misaInvoiceData(request, settings), IsSendEmail: false };
      // The RefID is MISA's duplicate check: sent again after a lost answer it issues nothing twice.
      const envelope = await call(`${codePrefix}/itg/invoicepublishing/publishhsm`, [item], signal, request.key);
      const records = dataArray(envelope.data);
      const record = records.find((candidate) => text(candidate.RefID).toLowerCase() === request.key.toLowerCase());
      const code = text(record?.ErrorCode) || envelope.errorCode
        || (typeof envelope.data === 'string' ? ([...DUPLICATE_CODES].find((duplicate) => (envelope.data as string).includes(duplicate)) ?? '') : '');
      if (DUPLICATE_CODES.has(code)) {
        const found = await find(request.key, signal);
        if (found) return found;
        throw unavailable(`MISA meInvoice báo hóa đơn ${request.key} đã có nhưng chưa tra được: sẽ thử lại.`);
      }
      if (code) throw refusedOrRetried(code, envelope.detail);
      if (!envelope.success || !record) throw unavailable('MISA meInvoice không trả kết quả phát hành: sẽ tra lại.');
      const issued = issuedOf(record, envelope.raw, text(record.InvoiceCode) || null);
      if (!issued) throw unavailable('MISA meInvoice trả kết quả thiếu số hóa đơn: sẽ tra lại.');
      if (issued.taxAuthorityCode === null && withCode) {
        // The publish answer may not carry the MCCQT yet: the status by RefID does once the authority has coded it.
        const found = await find(request.key, signal);
        if (found?.taxAuthorityCode) return { ...issued, taxAuthorityCode: found.taxAuthorityCode };
      }
      return issued;
    },

    find,

    async download(issued, format, signal) {
      const type = format === 'pdf' ? 'PDF' : 'XML';
      const envelope = await call(`${codePrefix}/itg/invoicepublished/downloadinvoice?downloadDataType=${type}`, [issued.providerRef], signal, `download:${issued.providerRef}:${type}`);
      if (!envelope.success || envelope.errorCode) {
        throw refusedOrRetried(envelope.errorCode || 'DownloadFailed', envelope.detail);
      }
      // ASSUMPTION: Data is [{ TransactionID, Data }] (as a JSON string); a bare string is the file itself.
      const record = dataArray(envelope.data).find((item) => text(item.TransactionID) === issued.providerRef);
      const content = record ? field(record, 'Data') : typeof envelope.data === 'string' && !envelope.data.trim().startsWith('[') ? envelope.data : null;
      if (typeof content !== 'string' || content === '') {
        throw new EInvoiceRefused(text(record?.ErrorCode) || 'DownloadEmpty', `MISA meInvoice không có tệp ${type} của hóa đơn số ${issued.number}.`);
      }
      return format === 'pdf' ? Buffer.from(content, 'base64') : Buffer.from(content, 'utf8');
    },
  };
}
