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
