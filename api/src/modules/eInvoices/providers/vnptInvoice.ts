/**
 * VNPT Invoice: the e-invoice provider adapter, on the SOAP web services of a VNPT Invoice portal (ASP.NET .asmx,
 * namespace http://tempuri.org/, SOAP 1.1): PublishService.asmx to create and publish, BusinessService.asmx to adjust or
 * replace, PortalService.asmx to look an invoice up and download it, each identified by the partner's Fkey.
 *
 * Documents followed (VNPT's "Tài liệu tích hợp hóa đơn điện tử VNPT-Invoice" is handed to partners, not published; its
 * text was read as quoted in public integrations, which name the version "V5 22/08/2022"):
 * - "Thêm mới và phát hành các hóa đơn (V5 22/08/2022)" — ImportAndPublishInv(Account, ACpass, xmlInvData, username,
 *   password, pattern, serial, convert); xmlInvData <Invoices><Inv><key/><Invoice>CusCode, CusName, CusAddress, CusPhone,
 *   CusTaxCode, PaymentMethod, Products/Product{ProdName, ProdUnit, ProdQuantity, ProdPrice, Total, VATRate, VATAmount,
 *   Amount, IsSum}, Total, DiscountAmount, VATRate, VATAmount, Amount, AmountInWords, ArisingDate, PaymentStatus,
 *   EmailDeliver, Buyer, GrossValue0/5/8/10, VatAmount0/5/8/10, CurrencyUnit, ExchangeRate, ProcessInvNote
 *   </Invoice></Inv></Invoices>; answer "OK:pattern;serial-key_number" or ERR:1…ERR:30 (ERR:13 "Lỗi trùng fkey"):
 *   quoted in CenIT.Libs.HDDT ServiceHDDTProvider.cs (a public C# integration; no public URL of VNPT's own).
 * - AdjustInvoiceAction(Account, ACpass, xmlInvData <AdjustInv><key/>…<Type>2 tăng | 3 giảm | 4 thông tin</Type>…,
 *   username, password, fkey, AttachFile, convert, pattern, serial) and ReplaceInvoiceAction (<ReplaceInv>…) of
 *   BusinessService.asmx with their ERR tables; PortalService listInvByCusFkey(key, fromDate, toDate, userName, userPass)
 *   → <Data><Item>…<pattern/><serial/><invNum/><publishDate/><status/></Item></Data>, downloadInvPDFFkeyNoPay and
 *   downloadInvFkeyNoPay(fkey, userName, userPass): quoted in Core.Inv InvServiceProvider.cs (a public C# integration).
 * - TT78 answers "OK:1/001;C24TAA-key_68" and, from portals that return the tax authority's code, "key_no_MCCQT":
 *   public VNPT integrations (a Node publishInvoices on ImportAndPublishInvMTT; a provider table noting "SOAP
 *   PublishService.asmx (TT78) … Thay thế → BusinessService.replaceInv").
 *
 * Assumptions where those texts are silent (each marked ASSUMPTION below): the MCCQT tag of listInvByCusFkey; the
 * buyer's lookup code is the Fkey on the portal's lookup page; publishDate is M/d/yyyy; a discount line is IsSum 2 with
 * positive amounts the totals subtract; an adjustment's amounts are sent positive with Type 3 (giảm) or 2 (tăng); the
 * invoice-level VATRate of a mixed-rate invoice; the reason travels in ProcessInvNote; ReplaceInvoiceAction answers a
 * repeated key with ERR:13 as the others do.
 */
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { amountInVietnameseWords, formatCalendarDate, vietnamDateOf, vietnamInstant } from 'shared-contracts/schemas';
import { createOutboundClient, ProviderUnavailable, type OutboundClient } from '../../../outbound';
import { invoiceTotals } from '../../invoices';
import { EInvoiceRefused, type EInvoiceProvider, type EInvoiceRequest, type IssuedEInvoice } from '../eInvoiceProvider';
import { paymentMethodCode } from '../eInvoiceRules';

