import { formatDateTime, formatVnd } from 'shared-contracts';
import type { VietQrPayment as VietQr } from 'shared-contracts/schemas';
import { CopyableValue, SaveQrButton } from 'shared-contracts/react';
import styles from './CheckoutPage.module.css';

export const vietQrText = {
  heading: 'Đơn hàng chờ thanh toán',
  lead: 'Quét mã VietQR bằng ứng dụng ngân hàng, hoặc chuyển khoản theo thông tin bên dưới. Đơn hàng được xử lý khi chúng tôi nhận được tiền.',
  qrAlt: (code: string) => `Mã VietQR thanh toán đơn hàng ${code}`,
  bank: 'Ngân hàng',
  account: 'Số tài khoản',
  accountName: 'Chủ tài khoản',
  amount: 'Số tiền',
  content: 'Nội dung chuyển khoản',
  payBefore: 'Hạn thanh toán',
  payBeforeNote: 'Quá hạn, đơn hàng sẽ tự động hủy.',
};

/** How to pay an order by bank transfer: the QR of the VietQR payload and the transfer details. */
export function VietQrPayment({ vietQr }: { vietQr: VietQr }) {
  return (
    <section className={styles.vietQr} aria-labelledby="vietqr-heading">
      <h3 id="vietqr-heading">{vietQrText.heading}</h3>
      <p>{vietQrText.lead}</p>
      <div className={styles.vietQrBody}>
        <div className={styles.qrBlock}>
          <img src={vietQr.imageDataUrl} alt={vietQrText.qrAlt(vietQr.transferContent)} width={220} height={220} className={styles.qr} />
          <SaveQrButton imageDataUrl={vietQr.imageDataUrl} transferContent={vietQr.transferContent} />
        </div>
        <dl className={styles.details}>
          <dt>{vietQrText.bank}</dt>
          <dd>{vietQr.bankName}</dd>
          <dt>{vietQrText.account}</dt>
          <dd>
            <CopyableValue value={vietQr.accountNumber} what={vietQrText.account.toLowerCase()} />
          </dd>
          <dt>{vietQrText.accountName}</dt>
          <dd>{vietQr.accountName}</dd>
          <dt>{vietQrText.amount}</dt>
          <dd>{formatVnd(vietQr.amount)}</dd>
          <dt>{vietQrText.content}</dt>
          <dd>
            <CopyableValue value={vietQr.transferContent} what={vietQrText.content.toLowerCase()} emphasis />
          </dd>
          <dt>{vietQrText.payBefore}</dt>
          <dd>
            <time dateTime={vietQr.payBefore}>{formatDateTime(vietQr.payBefore)}</time>. {vietQrText.payBeforeNote}
          </dd>
        </dl>
      </div>
    </section>
  );
}
