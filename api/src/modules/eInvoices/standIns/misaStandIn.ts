import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startLoopbackStandIn, type LoopbackOptions, type PublishMode } from './loopbackStandIn';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- MISA's JSON, read field by field

/** The account the stand-in accepts (POST /auth/token's fields); `taxcode` is also the CompanyTaxCode of every call. */
export const MISA_STAND_IN_ACCOUNT = { appid: 'app-1', taxcode: '0101243150', username: 'ketoan@shop.vn', password: 'mat-khau' };
/** The series the stand-in is sent (E_INVOICE_SERIES: MISA's form, the template's digit first). */
export const MISA_STAND_IN_SERIES = '1C26TYY';
/** The bytes of every PDF the stand-in answers. */
export const MISA_STAND_IN_PDF = Buffer.from('%PDF-1.4\n% hóa đơn\n');

export interface MisaStoredInvoice {
  refId: string;
  transactionId: string;
  invNo: string;
  invDate: string;
  mccqt: string;
  data: Json;
}

export interface MisaStandInOptions extends LoopbackOptions {
  /** The account it accepts, over MISA_STAND_IN_ACCOUNT (a development API's tax code is its SHOP_TAX_CODE). */
  account?: Partial<typeof MISA_STAND_IN_ACCOUNT>;
}

/**
 * A stand-in for MISA meInvoice's api/v3 on loopback, as its documents describe it: a token for AppID + MST + user +
 * password, Bearer + CompanyTaxCode on every call, publishhsm keeping invoices by RefID (a repeat answers
 * DuplicateInvoiceRefID), numbers, TransactionIDs and MCCQTs of its own, status by RefID and downloads. It refuses an
 * invoice whose lines and totals disagree (an ErrorCode in the publish answer, as MISA does), so a wrong mapping fails
 * the tests. `nextPublish` makes the next publishing call meet a 5xx, no answer or a lost answer.
 */
