import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { XMLParser } from 'fast-xml-parser';
import { startLoopbackStandIn, type LoopbackOptions, type PublishMode } from './loopbackStandIn';

type Xml = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- VNPT's XML, read field by field

/** The accounts the stand-in accepts: the admin account (Account/ACpass) and the service user. */
export const VNPT_STAND_IN_ACCOUNT = { account: 'shopadmin', accountPassword: 'Einv@admin', username: 'shopservice', password: 'Einv@service' };
/** The template (pattern) and series (serial) it issues under. */
export const VNPT_STAND_IN_PATTERN = '1/001';
export const VNPT_STAND_IN_SERIAL = 'C26TYY';
/** The bytes of every PDF it answers. */
export const VNPT_STAND_IN_PDF = Buffer.from('%PDF-1.4\n% hóa đơn VNPT\n');

export interface VnptStoredInvoice {
  fkey: string;
  number: number;
  mccqt: string;
  operation: string;
  data: Xml;
  /** The Fkey of the invoice it corrects, for an adjustment or a replacement. */
  corrects: string | null;
}

const CREDENTIALS = VNPT_STAND_IN_ACCOUNT;
const PATTERN = VNPT_STAND_IN_PATTERN;
const SERIAL = VNPT_STAND_IN_SERIAL;
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false, isArray: (name) => name === 'Product' });
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const num = (value: unknown) => Number(value);

/**
 * A stand-in for a VNPT Invoice portal's .asmx services on loopback, as VNPT's integration document describes them:
 * SOAP 1.1 with SOAPAction, Account/ACpass + service user on every publishing call, invoices kept by Fkey (a repeat
 * answers ERR:13), numbers and MCCQTs of its own, listInvByCusFkey and the PDF download. It answers ERR:3 for an invoice
 * whose lines and totals disagree, so a wrong mapping fails the tests. `nextPublish` makes the next publishing call meet
 * a SOAP fault (500), no answer or a lost answer.
 */
