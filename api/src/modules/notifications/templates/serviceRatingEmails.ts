import { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml, type EmailContent } from '../emailTemplates';

/**
 * The emails of a service rating, templates of the notification centre: the request to rate a closed visit and the
 * news that a manager hid or showed again the customer's rating, sent when email is the channel the customer chose
 * (customerFacts.ts).
 */
export type ServiceRatingEmailKind = 'service_rating_request' | 'service_rating_hidden' | 'service_rating_unhidden';

function render(kind: ServiceRatingEmailKind, subject: string, fullName: string, lines: string[], link: { label: string; href: string }): EmailContent {
  const text = [`Xin chào ${fullName},`, '', ...lines, '', `${link.label}: ${link.href}`, '', EMAIL_SIGNATURE].join('\n');
  const html = emailLayout(subject, [
    emailParagraph(`Xin chào ${escapeHtml(fullName)},`),
    ...lines.map((line) => emailParagraph(escapeHtml(line))),
    emailParagraph(`${escapeHtml(link.label)}: <a href="${escapeHtml(link.href)}">${escapeHtml(link.href)}</a>`),
  ]);
  return { kind, subject, text, html };
}

/** "Đánh giá lượt dịch vụ": sent once when the service order is closed (completed and paid). */
export function ratingRequestEmail(input: { fullName: string; serviceOrderCode: string; centreName: string; dashboardLink: string }): EmailContent {
  return render(
    'service_rating_request',
    `Bạn thấy lượt dịch vụ ${input.serviceOrderCode} thế nào?`,
    input.fullName,
    [
      `Cảm ơn bạn đã sử dụng dịch vụ tại ${input.centreName} (phiếu ${input.serviceOrderCode}).`,
      'Bạn dành một phút đánh giá lượt dịch vụ và kỹ thuật viên nhé: ý kiến của bạn giúp chúng tôi phục vụ tốt hơn.',
    ],
    { label: 'Đánh giá ngay', href: input.dashboardLink },
  );
}

/** The customer is told when a manager hides or shows again their rating, with the reason. */
export function ratingModeratedEmail(input: { fullName: string; serviceOrderCode: string; hidden: boolean; reason: string | null; dashboardLink: string }): EmailContent {
  const lines = input.hidden
    ? [`Đánh giá của bạn cho phiếu dịch vụ ${input.serviceOrderCode} đã được ẩn.`, `Lý do: ${input.reason ?? ''}`]
    : [`Đánh giá của bạn cho phiếu dịch vụ ${input.serviceOrderCode} đã được hiển thị trở lại.`];
  return render(
    input.hidden ? 'service_rating_hidden' : 'service_rating_unhidden',
    input.hidden ? `Đánh giá phiếu ${input.serviceOrderCode} đã được ẩn` : `Đánh giá phiếu ${input.serviceOrderCode} đã hiển thị trở lại`,
    input.fullName,
    lines,
    { label: 'Xem tài khoản của bạn', href: input.dashboardLink },
  );
}
