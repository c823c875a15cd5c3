import { formatInterval, likelihood } from 'shared-contracts/diagnostics';
import { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml, type EmailContent } from '../emailTemplates';

/**
 * The forecast reminder's email (spec predictive.md §4 "Customer"), a template of the notification centre: sent when
 * email is the channel the car's owner chose for the reminder (customerFacts.ts tellForecastCrossing). Its kind,
 * 'forecast_reminder', keeps it behind the waiting codes in the outbox (channels/deliveryPriority.ts: bulk).
 */

export interface ForecastReminderEmailInput {
  fullName: string;
  vehicle: { brand: string; model: string; licensePlate: string };
  /** The component's Vietnamese label ('Má phanh'). */
  component: string;
  /** PREDICTED: `within3Months` crossed the threshold; NEEDS_ATTENTION_NOW: found faulty and not fixed. */
  status: 'PREDICTED' | 'NEEDS_ATTENTION_NOW';
  within3Months: { probability: number; low: number; high: number } | null;
  /** What the number rests on (null for NEEDS_ATTENTION_NOW: the vehicle's own last inspection). */
  evidence: { level: 'family' | 'type' | 'fleet'; key: string; inspections: number; failures: number } | null;
  /** Absolute links: the pre-filled booking and the profile (where the emails are turned off). */
  bookingLink: string;
  profileLink: string;
}

const integerFormat = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });

/*
 * The same words and figures as the customer's "Dự đoán bảo dưỡng": the one scale of likelihood words
 * (shared-contracts diagnostics/likelihoodWords.ts: likelihood, formatInterval; the word band reads the whole
 * percent shown, never '0%' or '100%'). poolWords is the one of mfe-account maintenanceForecast/forecastText.ts:
 * keep the two in step.
 */
const TYPE_WORDS: Record<string, string> = { scooter: 'xe máy điện', motorbike: 'mô tô điện', car: 'ô tô điện' };
function poolWords(level: 'family' | 'type' | 'fleet', key: string, brand: string): string {
  if (level === 'family') return `các xe cùng dòng ${brand && !key.toLocaleLowerCase('vi').startsWith(brand.toLocaleLowerCase('vi')) ? `${brand} ${key}` : key}`;
  if (level === 'type') return `các xe cùng loại ${TYPE_WORDS[key] ?? key}`;
  return 'toàn bộ xe';
}

/**
 * "A component crossed the reminder threshold": the vehicle, the component, the probability in words and
 * percent (with its 95 % interval), the evidence in one line, the pre-filled booking link and how to opt out.
 */
export function forecastReminderEmail(input: ForecastReminderEmailInput): EmailContent {
  const plate = input.vehicle.licensePlate;
  const vehicle = `${input.vehicle.brand} ${input.vehicle.model} (biển số ${plate})`;
  const risk = input.status === 'PREDICTED' ? input.within3Months : null;
  const subject = risk
    ? `Dự đoán bảo dưỡng xe ${plate}: ${input.component} nên được kiểm tra trong 3 tháng tới`
    : `Xe ${plate}: ${input.component} cần được kiểm tra ngay`;
  const finding = risk
    ? `${input.component}: ${likelihood(risk.probability)} cần kiểm tra trong 3 tháng tới (${formatInterval(risk)}, khoảng tin cậy 95%).`
    : `${input.component}: cần kiểm tra ngay. Lần kiểm tra gần nhất phát hiện hạng mục này có vấn đề và chưa được khắc phục.`;
  const evidence = input.evidence
    ? `Dựa trên ${integerFormat.format(input.evidence.inspections)} lần kiểm tra, ${integerFormat.format(input.evidence.failures)} lần hỏng của ${poolWords(input.evidence.level, input.evidence.key, input.vehicle.brand)}.`
    : 'Dựa trên kết quả lần kiểm tra gần nhất của xe tại trung tâm EV Service.';
  const intro = `Dự đoán bảo dưỡng của EV Service cho xe ${vehicle}:`;
  const book = 'Đặt lịch kiểm tra:';
  const optOut = 'Bạn nhận email này vì đang bật "Nhận email dự đoán bảo dưỡng". Để ngừng nhận, bỏ chọn mục này trong hồ sơ:';
  const text = [
    `Xin chào ${input.fullName},`,
    '',
    intro,
    finding,
    evidence,
    '',
    `${book} ${input.bookingLink}`,
    '',
    `${optOut} ${input.profileLink}`,
    '',
    EMAIL_SIGNATURE,
  ].join('\n');
  const link = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
  const html = emailLayout(subject, [
    emailParagraph(`Xin chào ${escapeHtml(input.fullName)},`),
    emailParagraph(`${escapeHtml(intro)}<br><strong>${escapeHtml(finding)}</strong><br>${escapeHtml(evidence)}`),
    emailParagraph(`${escapeHtml(book)} ${link(input.bookingLink)}`),
    `<p style="margin:0 0 12px;color:#6b7280;font-size:13px">${escapeHtml(optOut)} ${link(input.profileLink)}</p>`,
  ]);
  return { kind: 'forecast_reminder', subject, text, html };
}
