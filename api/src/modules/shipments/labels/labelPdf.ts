import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatVndPlain, PARCEL_INSPECTION_LABELS, type LabelSize, type ParcelInspectionRule } from 'shared-contracts/schemas';
import { drawQr, openRobotoPdf } from '../../../lib/pdf/robotoPdf';

/** What one label prints: everything read before drawing, so the drawing is pure and the same for 1 or 500. */
export interface ShipmentLabel {
  carrierLabel: string;
  serviceLabel: string;
  trackingCode: string;
  orderCode: string;
  from: { name: string; phone: string | null; address: string };
  to: { name: string; phone: string; street: string; ward: string; province: string };
  codAmount: number;
  /** Grams, when the products carry their weight. */
  weightGrams: number | null;
  inspection: ParcelInspectionRule;
  note: string | null;
  lines: Array<{ name: string; quantity: number }>;
  createdAt: string;
}

const MM = 72 / 25.4;

/** Page size (points), margin and type sizes per label size: A5 portrait, or the 80×80 mm thermal roll. */
const LAYOUTS: Record<LabelSize, { width: number; height: number; margin: number; qr: number; code: number; head: number; body: number; small: number; contentLines: number }> = {
  A5: { width: 419.53, height: 595.28, margin: 24, qr: 96, code: 22, head: 11, body: 10, small: 8.5, contentLines: 8 },
  '80x80': { width: 80 * MM, height: 80 * MM, margin: 8, qr: 54, code: 13, head: 7.5, body: 7, small: 6, contentLines: 2 },
};

export const LABEL_CONTENT_NAME_MAX = 60;
const PAGES_PER_TURN = 20;

/** The label's weight as the carriers print it: '850 g', '1,2 kg'. */
export function formatLabelWeight(grams: number | null): string {
  if (grams === null || grams <= 0) return 'Chưa khai báo';
  if (grams < 1000) return `${grams} g`;
  return `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 2 }).format(grams / 1000)} kg`;
}

/** The content lines as printed: 'name × qty', names cut at LABEL_CONTENT_NAME_MAX, the rest counted. */
export function labelContentLines(lines: ShipmentLabel['lines'], max: number): string[] {
  const cut = (name: string) => (name.length > LABEL_CONTENT_NAME_MAX ? `${name.slice(0, LABEL_CONTENT_NAME_MAX - 1)}…` : name);
  const shown = lines.length > max ? lines.slice(0, max - 1) : lines;
  const printed = shown.map((line) => `${cut(line.name)} × ${line.quantity}`);
  if (shown.length < lines.length) printed.push(`… và ${lines.length - shown.length} sản phẩm khác`);
  return printed;
}

/**
 * `text` cut with an ellipsis to fit `width` in the current font: a binary search on its length, a dozen measures
 * (pdfkit's own `ellipsis` drops one character at a time, hundreds of measures for a long line).
 */
function clip(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

/** One line of text that never wraps past its box nor spills onto a new page (cut with an ellipsis). */
function line(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, size: number, bold = false): number {
  doc.font(bold ? 'bold' : 'regular').fontSize(size);
  const height = doc.currentLineHeight(true);
  doc.text(clip(doc, text, width), x, y, { width, lineBreak: false });
  return y + height + 1;
}

/** Text that may take up to `maxLines` lines in its box, then is cut (to about that many lines' width first). */
function block(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, size: number, maxLines: number, bold = false): number {
  doc.font(bold ? 'bold' : 'regular').fontSize(size);
  const lineHeight = doc.currentLineHeight(true);
  const fitted = clip(doc, text, width * maxLines * 0.9);
  const height = Math.min(doc.heightOfString(fitted, { width }), lineHeight * maxLines);
  doc.text(fitted, x, y, { width, height });
  return y + height + 1;
}

/** A line that must never be cut (the tracking code): its type shrinks until it fits the width, down to `min`. */
function fitted(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, size: number, min: number): number {
  doc.font('bold').fontSize(size);
  const fit = Math.max(min, Math.min(size, (size * width) / Math.max(doc.widthOfString(text), 1)));
  return line(doc, text, x, y, width, fit, true);
}

function rule(doc: PDFKit.PDFDocument, x: number, y: number, width: number): number {
  doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.5).strokeColor('#000').stroke();
  return y + 3;
}

