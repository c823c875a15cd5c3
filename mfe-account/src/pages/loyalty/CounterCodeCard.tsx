import { useEffect, useState } from 'react';
import { formatDateTime } from 'shared-contracts';
import type { LoyaltyCounterCode } from 'shared-contracts/schemas';
import { failureMessage } from '../../api/apiErrors';
import formStyles from '../../forms/Form.module.css';
import { counterCodeApi } from './counterCodeApi';
import styles from './LoyaltyPage.module.css';

export const counterCodeText = {
  heading: 'Dùng điểm tại quầy',
  intro: 'Tại trung tâm dịch vụ, đưa mã cho nhân viên quầy để dùng điểm trả một phần hoá đơn dịch vụ.',
  issue: 'Dùng điểm tại quầy',
  issuing: 'Đang lấy mã…',
  again: 'Lấy mã mới',
  codeLabel: 'Mã xác nhận',
  qrAlt: 'Mã QR dùng điểm tại quầy',
  validUntil: (time: string) => `Mã dùng một lần, hiệu lực đến ${time}. Lấy mã mới thì mã cũ không dùng được nữa.`,
  expired: 'Mã đã hết hạn. Bấm “Lấy mã mới” khi bạn ở quầy.',
  failed: 'Không lấy được mã. Vui lòng thử lại.',
} as const;

const t = counterCodeText;
/**
 * How long a code lives (the API's LOYALTY_COUNTER_CODE_TTL_MS), counted from its arrival on this device: the device's
 * clock may differ from the server's, so the answer's `expiresAt` is not compared with it.
 */
const CODE_LIFETIME_MS = 5 * 60_000;

/**
 * "Dùng điểm tại quầy": the member's consent to spend points on a service invoice — a 6-digit code and its QR, used
 * once within 5 minutes (a new one replaces the last). The clerk enters or scans it; the server checks it.
 */
export function CounterCodeCard() {
  const [code, setCode] = useState<(LoyaltyCounterCode & { until: number }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  // The code stops being shown when it expires.
  useEffect(() => {
    if (!code) return undefined;
    const timer = setTimeout(() => setExpired(true), Math.max(0, code.until - Date.now()));
    return () => clearTimeout(timer);
  }, [code]);

  const issue = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const issued = await counterCodeApi.issue();
      setCode({ ...issued, until: Date.now() + CODE_LIFETIME_MS });
      setExpired(false);
    } catch (error) {
      setFailure(failureMessage(error, t.failed));
    } finally {
      setBusy(false);
    }
  };

  const live = code !== null && !expired;
  return (
    <section className={styles.card} aria-labelledby="loyalty-counter-code">
      <h2 id="loyalty-counter-code" className={styles.heading}>
        {t.heading}
      </h2>
      <p className={styles.muted}>{t.intro}</p>
      {live && (
        <>
          <p className={styles.balance} aria-label={`${t.codeLabel}: ${code.code.split('').join(' ')}`} data-testid="counter-code">
            {code.code}
          </p>
          <img src={code.qrImageDataUrl} alt={t.qrAlt} width={180} height={180} />
          <p className={styles.muted}>{t.validUntil(formatDateTime(code.until))}</p>
        </>
      )}
      {code !== null && expired && <p className={styles.muted}>{t.expired}</p>}
      {failure && <p role="alert">{failure}</p>}
      <div>
        <button type="button" className={formStyles.primary} onClick={() => void issue()} disabled={busy}>
          {busy ? t.issuing : code ? t.again : t.issue}
        </button>
      </div>
    </section>
  );
}
