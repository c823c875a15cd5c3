import { formatDateTime, formatVnd } from 'shared-contracts';
import type { VietQrPayment as VietQr } from 'shared-contracts/schemas';
import { CopyableValue, SaveQrButton } from 'shared-contracts/react';
import { ordersText } from './ordersText';
import { PayOsButton } from './PayOsButton';
import styles from './OrdersPage.module.css';

/**
 * How to pay an unpaid VietQR order: the QR of the payload and the transfer details (content = order code), and
 * payOS's checkout next to them when the order's code is given.
 */
export function VietQrPayment({ vietQr, orderCode }: { vietQr: VietQr; orderCode?: string }) {
  const t = ordersText.vietQr;
  return (
    <section className={styles.vietQr} aria-labelledby="vietqr-heading">
      <h2 id="vietqr-heading">{t.heading}</h2>
      <p>{t.lead}</p>
      <div className={styles.vietQrBody}>
        <div className={styles.qrBlock}>
          <img src={vietQr.imageDataUrl} alt={t.qrAlt(vietQr.transferContent)} width={220} height={220} className={styles.qr} />
          <SaveQrButton imageDataUrl={vietQr.imageDataUrl} transferContent={vietQr.transferContent} />
        </div>
        <dl className={styles.details}>
          <dt>{t.bank}</dt>
          <dd>{vietQr.bankName}</dd>
          <dt>{t.account}</dt>
          <dd>
            <CopyableValue value={vietQr.accountNumber} what={t.account.toLowerCase()} />
          </dd>
          <dt>{t.accountName}</dt>
          <dd>{vietQr.accountName}</dd>
          <dt>{t.amount}</dt>
          <dd>{formatVnd(vietQr.amount)}</dd>
          <dt>{t.content}</dt>
          <dd>
            <CopyableValue value={vietQr.transferContent} what={t.content.toLowerCase()} emphasis />
          </dd>
          <dt>{t.payBefore}</dt>
          <dd>
            <time dateTime={vietQr.payBefore}>{formatDateTime(vietQr.payBefore)}</time>. {t.payBeforeNote}
          </dd>
        </dl>
      </div>
      {orderCode && <PayOsButton code={orderCode} />}
    </section>
  );
}