export interface VnptSettings {
  /** The portal's root, e.g. https://0101243150-tt78admindemo.vnpt-invoice.com.vn (the .asmx services live under it). */
  baseUrl: string;
  /** The publishing employee's account (`Account`) and its password (`ACpass`). */
  account: string;
  accountPassword: string;
  /** The service account (ServiceRole: `username`/`userName`) and its password. */
  username: string;
  password: string;
  /** Mẫu số, e.g. 1/001. */
  pattern: string;
  /** Ký hiệu, e.g. C26TYY. */
  serial: string;
  /** The page where a buyer looks an invoice up by its Fkey (default: the portal's root). */
  lookupUrl?: string;
  /** The whole of one call, its retries included. */
  timeoutMs?: number;
  /** Tries after the first for a call that may be sent again. */
  retries?: number;
}

export const VNPT_SERVICES = {
  publish: '/PublishService.asmx',
  business: '/BusinessService.asmx',
  portal: '/PortalService.asmx',
} as const;

const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const TEMPURI = 'http://tempuri.org/';
const RAW_LIMIT = 4_000;

/** ImportAndPublishInv's refusals (VNPT's table), in Vietnamese for the owner. */
const PUBLISH_ERRORS: Record<string, string> = {
  'ERR:1': 'Tài khoản VNPT Invoice sai hoặc không có quyền phát hành hóa đơn: kiểm tra Account/ACpass và tài khoản dịch vụ.',
  'ERR:2': 'Mẫu số hoặc ký hiệu hóa đơn gửi VNPT bị trống.',
  'ERR:3': 'Dữ liệu hóa đơn gửi VNPT không đúng quy định.',
  'ERR:6': 'Dải số hóa đơn trên VNPT không đủ để phát hành: cần đăng ký thêm.',
  'ERR:7': 'Tên đăng nhập dịch vụ VNPT không hợp lệ, không tìm thấy công ty tương ứng.',
  'ERR:10': 'Lô hóa đơn vượt quá số lượng VNPT cho phép.',
  'ERR:11': 'Mẫu số hoặc ký hiệu hóa đơn không đúng định dạng.',
  'ERR:15': 'Ngày lập hóa đơn lớn hơn ngày hiện tại hoặc dữ liệu hóa đơn sai định dạng.',
  'ERR:20': 'Mẫu số và ký hiệu không phù hợp, hoặc chưa đăng ký trên VNPT Invoice: kiểm tra cấu hình.',
  'ERR:22': 'Thông tin người bán vượt quá độ dài cho phép.',
  'ERR:23': 'Hóa đơn chưa có mã của cơ quan thuế.',
  'ERR:29': 'Chứng thư số đã hết hạn.',
  'ERR:30': 'Ngày hóa đơn nhỏ hơn ngày của hóa đơn đã phát hành cùng ký hiệu.',
};

/** AdjustInvoiceAction / ReplaceInvoiceAction refusals about the original (VNPT's tables). */
const CORRECTION_ERRORS: Record<string, string> = {
  'ERR:2': 'Không tìm thấy hóa đơn gốc trên VNPT Invoice.',
  'ERR:6': 'Dải số hóa đơn trên VNPT đã hết.',
  'ERR:8': 'Hóa đơn gốc đã bị thay thế, không thể điều chỉnh hoặc thay thế nữa.',
  'ERR:9': 'Trạng thái của hóa đơn gốc không cho phép điều chỉnh hoặc thay thế.',
  'ERR:19': 'Mẫu số không giống mẫu số của hóa đơn cần điều chỉnh.',
};

/** Lookup/download refusals (PortalService tables). */
const PORTAL_ERRORS: Record<string, string> = {
  'ERR:1': 'Tài khoản dịch vụ VNPT Invoice sai hoặc không có quyền.',
  'ERR:4': 'Công ty chưa đăng ký mẫu hóa đơn nào trên VNPT Invoice.',
  'ERR:6': 'VNPT Invoice không tìm thấy hóa đơn.',
  'ERR:7': 'Không tìm thấy thông tin công ty trên VNPT Invoice.',
  'ERR:12': 'Hóa đơn có mã chưa được cơ quan thuế chấp nhận.',
  'ERR:13': 'Hóa đơn không mã chưa được cơ quan thuế chấp nhận.',
};

