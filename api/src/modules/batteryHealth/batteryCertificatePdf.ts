import {
  BATTERY_CHEMISTRY_LABELS,
  BATTERY_SPREAD_WARNING_LABEL,
  formatBatteryNumber,
  formatCalendarDate,
  vietnamDateOf,
  type BatteryChemistry,
} from 'shared-contracts/schemas';
import { drawQr, openRobotoPdf } from '../../lib/pdf/robotoPdf';
import type { BatteryCertificateData } from './batteryReports';

const MARGIN = 48;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const QR_SIZE = 110;
const LABEL_WIDTH = 220;

const orDash = (value: string | null) => value ?? '—';
const withUnit = (value: number | null, unit: string, digits = 1) => (value === null ? null : `${formatBatteryNumber(value, digits)} ${unit}`);

/** The figures as the certificate lists them (label, value), in the order a buyer reads them. */
export function certificateLines(report: BatteryCertificateData): Array<[string, string]> {
  const chemistry = report.batteryChemistry ? (BATTERY_CHEMISTRY_LABELS[report.batteryChemistry as BatteryChemistry] ?? report.batteryChemistry) : null;
  return [
    ['Dòng xe', orDash(report.modelLabel)],
    ['Số VIN (4 ký tự cuối)', report.vinLast4 ? `…${report.vinLast4}` : '—'],
    ['Loại pin', orDash(chemistry)],
    ['Dung lượng danh định', orDash(withUnit(report.ratedCapacityKwh, 'kWh', 2))],
    ['Tình trạng pin (SOH)', `${formatBatteryNumber(report.sohPercent)} %`],
    ['Dung lượng đo được', orDash(withUnit(report.capacityKwh, 'kWh', 2))],
    ['Chênh lệch điện áp cell', orDash(withUnit(report.cellSpreadMv, 'mV', 0))],
    ['Nội trở', orDash(withUnit(report.internalResistanceMohm, 'mΩ'))],
    ['Nhiệt độ pin khi đo', orDash(withUnit(report.temperatureC, '°C'))],
    ['Số km (ODO)', `${new Intl.NumberFormat('vi-VN').format(report.odometerKm)} km`],
    ['Thiết bị đo', report.tool],
    ['Ngày đo', formatCalendarDate(vietnamDateOf(report.measuredAt))],
  ];
}

/**
 * The battery health certificate (issue 66 §3), one A4 page: the centre, the figures, the verdict, and the verify
 * URL as a QR code (PUBLIC_URL + /xac-minh-pin/<code>) that a buyer of the car can open. Nothing personal beyond the
 * VIN's last 4 characters: no name, phone or plate.
 */
export async function renderBatteryCertificatePdf(report: BatteryCertificateData): Promise<Buffer> {
  const { doc, bytes } = await openRobotoPdf({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Chứng nhận sức khỏe pin ${report.verifyCode}`, Author: report.centreName, Subject: report.modelLabel ?? 'Pin xe điện' },
  });
  const top = doc.y;
  drawQr(doc, report.verifyUrl, MARGIN + CONTENT_WIDTH - QR_SIZE, top, QR_SIZE);
  const left = CONTENT_WIDTH - QR_SIZE - 16;
  doc.font('bold').fontSize(11).text(report.centreName, MARGIN, top, { width: left });
  doc.font('regular').fontSize(9.5).text(report.centreAddress, { width: left });
  doc.moveDown(1.2);
  doc.font('bold').fontSize(18).text('CHỨNG NHẬN SỨC KHỎE PIN', { width: left });
  doc.font('regular').fontSize(10).text(`Mã xác minh: ${report.verifyCode}`, { width: left });
  doc.y = Math.max(doc.y, top + QR_SIZE) + 18;

  for (const [label, value] of certificateLines(report)) {
    const y = doc.y;
    doc.font('regular').fontSize(10.5).fillColor('#444').text(label, MARGIN, y, { width: LABEL_WIDTH });
    doc.font('bold').fillColor('#000').text(value, MARGIN + LABEL_WIDTH, y, { width: CONTENT_WIDTH - LABEL_WIDTH });
    doc.y = Math.max(doc.y, y) + 5;
  }
  doc.moveDown(0.8);
  doc.font('bold').fontSize(14).fillColor('#000').text(`Kết luận: ${report.flagLabel}`, MARGIN, doc.y, { width: CONTENT_WIDTH });
  if (report.spreadWarning) doc.font('regular').fontSize(10.5).text(`Lưu ý: ${BATTERY_SPREAD_WARNING_LABEL}.`, { width: CONTENT_WIDTH });
  doc.moveDown(1.2);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#555')
    .text(`Quét mã QR hoặc mở ${report.verifyUrl} để đối chiếu số liệu của chứng nhận này với dữ liệu của trung tâm.`, { width: CONTENT_WIDTH });
  doc.text('SOH (State of Health) là dung lượng pin còn lại so với dung lượng danh định của nhà sản xuất, đo tại thời điểm kiểm tra.', { width: CONTENT_WIDTH });
  doc.end();
  return bytes;
}
