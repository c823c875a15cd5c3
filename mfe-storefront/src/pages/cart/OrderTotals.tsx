import { formatVnd } from 'shared-contracts';
import { formatPoints } from '../../format/points';
import type { QuoteView } from './orderQuote';
import styles from './CartPage.module.css';

export const totalsText = {
  subtotal: 'Tạm tính',
  discount: (code: string) => `Giảm giá (${code})`,
  shippingFee: 'Phí vận chuyển',
  free: 'Miễn phí',
  shippingDiscount: (code: string) => `Giảm phí vận chuyển (${code})`,
  /** Điểm thưởng (−2.000 điểm) */
  points: (used: number) => `Điểm thưởng (−${formatPoints(used)} điểm)`,
  total: 'Tổng cộng',
};

/**
 * Subtotal, discount, shipping fee (and its discount), the member's points used and the total of an order, as a
 * definition list (the total has the points' worth taken off already).
 */
export function OrderTotals({ quote }: { quote: QuoteView }) {
  const code = quote.promotion?.code ?? '';
  return (
    <dl className={styles.totals}>
      <dt>{totalsText.subtotal}</dt>
      <dd>{formatVnd(quote.subtotal)}</dd>
      {quote.discount > 0 && (
        <>
          <dt>{totalsText.discount(code)}</dt>
          <dd className={styles.saving}>−{formatVnd(quote.discount)}</dd>
        </>
      )}
      <dt>{totalsText.shippingFee}</dt>
      <dd>{quote.shippingFee === 0 ? totalsText.free : formatVnd(quote.shippingFee)}</dd>
      {quote.shippingDiscount > 0 && (
        <>
          <dt>{totalsText.shippingDiscount(code)}</dt>
          <dd className={styles.saving}>−{formatVnd(quote.shippingDiscount)}</dd>
        </>
      )}
      {quote.points && quote.points.value > 0 && (
        <>
          <dt>{totalsText.points(quote.points.used)}</dt>
          <dd className={styles.saving} data-testid="order-points">
            −{formatVnd(quote.points.value)}
          </dd>
        </>
      )}
      <dt className={styles.grand}>{totalsText.total}</dt>
      <dd className={styles.grand} data-testid="order-total">
        {formatVnd(quote.total)}
      </dd>
    </dl>
  );
}

/** The totals' three rows while the first quote is on its way: the same height, so the totals take its place. */
export function OrderTotalsPending() {
  return (
    <dl className={styles.totals} aria-hidden="true" data-testid="order-totals-pending">
      <dt>{totalsText.subtotal}</dt>
      <dd>…</dd>
      <dt>{totalsText.shippingFee}</dt>
      <dd>…</dd>
      <dt className={styles.grand}>{totalsText.total}</dt>
      <dd className={styles.grand}>…</dd>
    </dl>
  );
}
