import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from 'shared-contracts';
import { availableFreePartLineActions, type FreePartLineAction } from 'shared-contracts/backoffice';
import { formatCalendarDate } from 'shared-contracts/calendar';
import type { FreePartLine } from 'shared-contracts/schemas';
import { serviceOrderLink } from '../layout/links';
import { LinkProductForm, SpecialOrderForm, type FreeLineOutcome } from './FreePartLineForms';
import { partsDeskText } from './partsDeskText';
import styles from './PartsDesk.module.css';

const t = partsDeskText.free;

/** What the desk sends for an action on a line. */
export type FreeLineInput = { action: 'link'; productId: number } | { action: 'specialOrder'; supplierNote: string; expectedDate: string };
export type RunFreeLineAction = (line: FreePartLine, input: FreeLineInput) => Promise<FreeLineOutcome>;

/** The desk's actions on a line: the shared machine's for the role, kept only where the server's own list agrees. */
export function freeLineActionsFor(line: Pick<FreePartLine, 'status' | 'availableActions'>, role: string | null): FreePartLineAction[] {
  if (role === null) return [];
  return availableFreePartLineActions(line.status, role).filter((action) => line.availableActions.includes(action));
}

interface Props {
  line: FreePartLine;
  actions: FreePartLineAction[];
  refreshKey: number;
  run: RunFreeLineAction;
}

/**
 * One part the technician described, marked "Ngoài danh mục": the order, quantity, reason and note, its state
 * and what resolved it; while unresolved, "Gắn sản phẩm" (search the catalogue, then link) and "Đặt hàng riêng".
 */
export function FreePartLineItem({ line, actions, refreshKey, run }: Props) {
  const [open, setOpen] = useState<FreePartLineAction | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = `free-part-line-${line.id}`;

  const perform = async (input: FreeLineInput): Promise<FreeLineOutcome> => {
    setBusy(true);
    try {
      const outcome = await run(line, input);
      if (outcome.done) setOpen(null);
      return outcome;
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className={`${styles.request} ${line.status === 'OPEN' ? styles.open : ''}`} aria-labelledby={headingId} data-free-line-id={line.id}>
      <div className={styles.requestHead}>
        <h4 id={headingId} className={styles.requestTitle}>
          {line.description}
        </h4>
        <span className={styles.freeMark}>{line.mark}</span>
        <span className={styles.status}>{line.statusLabel}</span>
      </div>
      <p className={styles.muted}>
        <Link className={styles.link} to={serviceOrderLink(line.serviceOrder.id)}>
          {partsDeskText.request.openOrder(line.serviceOrder.code, line.serviceOrder.licensePlate)}
        </Link>{' '}
        · {line.serviceOrder.vehicleModel}
      </p>
      <dl className={styles.facts}>
        <dt>{t.quantity}</dt>
        <dd>{line.quantity}</dd>
        <dt>{t.reason}</dt>
        <dd>{line.reason}</dd>
        {line.note && (
          <>
            <dt>{t.note}</dt>
            <dd>{line.note}</dd>
          </>
        )}
        <dt>{t.requestedBy}</dt>
        <dd>{partsDeskText.request.requestedAt(line.requestedBy, formatDateTime(line.requestedAt))}</dd>
        {line.status === 'SPECIAL_ORDER' && (
          <>
            <dt>{t.supplier}</dt>
            <dd>{line.supplierNote}</dd>
            <dt>{t.expected}</dt>
            <dd>{line.expectedDate && <time dateTime={line.expectedDate}>{formatCalendarDate(line.expectedDate)}</time>}</dd>
          </>
        )}
        {line.resolvedAt && (
          <>
            <dt>{t.resolvedBy}</dt>
            <dd>{partsDeskText.request.requestedAt(line.resolvedBy, formatDateTime(line.resolvedAt))}</dd>
          </>
        )}
      </dl>
      {line.status === 'LINKED' && <p className={styles.hint}>{t.linkedRequest}</p>}

      {actions.length > 0 && (
        <div className={styles.actionArea}>
          <div className={styles.buttons} role="group" aria-label={t.group(line.description)}>
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                className={action === 'link' ? styles.action : styles.secondary}
                disabled={busy}
                aria-expanded={open === action}
                onClick={() => setOpen((current) => (current === action ? null : action))}
              >
                {action === 'link' ? t.link : t.specialOrder}
              </button>
            ))}
          </div>
          {open === 'link' && (
            <LinkProductForm line={line} refreshKey={refreshKey} busy={busy} onCancel={() => setOpen(null)} onSubmit={(productId) => perform({ action: 'link', productId })} />
          )}
          {open === 'specialOrder' && (
            <SpecialOrderForm busy={busy} onCancel={() => setOpen(null)} onSubmit={(supplierNote, expectedDate) => perform({ action: 'specialOrder', supplierNote, expectedDate })} />
          )}
        </div>
      )}
    </article>
  );
}
