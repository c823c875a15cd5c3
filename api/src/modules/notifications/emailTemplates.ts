import { formatInterval, likelihood } from 'shared-contracts/diagnostics';
import { formatVietnamDateTime } from 'shared-contracts/schemas';

// 'HH:mm dd/MM/yyyy' in Vietnam, for every email and the dev outbox page.
export { formatVietnamDateTime };

/** An email ready for the outbox: Vietnamese subject, plain-text body and an HTML alternative. */
export interface EmailContent {
  /** What the email is about: the account kinds below, OrderEmailKind (orders), ServiceEmailKind (bookings). */
  kind: string;
  subject: string;
  text: string;
  html: string;
}

export type EmailKind = 'verify_email' | 'reset_password' | 'password_changed';

/** The line every email (text and HTML) ends with. */
export const EMAIL_SIGNATURE = 'EV Service – Dịch vụ & phụ tùng xe điện';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A paragraph of the HTML body (`html` is already escaped HTML). */
export function emailParagraph(html: string): string {
  return `<p style="margin:0 0 12px">${html}</p>`;
}

/** The HTML document of every email: its blocks (paragraphs, tables: already HTML) and the signature. */
export function emailLayout(title: string, blocks: readonly string[]): string {
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
${blocks.join('\n')}
<p style="margin:24px 0 0;color:#6b7280;font-size:13px">${escapeHtml(EMAIL_SIGNATURE)}</p>
</body></html>`;
}

function layout(title: string, paragraphs: string[]): string {
  return emailLayout(title, paragraphs.map(emailParagraph));
}

function codeBlock(code: string): string {
  return `<span style="display:inline-block;font-size:28px;letter-spacing:6px;font-weight:bold;padding:8px 16px;background:#f3f4f6;border-radius:6px">${escapeHtml(code)}</span>`;
}

/** The code that finishes sign-up. */
export function verificationEmail(fullName: string, code: string): EmailContent {
  const subject = `Mã xác thực email EV Service: ${code}`;
  const text = [
    `Xin chào ${fullName},`,
    '',
    `Mã xác thực email của bạn là: ${code}`,
    'Mã có hiệu lực trong 10 phút và chỉ dùng được một lần.',
    '',
    'Nếu bạn không đăng ký tài khoản tại EV Service, hãy bỏ qua email này.',
    '',
    'EV Service – Dịch vụ & phụ tùng xe điện',
  ].join('\n');
  const html = layout(subject, [
    `Xin chào ${escapeHtml(fullName)},`,
    'Mã xác thực email của bạn là:',
    codeBlock(code),
    'Mã có hiệu lực trong 10 phút và chỉ dùng được một lần.',
    'Nếu bạn không đăng ký tài khoản tại EV Service, hãy bỏ qua email này.',
  ]);
  return { kind: 'verify_email', subject, text, html };
}

/** The code that lets the owner choose a new password. */
export function passwordResetEmail(fullName: string, code: string): EmailContent {
  const subject = `Mã đặt lại mật khẩu EV Service: ${code}`;
  const text = [
    `Xin chào ${fullName},`,
    '',
    `Mã đặt lại mật khẩu của bạn là: ${code}`,
    'Mã có hiệu lực trong 10 phút và chỉ dùng được một lần.',
    '',
    'Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.',
    '',
    'EV Service – Dịch vụ & phụ tùng xe điện',
  ].join('\n');
  const html = layout(subject, [
    `Xin chào ${escapeHtml(fullName)},`,
    'Mã đặt lại mật khẩu của bạn là:',
    codeBlock(code),
    'Mã có hiệu lực trong 10 phút và chỉ dùng được một lần.',
    'Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.',
  ]);
  return { kind: 'reset_password', subject, text, html };
}

/** The notice sent after a password change or reset. */
export function passwordChangedEmail(fullName: string, at: Date): EmailContent {
  const subject = 'Mật khẩu tài khoản EV Service của bạn đã được thay đổi';
  const when = formatVietnamDateTime(at);
  const text = [
    `Xin chào ${fullName},`,
    '',
    `Mật khẩu tài khoản EV Service của bạn đã được thay đổi lúc ${when} (giờ Việt Nam).`,
    'Các phiên đăng nhập khác đã được đăng xuất.',
    '',
    'Nếu không phải bạn thực hiện, hãy đặt lại mật khẩu ngay và liên hệ với chúng tôi.',
    '',
    'EV Service – Dịch vụ & phụ tùng xe điện',
  ].join('\n');
  const html = layout(subject, [
    `Xin chào ${escapeHtml(fullName)},`,
    `Mật khẩu tài khoản EV Service của bạn đã được thay đổi lúc <strong>${escapeHtml(when)}</strong> (giờ Việt Nam).`,
    'Các phiên đăng nhập khác đã được đăng xuất.',
    'Nếu không phải bạn thực hiện, hãy đặt lại mật khẩu ngay và liên hệ với chúng tôi.',
  ]);
  return { kind: 'password_changed', subject, text, html };
}

// ---- Maintenance forecast reminder (spec predictive.md §4 "Customer") -------------------------------------

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
