import { formatVnd } from 'shared-contracts';
import { LOYALTY_TIER_LABELS } from 'shared-contracts/pricing';
import type { CartLine } from 'shared-contracts/schemas';
import styles from './CheckoutPage.module.css';

export const memberLineText = {
  memberPrice: (tierLabel: string) => `Giá thành viên hạng ${tierLabel}`,
  listPrice: 'Giá thường',
} as const;

/** Whether the quote priced the line at a member price (its tier and the price without it given). */
export const atMemberPrice = (line: Pick<CartLine, 'memberTier' | 'listPrice' | 'price'>): boolean =>
  line.memberTier !== undefined && line.listPrice !== undefined && line.listPrice > line.price;

/** The price the line would have without the member's price: what the cart shows and a price change is measured from. */
export const listPriceOf = (line: Pick<CartLine, 'memberTier' | 'listPrice' | 'price'>): number => (atMemberPrice(line) ? line.listPrice! : line.price);

/**
 * A summary line's amount: at a member price, the member-priced amount with the list price's struck through and
 * "Giá thành viên hạng …" under it; else the amount alone.
 */
export function MemberLinePrice({ line }: { line: Pick<CartLine, 'memberTier' | 'listPrice' | 'price' | 'quantity'> }) {
  const amount = <span>{formatVnd(line.price * line.quantity)}</span>;
  if (!atMemberPrice(line)) return amount;
  return (
    <span className={styles.memberPrice} data-testid="member-line-price">
      <del className={styles.listPrice}>
        <span className={styles.visuallyHidden}>{memberLineText.listPrice} </span>
        {formatVnd(line.listPrice! * line.quantity)}
      </del>{' '}
      <strong>{formatVnd(line.price * line.quantity)}</strong>
      <span className={styles.memberNote}>{memberLineText.memberPrice(LOYALTY_TIER_LABELS[line.memberTier!])}</span>
    </span>
  );
}
