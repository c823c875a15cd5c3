import { useId, useState, type FormEvent } from 'react';
import { STOCK_TRANSFER_DECLINE_REASON_MAX } from 'shared-contracts/backoffice';
import type { StockTransfer } from 'shared-contracts/schemas';
import { ModalDialog } from '../components/ModalDialog';
import { SubmitButtons } from '../inventory';
import { stockTransfersText } from './stockTransfersText';
import styles from '../components/StockPanels.module.css';

const t = stockTransfersText.decline;

interface Props {
  transfer: StockTransfer;
  busy: boolean;
  onClose: () => void;
  /** Declines with the reason typed (null when none). */
  onDecline: (reason: string | null) => void;
}

/** "Từ chối" on a request addressed to the centre: an optional reason the requester will read, then decline. */
export function DeclineDialog({ transfer, busy, onClose, onDecline }: Props) {
  const id = useId();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    onDecline(trimmed === '' ? null : trimmed);
  };
  return (
    <ModalDialog title={t.title(transfer.id)} description={t.description} onClose={onClose}>
      <form className={styles.form} noValidate onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={`${id}-reason`}>{t.reason}</label>
          <textarea
            id={`${id}-reason`}
            className={styles.textarea}
            maxLength={STOCK_TRANSFER_DECLINE_REASON_MAX}
            aria-describedby={`${id}-hint`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <p id={`${id}-hint`} className={styles.hint}>
            {t.reasonHint}
          </p>
        </div>
        <SubmitButtons busy={busy} submit={t.submit} submitting={t.submitting} cancel={t.cancel} onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}
