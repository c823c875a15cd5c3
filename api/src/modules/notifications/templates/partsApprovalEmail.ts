import { formatVndPlain as formatVnd } from 'shared-contracts/schemas';
import { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml, formatVietnamDateTime, type EmailContent } from '../emailTemplates';

/**
 * The email of the centre's `approval_needed` fact (a template of the notification centre): the centre asks the
 * customer to approve extra work; sent when email is the customer's channel, in the transaction of the request.
 */
export interface ApprovalRequestEmailInput {
  fullName: string;
  serviceOrderCode: string;
  licensePlate: string;
  centreName: string;
  partName: string;
  quantity: number;
  lineTotal: number;
  reason: string;
  newEstimate: number;
  expiresAt: Date;
  /** `${publicUrl}/dashboard#can-ban-duyet` (the dashboard scrolls to the approval card). */
  dashboardUrl: string;
}

export function approvalRequestEmail(input: ApprovalRequestEmailInput): EmailContent {
  const subject = `Cần bạn duyệt phụ tùng cho xe ${input.licensePlate}`;
  const lines = [
    `Xin chào ${input.fullName},`,
    `Trong lúc làm phiếu dịch vụ ${input.serviceOrderCode} tại ${input.centreName}, kỹ thuật viên đề xuất thay phụ tùng ngoài các dịch vụ bạn đã đặt:`,
    `${input.partName} × ${input.quantity}: ${formatVnd(input.lineTotal)} (lý do: ${input.reason})`,
    `Tổng chi phí dự kiến nếu bạn đồng ý: ${formatVnd(input.newEstimate)}.`,
    `Vui lòng chọn Đồng ý hoặc Từ chối trước ${formatVietnamDateTime(input.expiresAt.toISOString())} tại: ${input.dashboardUrl}`,
    'Nếu bạn không trả lời trước thời hạn, trung tâm sẽ không thay phụ tùng này.',
  ];
  const text = [...lines, '', EMAIL_SIGNATURE].join('\n');
  const html = emailLayout(
    subject,
    lines.map((line, index) =>
      emailParagraph(index === 4 ? `${escapeHtml(line.slice(0, line.indexOf(input.dashboardUrl)))}<a href="${escapeHtml(input.dashboardUrl)}">${escapeHtml(input.dashboardUrl)}</a>` : escapeHtml(line)),
    ),
  );
  return { kind: 'parts_approval_request', subject, text, html };
}
