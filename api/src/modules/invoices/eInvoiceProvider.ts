import { XMLBuilder } from 'fast-xml-parser';
import { amountInVietnameseWords, vietnamDateOf } from 'shared-contracts/schemas';
import { invoiceTotals, type InvoiceDocument } from './invoiceDocument';

/**
 * The e-invoice provider (MISA meInvoice, VNPT, Viettel S-Invoice …): signs the invoice data and submits it to the
 * tax authority. The shop hands it the data; `issue` answers with the provider's reference and the XML it sent.
 */
export interface EInvoiceProvider {
  issue(invoice: EInvoiceData): Promise<{ providerRef: string; xml: string }>;
}

export interface EInvoiceData {
  document: InvoiceDocument;
  /** The invoice number in its series (SHDon, ≤ 8 digits): the request's id. */
  number: number;
}

/** Template 1 (VAT invoice), series C = with the tax authority's code, yy = the year, T = a registered enterprise, YY. */
export function invoiceSeries(issuedAt: Date): string {
  return `C${vietnamDateOf(issuedAt).slice(2, 4)}TYY`;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, suppressEmptyNode: false });

/**
 * The invoice data in the structure of Circular 78/2021/TT-BTC as laid out by the General Department of Taxation's
 * Decision 1450/QĐ-TCT (HDon > DLHDon > TTChung, NDHDon > NBan, NMua, DSHHDVu, TToan), unsigned: the signature
 * (DSCKS) and the tax authority's code are the provider's.
 */
export function circular78Xml(data: EInvoiceData, providerTaxCode: string): string {
  const { document } = data;
  const totals = invoiceTotals(document.lines);
  const buyer = document.company ?? document.buyer;
  const tree = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    HDon: {
      DLHDon: {
        '@Id': 'DLHDon',
        TTChung: {
          PBan: '2.0.0',
          THDon: 'Hóa đơn giá trị gia tăng',
          KHMSHDon: 1,
          KHHDon: invoiceSeries(document.issuedAt),
          SHDon: data.number,
          NLap: vietnamDateOf(document.issuedAt),
          DVTTe: 'VND',
          TGia: 1,
          HTTToan: document.paymentMethod,
          // The solution provider's tax code; the stand-in has none of its own and gives the seller's.
          MSTTCGP: providerTaxCode,
        },
        NDHDon: {
          NBan: { Ten: document.seller.name, MST: document.seller.taxCode ?? '', DChi: document.seller.address ?? '' },
          NMua: { Ten: buyer.name, MST: buyer.taxCode ?? '', DChi: buyer.address ?? '', DCTDTu: buyer.email ?? '' },
          DSHHDVu: {
            HHDVu: document.lines.map((line, index) => ({
              TChat: line.kind,
              STT: index + 1,
              THHDVu: line.name,
              DVTinh: line.unit,
              SLuong: line.quantity,
              // Before tax, as the invoice's lines are: the line's share of its rate's amount before tax.
              DGia: line.quantity > 0 ? Math.round(Math.abs(totals.lineNet[index]!) / line.quantity) : 0,
              ThTien: Math.abs(totals.lineNet[index]!),
              TSuat: `${line.vatRate}%`,
            })),
          },
          TToan: {
            THTTLTSuat: { LTSuat: totals.rows.map((row) => ({ TSuat: `${row.rate}%`, ThTien: row.net, TThue: row.vat })) },
            TgTCThue: totals.net,
            TgTThue: totals.vat,
            TgTTTBSo: totals.gross,
            // An adjustment that reduces (a refund) is negative, its amount in words "Âm …".
            TgTTTBChu: totals.gross < 0 ? `Âm ${amountInVietnameseWords(-totals.gross).replace(/^./, (first) => first.toLowerCase())}` : amountInVietnameseWords(totals.gross),
          },
        },
      },
    },
  };
  return builder.build(tree) as string;
}

/**
 * The stand-in of development, the tests and the demo: builds the XML and answers with a reference of its own
 * (STANDIN-series-number), submitting nothing.
 */
export function createStandInEInvoiceProvider(sellerTaxCode: string): EInvoiceProvider {
  return {
    async issue(data) {
      const xml = circular78Xml(data, sellerTaxCode);
      return { providerRef: `STANDIN-${invoiceSeries(data.document.issuedAt)}-${String(data.number).padStart(8, '0')}`, xml };
    },
  };
}
