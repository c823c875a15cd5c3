import { formatVnd } from 'shared-contracts';
import type { QuoteView } from './orderQuote';
import styles from './CartPage.module.css';

export const totalsText = {
  subtotal: 'Tạm tính',
  discount: (code: string) => `Giảm giá (${code})`,
  shippingFee: 'Phí vận chuyển',
  free: 'Miễn phí',
  shippingDiscount: (code: string) => `Giảm phí vận chuyển (${code})`,
  total: 'Tổng cộng',
};

/** Subtotal, discount, shipping fee (and its discount) and the total of an order, as a definition list. */
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
      <dt className={styles.grand}>{totalsText.total}</dt>
      <dd className={styles.grand} data-testid="order-total">
        {formatVnd(quote.total)}
      </dd>
    </dl>
  );
}
