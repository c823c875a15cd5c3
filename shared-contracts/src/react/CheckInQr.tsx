import styles from './CheckInQr.module.css';

export const checkInQrText = {
  heading: 'Mã QR check-in',
  hint: 'Đưa mã này cho nhân viên khi đến trung tâm',
  alt: (appointmentCode: string) => `Mã QR check-in lịch hẹn ${appointmentCode}`,
  loading: 'Đang tải mã QR check-in...',
};

/**
 * The QR a customer shows at the counter (issue 49 §4), drawn by the API (`qrImageDataUrl`), with what to do with
 * it. The storefront's booking confirmation and the account's upcoming appointment load it; this only shows it.
 */
export function CheckInQr({ qrImageDataUrl, appointmentCode }: { qrImageDataUrl: string; appointmentCode: string }) {
  return (
    <figure className={styles.figure}>
      <img className={styles.image} src={qrImageDataUrl} alt={checkInQrText.alt(appointmentCode)} width={200} height={200} />
      <figcaption className={styles.caption}>{checkInQrText.hint}</figcaption>
    </figure>
  );
}
