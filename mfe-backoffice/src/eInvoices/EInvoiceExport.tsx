import { useId, useState } from 'react';
import { downloadApiFile } from '../api/apiFiles';
import { messageOf } from '../api/apiErrors';
import desk from '../components/DeskPanels.module.css';
import { eInvoiceText as t } from './eInvoiceText';
import styles from './EInvoices.module.css';

interface Props {
  /** Today's local date (yyyy-MM-dd): the month offered first and the latest one allowed. */
  today: string;
}

/** "Tải cho kế toán": a month's issued invoices (XML and PDF) and their CSV list, as one zip. */
export function EInvoiceExport({ today }: Props) {
  const inputId = useId();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadApiFile(`/admin/e-invoices/export?month=${encodeURIComponent(month)}`, `hoa-don-dien-tu-${month}.zip`, t.exportFailed);
    } catch (failure) {
      setError(messageOf(failure, t.exportFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={desk.panel} aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>{t.exportHeading}</h2>
      <p className={styles.caption}>{t.exportIntro}</p>
      <form
        className={styles.exportForm}
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
      >
        <label htmlFor={inputId}>{t.exportMonth}</label>
        <input id={inputId} type="month" value={month} max={today.slice(0, 7)} required onChange={(event) => setMonth(event.target.value)} />
        <button type="submit" disabled={busy || !/^\d{4}-\d{2}$/.test(month)}>
          {busy ? t.exporting : t.exportButton}
        </button>
      </form>
      {error && (
        <p role="alert" className={desk.error}>
          {error}
        </p>
      )}
    </section>
  );
}
