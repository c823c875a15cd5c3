import { partsRequestHref } from '../layout/links';
import { Link } from 'react-router-dom';
import { availableServiceOrderActions, type ServiceOrderStatus } from 'shared-contracts/backoffice';
import { technicianText } from './technicianText';
import { useOrderActions, type OrderAction } from './useOrderActions';
import styles from '../components/TechnicianArea.module.css';

const t = technicianText.actions;

export const checklistHref = (orderId: number) => `/technician/checklists?order=${orderId}`;

interface Props {
  order: { id: number; code: string; status: ServiceOrderStatus; version: number };
  /** my running clock is on this order */
  clockOnThis: boolean;
  onChanged: () => void;
  announce: (text: string) => void;
  freshVersion?: () => Promise<number>;
  /** link the unanswered items to the checklist (not on the checklist itself) */
  linkChecklist?: boolean;
}

/** The buttons this order's state allows, from the shared machine (what the server accepts), and their outcome. */
export function buttonsFor(status: ServiceOrderStatus, clockOnThis: boolean): OrderAction[] {
  const allowed = availableServiceOrderActions(status, 'technician', true);
  const buttons: OrderAction[] = [];
  if (allowed.includes('start')) buttons.push('start');
  if (status === 'IN_PROGRESS') buttons.push(clockOnThis ? 'pause' : 'resume');
  if (allowed.includes('finish')) buttons.push('finish');
  return buttons;
}

const LABELS: Record<OrderAction, string> = { start: t.start, pause: t.pause, resume: t.resume, finish: t.finish };

/** Bắt đầu / Tạm dừng / Tiếp tục / Hoàn thành for one of my orders. */
export function OrderActions({ order, clockOnThis, onChanged, announce, freshVersion, linkChecklist = true }: Props) {
  const { state, run, confirmSwitch, dismiss } = useOrderActions(order, { onChanged, announce, freshVersion });
  const buttons = buttonsFor(order.status, clockOnThis);
  const busy = state.kind === 'busy';

  return (
    <div className={styles.clock}>
      {buttons.length > 0 && (
        <div className={styles.actions}>
          {buttons.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'pause' ? styles.secondary : styles.primary}
              aria-label={t.label(LABELS[action], order.code)}
              disabled={busy}
              onClick={() => void run(action)}
            >
              {state.kind === 'busy' && state.action === action ? t.busy : LABELS[action]}
            </button>
          ))}
        </div>
      )}
      {state.kind === 'error' && (
        <p role="alert" className={styles.error}>
          {state.text}
        </p>
      )}
      {(state.kind === 'switch' || (state.kind === 'busy' && state.action === 'switch')) && (
        <div className={styles.notice} role="alert">
          <p>{state.kind === 'switch' ? t.alreadyClockedIn(state.activeCode) : t.busy}</p>
          <div className={styles.actions}>
            <button type="button" className={styles.primary} onClick={() => void confirmSwitch()} disabled={busy} aria-label={t.switchLabel(order.code)}>
              {t.switchTo}
            </button>
            <button type="button" className={styles.secondary} onClick={dismiss} disabled={busy}>
              {t.keep}
            </button>
          </div>
        </div>
      )}
      {state.kind === 'partsPending' && (
        <div className={styles.notice} role="alert">
          <p>{state.text}</p>
          {state.requests.length > 0 && (
            <>
              <p>
                <strong>{t.partsPendingHeading}:</strong>
              </p>
              <ul>
                {state.requests.map((request) => (
                  <li key={`${request.freeLine ? 'free' : 'request'}-${request.id}`}>
                    {request.name} — {request.status}
                  </li>
                ))}
              </ul>
            </>
          )}
          <Link to={partsRequestHref(order.id)} className={styles.linkButton}>
            {t.goToPartsRequests}
          </Link>
        </div>
      )}
      {state.kind === 'incomplete' && (
        <div className={styles.notice} role="alert">
          <p>{state.text}</p>
          {state.items.length > 0 && (
            <>
              <p>
                <strong>{t.pendingHeading}:</strong>
              </p>
              <ul>
                {state.items.map((item, index) => (
                  <li key={`${item}-${index}`}>{item}</li>
                ))}
              </ul>
            </>
          )}
          {linkChecklist && (
            <Link to={checklistHref(order.id)} className={styles.linkButton}>
              {t.goToChecklist}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
