import { formatVnd } from 'shared-contracts';
import { CART_LINE_ISSUE_LABELS } from 'shared-contracts/pricing';
import type { CartLine } from 'shared-contracts/schemas';
import styles from './PriceChange.module.css';

export const priceChangeText = {
  label: CART_LINE_ISSUE_LABELS.price_changed,
  was: 'Giá cũ',
  now: 'giá mới',
} as const;

/** A line's unit price then (when the customer added it or last saw it) and now. */
export interface PriceChange {
  from: number;
  to: number;
}

/**
 * The price change of a cart line: from the price the customer added it at (the server's `previousPrice` with the
 * issue price_changed), else from `seen` (the price a page showed before), to `current` (the line's price, or a
 * newer one the server quoted). Null when the price is the one the customer saw.
 */
export function priceChangeOf(line: Pick<CartLine, 'price' | 'previousPrice' | 'issues'>, current: number = line.price, seen?: number): PriceChange | null {
  const added = line.issues.includes('price_changed') ? line.previousPrice : undefined;
  const from = added ?? seen ?? line.price;
  return from === current ? null : { from, to: current };
}

/** "⚠ Giá đã thay đổi từ khi thêm vào giỏ: ~~old~~ → new", per unit, the same words in the cart and at checkout. */
export function PriceChangeText({ change }: { change: PriceChange }) {
  return (
    <span className={styles.change} data-testid="price-change">
      ⚠ {priceChangeText.label}:{' '}
      <span className={styles.visuallyHidden}>{priceChangeText.was} </span>
      <del className={styles.was}>{formatVnd(change.from)}</del>
      {' → '}
      <span className={styles.visuallyHidden}>{priceChangeText.now} </span>
      <ins className={styles.now}>{formatVnd(change.to)}</ins>
    </span>
  );
}
