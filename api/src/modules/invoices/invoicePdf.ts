import { amountInVietnameseWords, formatCalendarDate, formatVndPlain, vietnamDateOf } from 'shared-contracts/schemas';
import { drawQr, openRobotoPdf } from '../../lib/pdf/robotoPdf';
import { invoiceTotals, type InvoiceDocument, type InvoiceParty } from './invoiceDocument';

const PAGE_MARGIN = 40;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * PAGE_MARGIN;
const QR_SIZE = 84;

/** Columns of the lines table: x and width (points). */
const COLUMNS = {
  no: { x: PAGE_MARGIN, width: 24 },
  name: { x: PAGE_MARGIN + 24, width: 200 },
  quantity: { x: PAGE_MARGIN + 224, width: 40 },
  unitPrice: { x: PAGE_MARGIN + 264, width: 80 },
  rate: { x: PAGE_MARGIN + 344, width: 44 },
  amount: { x: PAGE_MARGIN + 388, width: CONTENT_WIDTH - 388 },
} as const;

const percent = (rate: number) => `${rate}%`;

function party(doc: PDFKit.PDFDocument, heading: string, who: InvoiceParty, width: number): void {
  doc.font('bold').fontSize(10).text(heading, { width });
  doc.font('regular').fontSize(9.5);
  doc.text(who.name, { width });
  if (who.taxCode) doc.text(`Mã số thuế: ${who.taxCode}`, { width });
  if (who.address) doc.text(`Địa chỉ: ${who.address}`, { width });
  if (who.phone) doc.text(`Điện thoại: ${who.phone}`, { width });
  if (who.email) doc.text(`Email: ${who.email}`, { width });
}

function row(doc: PDFKit.PDFDocument, cells: Array<[keyof typeof COLUMNS, string, 'left' | 'right' | 'center']>, options: { bold?: boolean } = {}): void {
  const y = doc.y;
  doc.font(options.bold ? 'bold' : 'regular').fontSize(9);
  let bottom = y;
  for (const [column, text, align] of cells) {
    const { x, width } = COLUMNS[column];
    doc.text(text, x + 2, y, { width: width - 4, align });
    bottom = Math.max(bottom, doc.y);
  }
  doc.y = bottom + 3;
  doc.x = PAGE_MARGIN;
}

function rule(doc: PDFKit.PDFDocument): void {
  doc.moveTo(PAGE_MARGIN, doc.y).lineTo(PAGE_MARGIN + CONTENT_WIDTH, doc.y).lineWidth(0.5).strokeColor('#999').stroke();
  doc.y += 3;
}