function drawLabel(doc: PDFKit.PDFDocument, label: ShipmentLabel, size: LabelSize): void {
  const layout = LAYOUTS[size];
  const { margin } = layout;
  const width = layout.width - 2 * margin;
  const compact = size === '80x80';
  const left = margin;
  const textWidth = width - layout.qr - 6;

  // The carrier, its service, then the tracking code large beside its QR.
  let y = margin;
  drawQr(doc, label.trackingCode, left + width - layout.qr, y, layout.qr);
  y = line(doc, `${label.carrierLabel} · ${label.serviceLabel}`, left, y, textWidth, layout.head, true);
  y = fitted(doc, label.trackingCode, left, y + 2, textWidth, layout.code, layout.small);
  y = line(doc, `Mã đơn hàng: ${label.orderCode}`, left, y + 1, textWidth, layout.body);
  y = Math.max(y, margin + layout.qr) + 3;
  y = rule(doc, left, y, width);

  // From and to: the receiver large, the sender small (the courier reads the receiver first).
  if (!compact) {
    y = line(doc, 'Từ:', left, y, width, layout.small, true);
    y = line(doc, `${label.from.name}${label.from.phone ? ` · ${label.from.phone}` : ''}`, left, y, width, layout.small);
    y = block(doc, label.from.address, left, y, width, layout.small, 2);
    y = rule(doc, left, y + 2, width);
  } else {
    y = line(doc, `Từ: ${label.from.name}${label.from.phone ? ` · ${label.from.phone}` : ''}`, left, y, width, layout.small);
  }
  y = line(doc, compact ? `Đến: ${label.to.name} · ${label.to.phone}` : 'Đến:', left, y, width, compact ? layout.body : layout.small, true);
  if (!compact) y = line(doc, `${label.to.name} · ${label.to.phone}`, left, y, width, layout.head, true);
  y = block(doc, `${label.to.street}, ${label.to.ward}, ${label.to.province}`, left, y, width, layout.body, compact ? 2 : 3);
  y = rule(doc, left, y + 2, width);

  // The money and the handling: what the courier collects, the weight, the inspection rule, the note.
  const cod = label.codAmount > 0 ? `Thu hộ: ${formatVndPlain(label.codAmount)}` : 'Không thu tiền';
  y = line(doc, cod, left, y, width, compact ? layout.body + 1 : layout.head + 3, true);
  y = line(doc, `Khối lượng: ${formatLabelWeight(label.weightGrams)} · ${PARCEL_INSPECTION_LABELS[label.inspection]}`, left, y, width, layout.small);
  if (label.note) y = block(doc, `Ghi chú: ${label.note}`, left, y, width, layout.small, compact ? 1 : 3);

  // The content lines, as many as the page holds.
  const content = labelContentLines(label.lines, layout.contentLines);
  if (content.length > 0 && y < layout.height - margin - layout.small * 2) {
    y = rule(doc, left, y + 2, width);
    y = line(doc, `Nội dung hàng: ${compact ? content.join('; ') : ''}`, left, y, width, layout.small, !compact);
    if (!compact) {
      for (const text of content) {
        if (y > layout.height - margin - layout.small * 1.5) break;
        y = line(doc, `• ${text}`, left, y, width, layout.small);
      }
    }
  }
}

/**
 * One PDF of many labels, one page each, A5 or 80×80 mm (issue 65 §4): the libraries and fonts are loaded once,
 * each page draws a handful of text runs and one QR. The order of `labels` is the order of the pages.
 */
export async function renderShipmentLabels(labels: readonly ShipmentLabel[], size: LabelSize): Promise<Buffer> {
  const layout = LAYOUTS[size];
  const { doc, bytes } = await openRobotoPdf({
    size: [layout.width, layout.height],
    margin: 0,
    autoFirstPage: false,
    info: { Title: `Nhãn vận đơn (${labels.length})`, Author: 'EV Service & Parts Shop' },
  });
  for (const [index, label] of labels.entries()) {
    // A turn of the event loop every few pages: a 500-label print does not hold other requests for seconds.
    if (index > 0 && index % PAGES_PER_TURN === 0) await nextTurn();
    doc.addPage({ size: [layout.width, layout.height], margin: 0 });
    drawLabel(doc, label, size);
  }
  doc.end();
  return bytes;
}