export async function vnptStandIn(options: LoopbackOptions = {}) {
  const invoices = new Map<string, VnptStoredInvoice>();
  let number = 0;
  /** What the next publishing call (ImportAndPublishInv, AdjustInvoiceAction, ReplaceInvoiceAction) meets. */
  let publishMode: PublishMode = 'normal';
  const calls: string[] = [];

  /** ERR:3 for anything VNPT's "Dữ liệu xml đầu vào không đúng quy định" would refuse, else null. */
  function checkInvoice(data: Xml, adjusting: boolean): string | null {
    for (const field of ['CusName', 'PaymentMethod', 'ArisingDate', 'Total', 'VATRate', 'VATAmount', 'Amount', 'AmountInWords']) {
      if (data[field] === undefined || data[field] === '') return `ERR:3 thiếu ${field}`;
    }
    if (data.CusTaxCode && !/^\d{10}(-\d{3})?$/.test(data.CusTaxCode)) return 'ERR:3 CusTaxCode';
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(data.ArisingDate)) return 'ERR:3 ArisingDate';
    const products = (data.Products?.Product ?? []) as Xml[];
    if (products.length === 0) return 'ERR:3 Products';
    const byRate = new Map<number, { net: number; vat: number }>();
    let net = 0;
    let vat = 0;
    for (const product of products) {
      const [total, tax, amount, rate, isSum] = [num(product.Total), num(product.VATAmount), num(product.Amount), num(product.VATRate), num(product.IsSum)];
      if (!product.ProdName || ![0, 2].includes(isSum) || ![0, 5, 8, 10].includes(rate)) return 'ERR:3 Product';
      if (total < 0 || tax < 0 || amount < 0) return 'ERR:3 âm';
      if (amount !== total + tax) return 'ERR:3 Product Amount';
      if (Math.abs(tax - (total * rate) / 100) > 1) return 'ERR:3 Product VATAmount';
      if (Math.abs(num(product.ProdPrice) * num(product.ProdQuantity) - total) > 1) return 'ERR:3 ProdPrice';
      const sign = isSum === 2 ? -1 : 1;
      net += sign * total;
      vat += sign * tax;
      const row = byRate.get(rate) ?? { net: 0, vat: 0 };
      row.net += sign * total;
      row.vat += sign * tax;
      byRate.set(rate, row);
    }
    if (num(data.Total) !== net || num(data.VATAmount) !== vat || num(data.Amount) !== net + vat) return 'ERR:3 tổng';
    for (const [rate, row] of byRate) {
      if (num(data[`GrossValue${rate}`]) !== row.net || num(data[`VatAmount${rate}`]) !== row.vat) return `ERR:3 GrossValue${rate}`;
    }
    if (adjusting && !['2', '3'].includes(data.Type)) return 'ERR:3 Type';
    return null;
  }

  function publish(fkey: string, data: Xml, operation: string, corrects: string | null): string {
    if (invoices.has(fkey)) return 'ERR:13';
    const error = checkInvoice(data, operation === 'AdjustInvoiceAction');
    if (error) return error.split(' ')[0]!;
    number += 1;
    invoices.set(fkey, { fkey, number, mccqt: `M1-26-${randomUUID().slice(0, 5).toUpperCase()}-${String(number).padStart(11, '0')}`, operation, data, corrects });
    // The document's answer: pattern;serial-key_number (the MCCQT is read from listInvByCusFkey).
    return `OK:${PATTERN};${SERIAL}-${fkey}_${number}`;
  }

  function listItem(stored: VnptStoredInvoice): string {
    return `<Item><index>3</index><fkey>${stored.fkey}</fkey><name>Hóa đơn giá trị gia tăng</name><publishDate>3/5/2026 10:15:00 AM</publishDate>`
      + `<signStatus>0</signStatus><pattern>${PATTERN}</pattern><serial>${SERIAL}</serial><invNum>${stored.number}</invNum><payment>1</payment>`
      + `<Amount>${stored.data.Amount}</Amount><status>1</status><MCCQT>${stored.mccqt}</MCCQT></Item>`;
  }

  /** The answer of `operation`, or null to say nothing (hang / drop). */
  function answer(operation: string, parameters: Xml): string | null {
    const service = parameters.username ?? parameters.userName;
    const servicePassword = parameters.password ?? parameters.userPass;
    if (service !== CREDENTIALS.username || servicePassword !== CREDENTIALS.password) return 'ERR:1';
    if (operation === 'ImportAndPublishInv' || operation === 'AdjustInvoiceAction' || operation === 'ReplaceInvoiceAction') {
      if (parameters.Account !== CREDENTIALS.account || parameters.ACpass !== CREDENTIALS.accountPassword) return 'ERR:1';
      if (parameters.pattern !== PATTERN || parameters.serial !== SERIAL) return 'ERR:20';
      const xml = parser.parse(parameters.xmlInvData) as Xml;
      if (operation === 'ImportAndPublishInv') {
        const inv = xml.Invoices?.Inv;
        if (!inv?.key || !inv.Invoice) return 'ERR:3';
        return publish(inv.key, inv.Invoice, operation, null);
      }
      const root = xml[operation === 'AdjustInvoiceAction' ? 'AdjustInv' : 'ReplaceInv'];
      if (!root?.key) return 'ERR:3';
      if (!invoices.has(parameters.fkey)) return 'ERR:2';
      return publish(root.key, root, operation, parameters.fkey);
    }
    if (operation === 'listInvByCusFkey') {
      const stored = invoices.get(parameters.key);
      return `<Data>${stored ? listItem(stored) : ''}</Data>`;
    }
    if (operation === 'downloadInvPDFFkeyNoPay') return invoices.has(parameters.fkey) ? VNPT_STAND_IN_PDF.toString('base64') : 'ERR:6';
    if (operation === 'downloadInvFkeyNoPay') {
      const stored = invoices.get(parameters.fkey);
      return stored ? `<HDon><DLHDon><TTChung><SHDon>${stored.number}</SHDon></TTChung></DLHDon></HDon>` : 'ERR:6';
    }
    return null;
  }

  const SERVICES: Record<string, string[]> = {
    '/PublishService.asmx': ['ImportAndPublishInv'],
    '/BusinessService.asmx': ['AdjustInvoiceAction', 'ReplaceInvoiceAction'],
    '/PortalService.asmx': ['listInvByCusFkey', 'downloadInvPDFFkeyNoPay', 'downloadInvFkeyNoPay'],
  };

  function handle(request: IncomingMessage, response: ServerResponse, body: string): void {
    const fault = (status: number, message: string): void => void
      response.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' })
        .end(`<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>${escape(message)}</faultstring></soap:Fault></soap:Body></soap:Envelope>`);
    if (request.method !== 'POST' || !/^text\/xml/.test(request.headers['content-type'] ?? '')) return fault(415, 'SOAP 1.1 expected');
    const envelope = (parser.parse(body) as Xml).Envelope;
    const [operation, parameters] = Object.entries((envelope?.Body ?? {}) as Xml)[0] ?? [];
    // removeNSPrefix drops xmlns attributes: the operation's namespace is checked on the text.
    if (!operation || !new RegExp(`<${operation} xmlns="http://tempuri.org/">`).test(body)) return fault(500, 'Body without a tempuri.org operation');
    if (request.headers.soapaction !== `"http://tempuri.org/${operation}"`) return fault(500, 'SOAPAction does not match');
    if (!SERVICES[request.url ?? '']?.includes(operation)) return fault(500, `${operation} is not on ${request.url}`);
    calls.push(operation);
    const publishing = !SERVICES['/PortalService.asmx']!.includes(operation);
    const mode = publishing ? publishMode : 'normal';
    if (publishing) publishMode = 'normal';
    if (mode === 'hang') return;
    if (mode === 'http500') return fault(500, 'Server was unable to process request.');
    const result = answer(operation, parameters as Xml);
    if (result === null) return fault(500, 'Unknown operation');
    if (mode === 'drop') return void request.socket.destroy();
    response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>`
        + `<${operation}Response xmlns="http://tempuri.org/"><${operation}Result>${escape(result)}</${operation}Result></${operation}Response></soap:Body></soap:Envelope>`,
    );
  }

  const server = await startLoopbackStandIn(handle, options);
  return {
    url: server.url,
    invoices,
    calls,
    nextPublish: (mode: PublishMode) => void (publishMode = mode),
    /** The API's environment to issue through this stand-in (development only). */
    environment: {
      E_INVOICE_PROVIDER: 'vnpt',
      E_INVOICE_API_URL: server.url,
      E_INVOICE_ACCOUNT: CREDENTIALS.account,
      E_INVOICE_ACCOUNT_PASSWORD: CREDENTIALS.accountPassword,
      E_INVOICE_USERNAME: CREDENTIALS.username,
      E_INVOICE_PASSWORD: CREDENTIALS.password,
      E_INVOICE_TEMPLATE: PATTERN,
      E_INVOICE_SERIES: SERIAL,
    } as Record<string, string>,
    close: server.close,
  };
}

export type VnptStandIn = Awaited<ReturnType<typeof vnptStandIn>>;
