import { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml, type EmailContent } from '../../notifications';

export interface ReviewHiddenEmailInput {
  fullName: string;
  productName: string;
  reason: string;
  /** Absolute link to the product's page. */
  productLink: string;
}

/** The author is told that the shop hid their review, and why (issue 48 §3). */
export function reviewHiddenEmail(input: ReviewHiddenEmailInput): EmailContent {
  const subject = `Đánh giá của bạn về ${input.productName} đã bị ẩn`;
  const lines = [
    `Đánh giá của bạn về sản phẩm ${input.productName} đã được cửa hàng ẩn khỏi trang sản phẩm.`,
    `Lý do: ${input.reason}`,
    'Nếu bạn cho rằng đây là nhầm lẫn, vui lòng trả lời email này để chúng tôi xem xét lại.',
  ];
  const text = [`Xin chào ${input.fullName},`, '', ...lines, '', `Xem sản phẩm: ${input.productLink}`, '', EMAIL_SIGNATURE].join('\n');
  const html = emailLayout(subject, [
    emailParagraph(`Xin chào ${escapeHtml(input.fullName)},`),
    ...lines.map((line) => emailParagraph(escapeHtml(line))),
    emailParagraph(`Xem sản phẩm: <a href="${escapeHtml(input.productLink)}">${escapeHtml(input.productLink)}</a>`),
  ]);
  return { kind: 'product_review_hidden', subject, text, html };
}