/** Answers meaning "an invoice under this Fkey exists": ERR:13 (and ERR:21 "Trùng Fkey truyền vào" of the corrections). */
const DUPLICATE_KEY = { publish: new Set(['ERR:13']), correction: new Set(['ERR:13', 'ERR:21']) } as const;
/** "Không phát hành được (DB roll back)", "trùng số hóa đơn", "lỗi cấp số": VNPT's own trouble, sent again later. */
const TRANSIENT = { publish: new Set(['ERR:5', 'ERR:21']), correction: new Set(['ERR:5', 'ERR:14']) } as const;

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', suppressEmptyNode: false });
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'Item' || name === 'Product',
});

type Xml = Record<string, unknown>;

/** A SOAP 1.1 request body for `operation` of tempuri.org with its parameters in order. */
export function soapEnvelope(operation: string, parameters: Record<string, string | number>): string {
  return `<?xml version="1.0" encoding="utf-8"?>${builder.build({
    'soap:Envelope': {
      '@xmlns:soap': SOAP_NS,
      '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      'soap:Body': { [operation]: { '@xmlns': TEMPURI, ...parameters } },
    },
  })}`;
}

/** The `<operation>Result` text of a SOAP answer; null when the answer is not one. */
export function soapResult(body: string, operation: string): string | null {
  let parsed: Xml;
  try {
    parsed = parser.parse(body) as Xml;
  } catch {
    return null;
  }
  const envelope = parsed.Envelope as Xml | undefined;
  const response = (envelope?.Body as Xml | undefined)?.[`${operation}Response`];
  if (response === undefined) return null;
  const result = typeof response === 'object' && response !== null ? (response as Xml)[`${operation}Result`] : '';
  return typeof result === 'string' ? result : result === undefined ? '' : String(result);
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const errorCodeOf = (result: string): string | null => /^ERR:\s*-?\d*/i.exec(result.trim())?.[0].replace(/\s/g, '').toUpperCase() ?? null;


/** A unit price before tax: whole đồng cannot carry it (1 234 567 incl. 10 %), so to 4 decimals. */
const unitNet = (net: number, quantity: number) => Math.round((net / (quantity || 1)) * 10_000) / 10_000;

/**
 * The <Invoice> (or <AdjustInv>/<ReplaceInv>) content of a request: each line's net and VAT as invoiceTotals splits its
 * gross, the per-rate GrossValueN/VatAmountN and the totals, so VNPT prints the receipt's amounts to the đồng.
 */
export function vnptInvoiceContent(request: EInvoiceRequest): Xml {
  const { document } = request;
  const totals = invoiceTotals(document.lines);
  // ASSUMPTION: an adjustment's amounts go positive and Type says the direction (2 tăng, 3 giảm), as the document's Type does.
  const sign = request.kind === 'ADJUSTMENT' && totals.gross < 0 ? -1 : 1;
  const products = document.lines.map((line, index) => {
    const net = totals.lineNet[index] ?? 0;
    const vat = line.amount - net;
    // ASSUMPTION: a trade discount is IsSum 2 ("chiết khấu thương mại theo dòng") with positive amounts the totals subtract.
    const discount = line.kind === 3;
    const factor = discount ? -1 : sign;
    return {
      ProdName: line.name,
      ProdUnit: line.unit,
      ProdQuantity: discount ? 1 : Math.abs(line.quantity),
      ProdPrice: discount ? factor * net : unitNet(factor * net, Math.abs(line.quantity)),
      Total: factor * net,
      VATRate: line.vatRate,
      VATAmount: factor * vat,
      Amount: factor * line.amount,
      IsSum: discount ? 2 : 0,
    };
  });
  const party = document.company ?? document.buyer;
  const gross = sign * totals.gross;
  const content: Xml = {
    CusCode: party.taxCode ?? '',
    CusName: document.company ? document.buyer.name || document.company.name : party.name,
    Buyer: document.company ? document.company.name : undefined,
    CusAddress: party.address ?? '',
    CusPhone: party.phone ?? document.buyer.phone ?? '',
    CusTaxCode: party.taxCode ?? '',
    EmailDeliver: party.email ?? document.buyer.email ?? '',
    PaymentMethod: paymentMethodCode(document.paymentMethod),
    PaymentStatus: /^đã thanh toán$/i.test(document.paymentStatus.trim()) ? 1 : 0,
    ArisingDate: formatCalendarDate(vietnamDateOf(document.issuedAt)),
    CurrencyUnit: 'VND',
    ExchangeRate: 1,
    Products: { Product: products },
    Total: sign * totals.net,
    DiscountAmount: 0,
    // ASSUMPTION: a mixed-rate invoice names its highest rate here; GrossValueN/VatAmountN carry the split.
    VATRate: Math.max(...totals.rows.map((row) => row.rate)),
    VATAmount: sign * totals.vat,
    Amount: gross,
    AmountInWords: amountInVietnameseWords(gross),
  };
  for (const row of totals.rows) {
    content[`GrossValue${row.rate}`] = sign * row.net;
    content[`VatAmount${row.rate}`] = sign * row.vat;
  }
  if (request.kind !== 'ORIGINAL' && request.corrects) {
    const original = request.corrects;
    if (request.kind === 'ADJUSTMENT') content.Type = sign < 0 ? 3 : 2;
    // ASSUMPTION: the reason is printed from ProcessInvNote, with the invoice it corrects.
    const what = request.kind === 'ADJUSTMENT' ? 'Điều chỉnh' : 'Thay thế';
    content.ProcessInvNote = `${what} cho hóa đơn số ${original.number}, ký hiệu ${original.series}, ngày ${formatCalendarDate(original.issuedOn)}: ${request.reason ?? ''}`.slice(0, 500);
  }
  return Object.fromEntries(Object.entries(content).filter(([, value]) => value !== undefined));
}

/** The xmlInvData of a request: <Invoices><Inv><key>Fkey</key><Invoice>…</Invoice></Inv></Invoices>, or the corrections' roots. */
export function vnptXmlInvData(request: EInvoiceRequest): string {
  const content = vnptInvoiceContent(request);
  if (request.kind === 'ORIGINAL') return builder.build({ Invoices: { Inv: { key: request.key, Invoice: content } } }) as string;
  const root = request.kind === 'ADJUSTMENT' ? 'AdjustInv' : 'ReplaceInv';
  return builder.build({ [root]: { key: request.key, ...content } }) as string;
}

/** "OK:1/001;C26TYY-key_12" or "…-key_12_MCCQT" (TT78), or "OK:1/001;C26TYY;12" (older corrections) → its parts. */
export function parseOkResult(result: string, key: string): { pattern: string; serial: string; number: number; mccqt: string | null } | null {
  const match = /^OK:([^;]*);([^;\-,]+)[;-](.*)$/s.exec(result.trim());
  if (!match) return null;
  const first = (match[3] ?? '').split(',').find((item) => item.startsWith(`${key}_`)) ?? (match[3] ?? '').split(',')[0] ?? '';
  const rest = first.startsWith(`${key}_`) ? first.slice(key.length + 1) : first;
  const [numberText, ...code] = rest.split('_');
  const number = Number.parseInt(numberText ?? '', 10);
  if (!Number.isFinite(number)) return null;
  return { pattern: match[1] ?? '', serial: (match[2] ?? '').trim(), number, mccqt: code.join('_') || null };
}

/** ASSUMPTION: publishDate reads "M/d/yyyy h:mm:ss [AM|PM]" in Vietnam (as integrations parse it); else null. */
function publishInstant(value: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?/i.exec(value);
  if (!match) return null;
  const [, month, day, year, hourText = '0', minute = '00', second = '00', half] = match;
  let hour = Number(hourText) % (half ? 12 : 24);
  if (half?.toUpperCase() === 'PM') hour += 12;
  const pad = (part: string | number) => String(part).padStart(2, '0');
  const instant = vietnamInstant(`${year}-${pad(month!)}-${pad(day!)}`, `${pad(hour)}:${minute}:${second}`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export function vnptInvoiceProvider(settings: VnptSettings, options: { fetch?: typeof fetch; now?: () => Date } = {}): EInvoiceProvider {
  const now = options.now ?? (() => new Date());
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');
  const client: OutboundClient = createOutboundClient({
    provider: 'vnpt',
    baseUrl,
    fetch: options.fetch,
    // Publishing signs with the company's HSM certificate at VNPT: allow a minute, as the other providers.
    timeoutMs: settings.timeoutMs ?? 60_000,
    retries: settings.retries ?? 2,
  });
  // ASSUMPTION: the buyer looks the invoice up by its Fkey ("mã tra cứu") on the portal's own lookup page.
  const lookupUrl = settings.lookupUrl ?? `${baseUrl}/`;
  const unavailable = (message: string) => new ProviderUnavailable('vnpt', 'network', message);

  /** One SOAP call: the operation's result string; a 5xx (a SOAP fault included) or an unreadable answer is VNPT failing. */
  async function call(service: string, operation: string, parameters: Record<string, string | number>, idempotencyKey: string, signal: AbortSignal): Promise<string> {
    const response = await client.request({
      method: 'POST',
      path: service,
      headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: `"${TEMPURI}${operation}"` },
      body: soapEnvelope(operation, parameters),
      signal,
      idempotencyKey,
    });
    const body = await response.text();
    if (response.status >= 500 || response.status === 429) throw unavailable(`VNPT Invoice lỗi máy chủ (HTTP ${response.status}) khi gọi ${operation}.`);
    const result = soapResult(body, operation);
    if (result === null) throw unavailable(`VNPT Invoice trả lời không đọc được (HTTP ${response.status}) khi gọi ${operation}.`);
    return result;
  }

  const portalCredentials = () => ({ userName: settings.username, userPass: settings.password });

  async function find(key: string, signal: AbortSignal): Promise<IssuedEInvoice | null> {
    // fromDate/toDate left empty: every invoice under the key, whatever its date.
    const result = await call(VNPT_SERVICES.portal, 'listInvByCusFkey', { key, fromDate: '', toDate: '', ...portalCredentials() }, `find:${key}`, signal);
    const code = errorCodeOf(result);
    if (code) throw new EInvoiceRefused(code, PORTAL_ERRORS[code] ?? `VNPT Invoice không tra được hóa đơn (${code}).`);
    if (!result.trim()) return null;
    let items: Xml[];
    try {
      items = (((parser.parse(result) as Xml).Data as Xml | undefined)?.Item as Xml[] | undefined) ?? [];
    } catch {
      throw unavailable('VNPT Invoice trả danh sách hóa đơn không đọc được.');
    }
    // status 0: not published (a draft), as good as none for the shop.
    const item = items.find((candidate) => text(candidate.invNum) !== '' && text(candidate.status) !== '0');
    if (!item) return null;
    const number = Number.parseInt(text(item.invNum), 10);
    if (!Number.isFinite(number)) return null;
    return {
      providerRef: key,
      series: text(item.serial) || settings.serial,
      number,
      // ASSUMPTION: TT78 portals give the tax authority's code as MCCQT (or MaCQT) in the item.
      taxAuthorityCode: text(item.MCCQT) || text(item.MaCQT) || null,
      lookupCode: key,
      lookupUrl,
      issuedAt: (publishInstant(text(item.publishDate)) ?? now()).toISOString(),
      raw: result.slice(0, RAW_LIMIT),
    };
  }

  return {
    name: 'vnpt',
    find,

    async issue(request, signal) {
      if (request.kind !== 'ORIGINAL' && (!request.corrects || !request.reason)) {
        throw new EInvoiceRefused('MISSING_ORIGINAL', 'Hóa đơn điều chỉnh hoặc thay thế phải nêu hóa đơn gốc và lý do.');
      }
      const xmlInvData = vnptXmlInvData(request);
      const publisher = { Account: settings.account, ACpass: settings.accountPassword };
      const service = { username: settings.username, password: settings.password };
      let operation: string;
      let result: string;
      // The Fkey is VNPT's duplicate check: a request sent again after a lost answer issues nothing twice.
      if (request.kind === 'ORIGINAL') {
        operation = 'ImportAndPublishInv';
        result = await call(VNPT_SERVICES.publish, operation, { ...publisher, xmlInvData, ...service, pattern: settings.pattern, serial: settings.serial, convert: 0 }, request.key, signal);
      } else {
        operation = request.kind === 'ADJUSTMENT' ? 'AdjustInvoiceAction' : 'ReplaceInvoiceAction';
        const parameters = { ...publisher, xmlInvData, ...service, fkey: request.corrects!.providerRef, AttachFile: '', convert: 0, pattern: settings.pattern, serial: settings.serial };
        result = await call(VNPT_SERVICES.business, operation, parameters, request.key, signal);
      }
      const code = errorCodeOf(result);
      const kind = request.kind === 'ORIGINAL' ? 'publish' : 'correction';
      if (code && DUPLICATE_KEY[kind].has(code)) {
        const found = await find(request.key, signal);
        if (found) return found;
        throw unavailable(`VNPT Invoice báo trùng Fkey ${request.key} nhưng chưa tra được hóa đơn: sẽ thử lại.`);
      }
      if (code && TRANSIENT[kind].has(code)) throw unavailable(`VNPT Invoice chưa phát hành được (${code}): sẽ thử lại.`);
      if (code) {
        const message = (kind === 'correction' ? CORRECTION_ERRORS[code] : undefined) ?? PUBLISH_ERRORS[code] ?? `VNPT Invoice từ chối hóa đơn (mã ${code}).`;
        throw new EInvoiceRefused(code, message);
      }
      const ok = parseOkResult(result, request.key);
      if (!ok) {
        // An answer we cannot read may still be an issued invoice: the key tells.
        const found = await find(request.key, signal);
        if (found) return found;
        throw unavailable(`VNPT Invoice trả kết quả không đọc được khi gọi ${operation}: sẽ tra lại.`);
      }
      let taxAuthorityCode = ok.mccqt;
      if (!taxAuthorityCode) taxAuthorityCode = (await find(request.key, signal))?.taxAuthorityCode ?? null;
      return {
        providerRef: request.key,
        series: ok.serial || settings.serial,
        number: ok.number,
        taxAuthorityCode,
        lookupCode: request.key,
        lookupUrl,
        // VNPT dates the invoice with the ArisingDate sent: the sale's day in Vietnam.
        issuedAt: vietnamInstant(vietnamDateOf(request.document.issuedAt), '00:00').toISOString(),
        raw: result.slice(0, RAW_LIMIT),
      };
    },

    async download(issued, format, signal) {
      // PDF comes as base64; the XML (downloadInvFkeyNoPay) as its text.
      const operation = format === 'pdf' ? 'downloadInvPDFFkeyNoPay' : 'downloadInvFkeyNoPay';
      const result = await call(VNPT_SERVICES.portal, operation, { fkey: issued.providerRef, ...portalCredentials() }, `download:${issued.providerRef}:${format}`, signal);
      const code = errorCodeOf(result);
      if (code) throw new EInvoiceRefused(code, PORTAL_ERRORS[code] ?? `VNPT Invoice không trả tệp của hóa đơn số ${issued.number} (${code}).`);
      if (!result.trim()) throw unavailable(`VNPT Invoice chưa có tệp của hóa đơn số ${issued.number}: thử lại sau.`);
      return format === 'pdf' ? Buffer.from(result.replace(/\s/g, ''), 'base64') : Buffer.from(result, 'utf8');
    },
  };
}
