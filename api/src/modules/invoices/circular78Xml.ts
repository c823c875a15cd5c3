import { XMLBuilder } from 'fast-xml-parser';
import { amountInVietnameseWords, vietnamDateOf } from 'shared-contracts/schemas';
import { invoiceTotals, type InvoiceDocument } from './invoiceDocument';

/** What Circular 78's XML is built from: the sale's document, its number in its series and what it corrects. */
export interface EInvoiceData {
  document: InvoiceDocument;
  /** The invoice number in its series (SHDon, ≤ 8 digits): the request's id. */
  number: number;
  /** The issued invoice an adjustment or a replacement corrects (Decree 123 Art. 19), printed as TTHDLQuan with the reason. */
  corrects?: { kind: 'ADJUSTMENT' | 'REPLACEMENT'; series: string; number: number; issuedOn: string; reason: string };
}

/** Template 1 (VAT invoice), series C = with the tax authority's code, yy = the year, T = a registered enterprise, YY. */
export function invoiceSeries(issuedAt: Date): string {
  return `C${vietnamDateOf(issuedAt).slice(2, 4)}TYY`;
}

/**
 * Decision 1450's related-invoice block (TTChung > TTHDLQuan): TCHDon 1 = thay thế (replacement), 2 = điều chỉnh
 * (adjustment); LHDCLQuan 1 = the related invoice is an e-invoice under Decree 123; then its template (KHMSHDCLQuan),
 * series (KHHDCLQuan), number (SHDCLQuan), date (NLHDCLQuan, yyyy-MM-dd) and a note (GChu): the reason. Names and
 * order as public Decision 1450 implementations have them (e.g. a pydantic model of the invoice with
 * TTHDLQuan{TCHDon: int, LHDCLQuan: int, KHMSHDCLQuan, KHHDCLQuan, SHDCLQuan: int, NLHDCLQuan, GChu?} after MSTTCGP,
 * and providers' XSLT printing "thay thế" for TCHDon=1 and "điều chỉnh" for TCHDon=2).
 */
function relatedInvoice(corrects: NonNullable<EInvoiceData['corrects']>) {
  return {
    TCHDon: corrects.kind === 'REPLACEMENT' ? 1 : 2,
    LHDCLQuan: 1,
    KHMSHDCLQuan: 1,
    KHHDCLQuan: corrects.series,
    SHDCLQuan: corrects.number,
    NLHDCLQuan: corrects.issuedOn,
    GChu: corrects.reason,
  };
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
          ...(data.corrects ? { TTHDLQuan: relatedInvoice(data.corrects) } : {}),
        },
        NDHDon: {
          NBan: { Ten: document.seller.name, MST: document.seller.taxCode ?? '', DChi: document.seller.address ?? '' },
          NMua: { Ten: buyer.name, MST: buyer.taxCode ?? '', DChi: buyer.address ?? '', DCTDTu: buyer.email ?? '' },
          DSHHDVu: {
            HHDVu: document.lines.map((line, index) => {
              // Before tax, as the invoice's lines are. A trade discount (TChat 3) states its amount and is subtracted;
              // an adjustment's reducing line (TChat 1) is negative, so each rate's lines add up to its LTSuat row.
              const amount = line.kind === 3 ? Math.abs(totals.lineNet[index]!) : totals.lineNet[index]!;
              return {
                TChat: line.kind,
                STT: index + 1,
                THHDVu: line.name,
                DVTinh: line.unit,
                SLuong: line.quantity,
                DGia: line.quantity > 0 ? Math.round(amount / line.quantity) : 0,
                ThTien: amount,
                TSuat: `${line.vatRate}%`,
              };
            }),
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
