import { ROLE_LABELS, type StaffRole } from 'shared-contracts/schemas';
import { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml, type EmailContent } from '../notifications';

export interface InviteEmailInput {
  fullName: string;
  role: StaffRole | 'admin';
  /** The centre the account is assigned to, if any. */
  centreName: string | null;
  /** A reset-password code (the reset flow sets the first password). */
  code: string;
  /** `${publicUrl}/auth/forgot-password/confirm?email=…`: the reset form with the address filled in. */
  setPasswordUrl: string;
  /** `${publicUrl}/auth/forgot-password`: a new code once this one has expired. */
  newCodeUrl: string;
}

/**
 * The invite of a staff account created by an admin. It is a reset-password email (kind 'reset_password', the
 * code is a reset_password OTP) worded as an invite: the user sets their first password with the existing reset
 * flow, and asks for a new code with 'Quên mật khẩu' once this one has expired (10 minutes).
 */
export function inviteEmail(input: InviteEmailInput): EmailContent {
  const role = ROLE_LABELS[input.role].toLowerCase();
  const where = input.centreName ? ` tại ${input.centreName}` : '';
  const subject = `Lời mời tham gia EV Service – mã đặt mật khẩu: ${input.code}`;
  const intro = `Quản trị viên đã tạo cho bạn tài khoản ${role}${where} trên hệ thống EV Service.`;
  const steps = 'Để bắt đầu, hãy đặt mật khẩu cho tài khoản bằng mã dưới đây tại trang đặt lại mật khẩu:';
  const expiry = 'Mã có hiệu lực trong 10 phút và chỉ dùng được một lần. Khi mã hết hạn, hãy chọn "Quên mật khẩu" với email này để nhận mã mới:';
  const text = [`Xin chào ${input.fullName},`, '', intro, steps, '', `Mã: ${input.code}`, input.setPasswordUrl, '', expiry, input.newCodeUrl, '', EMAIL_SIGNATURE].join('\n');
  const html = emailLayout(subject, [
    emailParagraph(`Xin chào ${escapeHtml(input.fullName)},`),
    emailParagraph(escapeHtml(intro)),
    emailParagraph(escapeHtml(steps)),
    emailParagraph(`<span style="display:inline-block;font-size:28px;letter-spacing:6px;font-weight:bold;padding:8px 16px;background:#f3f4f6;border-radius:6px">${escapeHtml(input.code)}</span>`),
    emailParagraph(`<a href="${escapeHtml(input.setPasswordUrl)}">Đặt mật khẩu</a>`),
    emailParagraph(`${escapeHtml(expiry)} <a href="${escapeHtml(input.newCodeUrl)}">Quên mật khẩu</a>`),
  ]);
  return { kind: 'reset_password', subject, text, html };
}
