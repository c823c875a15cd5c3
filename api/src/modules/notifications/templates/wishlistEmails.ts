import { formatVndPlain as formatVnd } from 'shared-contracts/schemas';
import { EMAIL_SIGNATURE, emailLayout, emailParagraph, escapeHtml, type EmailContent } from '../emailTemplates';

/**
 * The wishlist's alerts by email ("báo khi giảm giá", "báo khi có hàng"), templates of the notification centre: sent
 * when email is the channel the customer chose (customerFacts.ts tellWishlistAlert).
 */
export type WishlistEmailKind = 'wishlist_price_drop' | 'wishlist_back_in_stock';

export interface WishlistEmailInput {
  fullName: string;
  productName: string;
  /** Absolute link to the product's page. */
  productLink: string;
  /** Absolute link to the account's wishlist (where the alerts are turned off). */
  wishlistLink: string;
}

function render(kind: WishlistEmailKind, subject: string, input: WishlistEmailInput, lines: string[]): EmailContent {
  const optOut = 'Bạn nhận email này vì đã bật thông báo cho sản phẩm trong danh sách yêu thích. Để ngừng nhận, tắt thông báo tại:';
  const text = [`Xin chào ${input.fullName},`, '', ...lines, '', `Xem sản phẩm: ${input.productLink}`, '', `${optOut} ${input.wishlistLink}`, '', EMAIL_SIGNATURE].join('\n');
  const link = (href: string) => `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`;
  const html = emailLayout(subject, [
    emailParagraph(`Xin chào ${escapeHtml(input.fullName)},`),
    ...lines.map((line) => emailParagraph(escapeHtml(line))),
    emailParagraph(`Xem sản phẩm: ${link(input.productLink)}`),
    `<p style="margin:0 0 12px;color:#6b7280;font-size:13px">${escapeHtml(optOut)} ${link(input.wishlistLink)}</p>`,
  ]);
  return { kind, subject, text, html };
}

/** "Báo khi giảm giá": the product's price fell below the last one the customer was told (or saved it at). */
export function priceDropEmail(input: WishlistEmailInput & { oldPrice: number; newPrice: number }): EmailContent {
  const subject = `Giảm giá: ${input.productName} còn ${formatVnd(input.newPrice)}`;
  return render('wishlist_price_drop', subject, input, [
    `Sản phẩm trong danh sách yêu thích của bạn vừa giảm giá: ${input.productName}.`,
    `Giá: ${formatVnd(input.oldPrice)} → ${formatVnd(input.newPrice)}.`,
  ]);
}

/** "Báo khi có hàng": the product is back in stock online. */
export function backInStockEmail(input: WishlistEmailInput & { price: number }): EmailContent {
  const subject = `Đã có hàng: ${input.productName}`;
  return render('wishlist_back_in_stock', subject, input, [
    `Sản phẩm trong danh sách yêu thích của bạn đã có hàng trở lại: ${input.productName}.`,
    `Giá hiện tại: ${formatVnd(input.price)}.`,
  ]);
}
