import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatVnd } from 'shared-contracts';
import type { Order } from 'shared-contracts/schemas';
import { VietQrPayment } from './VietQrPayment';
import styles from './CheckoutPage.module.css';

export const placedText = {
  heading: 'Đặt hàng thành công',
  thanks: (name: string) => `Cảm ơn ${name}! Chúng tôi đã nhận đơn hàng của bạn và gửi xác nhận qua email.`,
  code: 'Mã đơn hàng',
  total: 'Tổng thanh toán',
  payment: 'Thanh toán',
  status: 'Trạng thái',
  details: 'Xem chi tiết đơn hàng',
  continueShopping: 'Tiếp tục mua sắm',
};

/** After a successful order: its code, total and status, the company invoice request's outcome, how to pay by VietQR if chosen, and a link to it. */
export function OrderPlaced({ order, companyInvoice }: { order: Order; companyInvoice?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.placed} aria-labelledby="placed-heading">
      <div role="status">
        <h2 id="placed-heading" ref={heading} tabIndex={-1}>
          {placedText.heading}
        </h2>
        <p>{placedText.thanks(order.recipientName)}</p>
        {companyInvoice && <p data-testid="company-invoice-result">{companyInvoice}</p>}
      </div>
      <dl className={styles.details}>
        <dt>{placedText.code}</dt>
        <dd>
          <strong data-testid="order-code">{order.code}</strong>
        </dd>
        <dt>{placedText.total}</dt>
        <dd>{formatVnd(order.total)}</dd>
        <dt>{placedText.status}</dt>
        <dd>{order.statusLabel}</dd>
        <dt>{placedText.payment}</dt>
        <dd>{order.paymentStatusLabel}</dd>
      </dl>
      {order.vietQr && <VietQrPayment vietQr={order.vietQr} />}
      <p className={styles.actions}>
        <Link to={`/orders/${order.code}`} className={styles.primaryLink}>
          {placedText.details}
        </Link>
        <Link to="/products">{placedText.continueShopping}</Link>
      </p>
    </section>
  );
}