/** Renders the receipt or invoice as an A4 PDF: seller, buyer, lines, VAT per rate, totals and words, payment, QR. */
export async function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const { doc, bytes } = await openRobotoPdf({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: { Title: `${document.title} ${document.code}`, Author: document.seller.name, Subject: document.orderCode },
  });

  const totals = invoiceTotals(document.lines);
  const top = doc.y;
  drawQr(doc, document.lookupUrl, PAGE_MARGIN + CONTENT_WIDTH - QR_SIZE, top, QR_SIZE);
  party(doc, 'Đơn vị bán hàng', document.seller, CONTENT_WIDTH - QR_SIZE - 16);
  doc.moveDown(0.6);
  doc.font('bold').fontSize(16).text(document.title, PAGE_MARGIN, Math.max(doc.y, top + QR_SIZE + 6), { width: CONTENT_WIDTH, align: 'center' });
  const { eInvoice } = document;
  if (eInvoice) {
    doc.font('regular').fontSize(9.5).text(`Ký hiệu: ${eInvoice.series} · Số: ${String(eInvoice.number).padStart(8, '0')} · Đơn hàng: ${document.orderCode}`, { width: CONTENT_WIDTH, align: 'center' });
    if (eInvoice.taxAuthorityCode) doc.text(`Mã của cơ quan thuế: ${eInvoice.taxAuthorityCode}`, { width: CONTENT_WIDTH, align: 'center' });
  } else {
    doc.font('regular').fontSize(9.5).text(`Mã: ${document.code}${document.orderCode !== document.code ? ` · Phiếu: ${document.orderCode}` : ''}`, { width: CONTENT_WIDTH, align: 'center' });
  }
  doc.text(`Ngày: ${formatCalendarDate(vietnamDateOf(document.issuedAt))}`, { width: CONTENT_WIDTH, align: 'center' });
  if (eInvoice?.note) doc.text(eInvoice.note, { width: CONTENT_WIDTH, align: 'center' });
  doc.moveDown(0.8);

  party(doc, 'Người mua', document.buyer, CONTENT_WIDTH);
  if (document.company) {
    doc.moveDown(0.4);
    party(doc, 'Xuất hóa đơn cho đơn vị', document.company, CONTENT_WIDTH);
  }
  doc.font('regular').fontSize(9.5).text(`Hình thức thanh toán: ${document.paymentMethod} · ${document.paymentStatus}`, PAGE_MARGIN, doc.y + 4, { width: CONTENT_WIDTH });
  doc.moveDown(0.8);

  row(doc, [['no', 'STT', 'center'], ['name', 'Tên hàng hóa, dịch vụ', 'left'], ['quantity', 'SL', 'right'], ['unitPrice', 'Đơn giá', 'right'], ['rate', 'Thuế suất', 'right'], ['amount', 'Thành tiền', 'right']], { bold: true });
  rule(doc);
  document.lines.forEach((line, index) => {
    row(doc, [
      ['no', String(index + 1), 'center'],
      ['name', line.unit ? `${line.name} (${line.unit})` : line.name, 'left'],
      ['quantity', String(line.quantity), 'right'],
      ['unitPrice', formatVndPlain(line.unitPrice), 'right'],
      ['rate', percent(line.vatRate), 'right'],
      ['amount', formatVndPlain(line.amount), 'right'],
    ]);
  });
  rule(doc);
  doc.moveDown(0.4);

  doc.font('bold').fontSize(10).text('Tổng hợp thuế GTGT', PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  row(doc, [['name', 'Thuế suất', 'left'], ['unitPrice', 'Chưa thuế', 'right'], ['rate', '', 'right'], ['amount', 'Tiền thuế', 'right']], { bold: true });
  for (const vatRow of totals.rows) {
    row(doc, [['name', `Thuế suất ${percent(vatRow.rate)}`, 'left'], ['unitPrice', formatVndPlain(vatRow.net), 'right'], ['amount', formatVndPlain(vatRow.vat), 'right']]);
  }
  rule(doc);
  row(doc, [['name', 'Tổng tiền chưa thuế', 'left'], ['amount', formatVndPlain(totals.net), 'right']]);
  row(doc, [['name', 'Tổng tiền thuế GTGT', 'left'], ['amount', formatVndPlain(totals.vat), 'right']]);
  row(doc, [['name', 'Tổng cộng thanh toán', 'left'], ['amount', formatVndPlain(totals.gross), 'right']], { bold: true });
  doc.moveDown(0.4);
  doc.font('regular').fontSize(9.5).text(`Số tiền viết bằng chữ: ${amountInVietnameseWords(totals.gross)}`, PAGE_MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(1);
  doc.fontSize(8.5).fillColor('#555').text(`Tra cứu: ${document.lookupUrl}${eInvoice ? ` · Mã tra cứu: ${eInvoice.lookupCode}` : ''}`, { width: CONTENT_WIDTH });
  doc.text(
    eInvoice
      ? 'Giá đã bao gồm thuế GTGT. Bản thể hiện của hóa đơn điện tử (Nghị định 123/2020/NĐ-CP, sửa đổi bởi Nghị định 70/2025/NĐ-CP).'
      : 'Giá đã bao gồm thuế GTGT. Chứng từ này không thay thế hóa đơn điện tử; hóa đơn GTGT cho doanh nghiệp được xuất theo yêu cầu.',
    { width: CONTENT_WIDTH },
  );
  doc.end();
  return bytes;
}
