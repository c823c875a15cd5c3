import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import type PDFKitDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * The shop's PDFs (receipts, VAT invoices, parcel labels): a pdfkit document in Roboto with its bytes collected, and a
 * QR code drawn as vector runs.
 */
const require_ = createRequire(__filename);

type ParsedFont = ReturnType<typeof Fontkit.create>;

/** pdfkit and fontkit (about 20 MB resident) load with the first PDF, not with the API: most processes never draw one. */
let pdfLibraries: Promise<{ PDFDocument: typeof PDFKitDocument; fontkit: typeof Fontkit }> | undefined;
const loadPdfLibraries = () =>
  (pdfLibraries ??= Promise.all([import('pdfkit'), import('fontkit')]).then(([pdfkit, fontkit]) => ({ PDFDocument: pdfkit.default, fontkit })));

/**
 * Roboto (Google's, SIL OFL) from its npm package: Vietnamese glyphs, embedded and subset by pdfkit. Parsed once per
 * process and handed to every document (pdfkit takes a fontkit font as a source): no per-document font work.
 */
let fonts: { regular: ParsedFont; bold: ParsedFont } | null = null;
function robotoFonts(fontkit: typeof Fontkit): { regular: ParsedFont; bold: ParsedFont } {
  fonts ??= {
    regular: fontkit.create(readFileSync(require_.resolve('@expo-google-fonts/roboto/400Regular/Roboto_400Regular.ttf'))),
    bold: fontkit.create(readFileSync(require_.resolve('@expo-google-fonts/roboto/700Bold/Roboto_700Bold.ttf'))),
  };
  return fonts;
}

/** pdfkit's types name files and buffers only; its PDFFontFactory takes a parsed fontkit font as well. */
const asFontSource = (font: ParsedFont) => font as unknown as PDFKit.Mixins.PDFFontSource;

export interface RobotoPdf {
  doc: PDFKit.PDFDocument;
  /** The whole file once `doc.end()` is called. */
  bytes: Promise<Buffer>;
}

/** A new document with the fonts 'regular' and 'bold' registered, Roboto its default (no standard font loaded). */
export async function openRobotoPdf(options: PDFKit.PDFDocumentOptions): Promise<RobotoPdf> {
  const { PDFDocument, fontkit } = await loadPdfLibraries();
  const { regular, bold } = robotoFonts(fontkit);
  const doc = new PDFDocument({ ...options, font: asFontSource(regular) as unknown as PDFKit.PDFDocumentOptions['font'] });
  doc.registerFont('regular', asFontSource(regular));
  doc.registerFont('bold', asFontSource(bold));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** A QR code `size` points wide at (x, y): each row's dark modules drawn as runs, one rectangle per run. */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size: modules, data } = qr.modules;
  const cell = size / modules;
  doc.save().fillColor('#000');
  for (let row = 0; row < modules; row += 1) {
    let col = 0;
    while (col < modules) {
      if (!data[row * modules + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules && data[row * modules + col]) col += 1;
      doc.rect(x + start * cell, y + row * cell, (col - start) * cell, cell);
    }
  }
  doc.fill().restore();
}