export async function misaStandIn(options: MisaStandInOptions = {}) {
  const credentials = { ...MISA_STAND_IN_ACCOUNT, ...options.account };
  const invoices = new Map<string, MisaStoredInvoice>();
  const published: Json[] = [];
  let tokens = new Set<string>();
  let logins = 0;
  let number = 0;
  /** What the next call to the publishing endpoint meets. */
  let publishMode: PublishMode = 'normal';

  const envelope = (data: unknown, errorCode: string | null = null) => ({ Success: errorCode === null, Data: data, ErrorCode: errorCode, Errors: [] });

  function checkInvoice(item: Json): string | null {
    const data = item.OriginalInvoiceData as Json | undefined;
    if (!data || item.RefID !== data.RefID) return 'RequireError_RefID';
    for (const field of ['InvSeries', 'InvoiceName', 'InvDate', 'CurrencyCode', 'PaymentMethodName', 'TotalAmountInWords', 'OptionUserDefined']) {
      if (data[field] === undefined || data[field] === '') return `RequireError_${field}`;
    }
    if (!/^[12][CK]\d{2}[A-Z][A-Z0-9]{2}$/.test(data.InvSeries)) return 'InvoiceTemplateNotExist';
    if (data.BuyerTaxCode !== undefined && !/^\d{10}(-\d{3})?$/.test(data.BuyerTaxCode)) return 'InvalidTaxCode';
    const details = data.OriginalInvoiceDetail as Json[];
    if (!Array.isArray(details) || details.length === 0) return 'RequireError_OriginalInvoiceDetail';
    const byRate = new Map<string, { net: number; vat: number }>();
    let net = 0;
    let vat = 0;
    for (const line of details) {
      if (![1, 3].includes(line.ItemType)) return 'InvoiceDetail_ItemType';
      if (!line.ItemName) return 'InvoiceDetail_ItemName';
      const rate = /^(0|5|8|10)%$/.exec(line.VATRateName)?.[1];
      if (rate === undefined) return 'InvoiceDetail_VATRateName';
      // Invoice_recipe: AmountOC = UnitPrice × Quantity (unit prices to 2 decimals), VAT = net × rate, to the đồng.
      if (Math.abs(line.UnitPrice * line.Quantity - line.AmountOC) > Math.max(1, Math.abs(line.Quantity) * 0.005)) return 'InvoiceDetail_UnitPrice';
      if (line.AmountWithoutVATOC !== line.AmountOC - line.DiscountAmountOC) return 'InvoiceDetail_AmountWithoutVATOC';
      if (Math.abs(line.VATAmountOC - (line.AmountWithoutVATOC * Number(rate)) / 100) > 1) return 'InvoiceDetail_VATAmountOC';
      const sign = line.ItemType === 3 ? -1 : 1;
      net += sign * line.AmountWithoutVATOC;
      vat += sign * line.VATAmountOC;
      const row = byRate.get(line.VATRateName) ?? { net: 0, vat: 0 };
      row.net += sign * line.AmountWithoutVATOC;
      row.vat += sign * line.VATAmountOC;
      byRate.set(line.VATRateName, row);
    }
    if (data.TotalAmountWithoutVATOC !== net || data.TotalSaleAmountOC !== net) return 'InvalidInvoiceData';
    if (data.TotalVATAmountOC !== vat || data.TotalAmountOC !== net + vat) return 'InvalidInvoiceData';
    const rates = data.TaxRateInfo as Json[];
    if (!Array.isArray(rates) || rates.length !== byRate.size) return 'TaxRateInfo_VATRateName';
    for (const rate of rates) {
      const row = byRate.get(rate.VATRateName);
      if (!row || row.net !== rate.AmountWithoutVATOC || row.vat !== rate.VATAmountOC) return 'TaxRateInfo_VATRateName';
    }
    if (byRate.has('8%') && data.IsTaxReduction43 !== true) return 'TaxReductionDateInValid';
    if (data.ReferenceType !== undefined) {
      for (const field of ['OrgInvoiceType', 'OrgInvTemplateNo', 'OrgInvSeries', 'OrgInvNo', 'OrgInvDate', 'InvoiceNote']) {
        if (!data[field]) return `RequireError_${field}`;
      }
      const original = [...invoices.values()].find((stored) => stored.invNo === data.OrgInvNo);
      if (!original) return 'InvoiceCannotAdjust';
    }
    return null;
  }

  function statusRecord(stored: MisaStoredInvoice): Json {
    return { RefID: stored.refId, TransactionID: stored.transactionId, InvNo: stored.invNo, InvDate: stored.invDate, InvSeries: 'C26TYY', InvTempl: '1', InvoiceCode: stored.mccqt, EInvoiceStatus: 1, PublishStatus: 1 };
  }

  async function handle(request: IncomingMessage, response: ServerResponse, body: string): Promise<void> {
    const send = (status: number, payload: unknown) => sendJson(response, status, payload);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const json = body ? (JSON.parse(body) as unknown) : null;
    if (request.method !== 'POST') return void send(405, envelope(null, 'MethodNotAllowed'));
    if (url.pathname === '/auth/token') {
      const given = json as Json;
      if (Object.entries(credentials).some(([name, value]) => given?.[name] !== value)) return void send(200, envelope(null, 'UnAuthorize'));
      logins += 1;
      const token = `token-${logins}-${randomUUID()}`;
      tokens.add(token);
      return void send(200, envelope(token));
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer) || request.headers.companytaxcode !== credentials.taxcode) return void send(401, { Message: 'Authorization has been denied for this request.' });

    if (url.pathname === '/code/itg/invoicepublishing/publishhsm') {
      const mode = publishMode;
      publishMode = 'normal';
      if (mode === 'hang') return;
      if (mode === 'http500') return void send(500, envelope(null, 'Exception'));
      const results = (json as Json[]).map((item) => {
        const refId = String(item.RefID);
        if (invoices.has(refId)) return { RefID: refId, ErrorCode: 'DuplicateInvoiceRefID' };
        const error = checkInvoice(item);
        if (error) return { RefID: refId, ErrorCode: error };
        number += 1;
        const stored: MisaStoredInvoice = {
          refId,
          transactionId: `TX${String(number).padStart(4, '0')}${randomUUID().slice(0, 6).toUpperCase()}`,
          invNo: String(number).padStart(8, '0'),
          invDate: item.OriginalInvoiceData.InvDate,
          mccqt: `00${randomUUID().replace(/-/g, '').toUpperCase()}`,
          data: item.OriginalInvoiceData,
        };
        invoices.set(refId, stored);
        published.push(item.OriginalInvoiceData);
        // The publish answer carries the number and the TransactionID; the MCCQT is read from the status.
        return { RefID: refId, TransactionID: stored.transactionId, InvNo: stored.invNo, InvDate: stored.invDate, InvSeries: 'C26TYY', InvTemplateNo: '1', ErrorCode: '' };
      });
      if (mode === 'drop') return void request.socket.destroy();
      return void send(200, envelope(JSON.stringify(results)));
    }
    if (url.pathname === '/code/invoicepublished/invoice-status/refid') {
      const records = (json as string[]).flatMap((refId) => (invoices.has(refId) ? [statusRecord(invoices.get(refId)!)] : []));
      return void send(200, envelope(JSON.stringify(records)));
    }
    if (url.pathname === '/code/itg/invoicepublished/downloadinvoice') {
      const type = url.searchParams.get('downloadDataType');
      const records = (json as string[]).flatMap((transactionId) => {
        const stored = [...invoices.values()].find((invoice) => invoice.transactionId === transactionId);
        if (!stored) return [];
        return [{ TransactionID: transactionId, Data: type === 'PDF' ? MISA_STAND_IN_PDF.toString('base64') : `<HDon><SHDon>${Number(stored.invNo)}</SHDon></HDon>` }];
      });
      return void send(200, envelope(JSON.stringify(records)));
    }
    send(404, envelope(null, 'NotFound'));
  }

  const server = await startLoopbackStandIn(handle, options);
  return {
    url: server.url,
    invoices,
    published,
    logins: () => logins,
    /** Every token given so far stops being accepted (MISA's 15 days are over). */
    expireTokens: () => void (tokens = new Set()),
    nextPublish: (mode: PublishMode) => void (publishMode = mode),
    /** The API's environment to issue through this stand-in (development only; SHOP_TAX_CODE is its CompanyTaxCode). */
    environment: {
      E_INVOICE_PROVIDER: 'misa',
      E_INVOICE_API_URL: server.url,
      E_INVOICE_APP_ID: credentials.appid,
      E_INVOICE_USERNAME: credentials.username,
      E_INVOICE_PASSWORD: credentials.password,
      E_INVOICE_SERIES: MISA_STAND_IN_SERIES,
      SHOP_TAX_CODE: credentials.taxcode,
    } as Record<string, string>,
    close: server.close,
  };
}

export type MisaStandIn = Awaited<ReturnType<typeof misaStandIn>>;
