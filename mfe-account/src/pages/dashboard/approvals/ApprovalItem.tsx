import { useEffect, useId, useRef, useState } from 'react';
import { formatVnd } from 'shared-contracts';
import { PARTS_REASON_MAX } from 'shared-contracts/backoffice';
import type { CustomerApproval } from 'shared-contracts/schemas';
import { formatDeadline } from './approvalFigures';
import { approvalsText as t } from './approvalsText';
import { FindingPhotos } from './FindingPhotos';
import formStyles from '../../../forms/Form.module.css';
import dashboardStyles from '../DashboardPage.module.css';
import styles from './Approvals.module.css';

interface Props {
  item: CustomerApproval;
  /** this request's decision is on its way */
  sending: boolean;
  /** no decision may start now ('Đồng ý tất cả' is running) */
  locked: boolean;
  onApprove: () => void;
  onDecline: (reason: string | undefined) => void;
}

/**
 * One request waiting for the customer: the part, quantity, unit price and line total, the technician's reason,
 * the checklist finding with its photos, the order's estimate now and if approved, the deadline; Đồng ý at once,
 * Từ chối after an optional reason.
 */
export function ApprovalItem({ item, sending, locked, onApprove, onDecline }: Props) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const wasDeclining = useRef(false);
  const id = useId();
  const headingId = `${id}-part`;
  const reasonId = `${id}-reason`;
  const hintId = `${id}-hint`;
  const disabled = sending || locked;

  useEffect(() => {
    if (declining) reasonInput.current?.focus();
    else if (wasDeclining.current) declineButton.current?.focus();
    wasDeclining.current = declining;
  }, [declining]);

  const finding = item.finding;
  return (
    <article className={styles.item} aria-labelledby={headingId} aria-busy={sending || undefined}>
      <div className={styles.itemHead}>
        <h3 id={headingId} className={styles.part}>
          {item.part.name}
        </h3>
        {item.expiresAt && <span className={`${dashboardStyles.badge} ${dashboardStyles.toneWaiting}`}>{t.deadline(formatDeadline(item.expiresAt))}</span>}
      </div>
      <p className={dashboardStyles.muted}>{t.order(item.serviceOrderCode, item.licensePlate, item.vehicleModel, item.centreName)}</p>
      <dl className={`${dashboardStyles.facts} ${styles.figures}`}>
        <dt>{t.quantity}</dt>
        <dd>{item.quantity}</dd>
        <dt>{t.unitPrice}</dt>
        <dd>{formatVnd(item.unitPrice)}</dd>
        <dt>{t.lineTotal}</dt>
        <dd>{formatVnd(item.lineTotal)}</dd>
      </dl>
      <div className={styles.reason}>
        <p className={styles.reasonLabel}>{t.reason}</p>
        <p>{item.reason}</p>
      </div>
      {finding && (
        <div className={styles.finding}>
          <p className={styles.reasonLabel}>{t.finding}</p>
          <p>
            <strong>{finding.label}</strong>
            {finding.result && (
              <>
                {': '}
                <span className={finding.result === 'FAIL' ? styles.fail : undefined}>{t.results[finding.result] ?? finding.result}</span>
              </>
            )}
          </p>
          {finding.note && <p>{finding.note}</p>}
          <FindingPhotos photos={finding.photos} label={finding.label} />
        </div>
      )}
      <dl className={`${dashboardStyles.facts} ${styles.totals}`}>
        <dt>{t.currentEstimate}</dt>
        <dd>{formatVnd(item.currentEstimate)}</dd>
        <dt>{t.newEstimate}</dt>
        <dd className={styles.newTotal}>{formatVnd(item.newEstimate)}</dd>
      </dl>
      {declining ? (
        <div className={styles.decline} role="group" aria-label={t.declineGroup(item.part.name)}>
          <label htmlFor={reasonId} className={formStyles.label}>
            {t.declineReason} <span className={formStyles.optional}>{t.optional}</span>
          </label>
          <textarea
            ref={reasonInput}
            id={reasonId}
            className={`${formStyles.input} ${styles.reasonInput}`}
            value={reason}
            maxLength={PARTS_REASON_MAX}
            rows={3}
            aria-describedby={hintId}
            onChange={(event) => setReason(event.target.value)}
            disabled={disabled}
          />
          <p id={hintId} className={formStyles.hint}>
            {t.declineReasonHint}
          </p>
          <div className={styles.actions}>
            <button type="button" className={`${styles.button} ${styles.declineButton}`} onClick={() => onDecline(reason.trim() || undefined)} disabled={disabled}>
              {t.confirmDecline}
            </button>
            <button type="button" className={`${formStyles.secondary} ${styles.button}`} onClick={() => setDeclining(false)} disabled={sending}>
              {t.back}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={`${formStyles.primary} ${styles.button}`} onClick={onApprove} disabled={disabled} aria-label={t.approveLabel(item.part.name)}>
            {t.approve}
          </button>
          <button
            ref={declineButton}
            type="button"
            className={`${formStyles.secondary} ${styles.button}`}
            onClick={() => setDeclining(true)}
            disabled={disabled}
            aria-label={t.declineLabel(item.part.name)}
          >
            {t.decline}
          </button>
        </div>
      )}
      {sending && <p className={dashboardStyles.muted}>{t.sending}</p>}
    </article>
  );
}
