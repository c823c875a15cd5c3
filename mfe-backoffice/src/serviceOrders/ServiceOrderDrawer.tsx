import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDateTime } from 'shared-contracts';
import { ASSIGNABLE_SERVICE_ORDER_STATUSES, SERVICE_ORDER_TRANSITIONS } from 'shared-contracts/backoffice';
import { isCoveredPayer, LINE_PAYER_LABELS, type LinePayer } from 'shared-contracts/pricing';
import type { CentreTechnician, ServiceOrderDetail, ServiceOrderLine } from 'shared-contracts/schemas';
import { isConflict, isForbidden, messageOf } from '../api/apiErrors';
import { ModalDialog } from '../components/ModalDialog';
import { frontDeskApi } from '../frontDesk';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { useSessionRole } from '../hooks/useSessionRole';
import { AssignmentForm } from './AssignmentForm';
import { InvoicePayment, LinesTable } from './InvoicePayment';
import { LinePayerField } from './LinePayerField';
import { coveredRows, lineTotalsByPayer, PAYER_EDITABLE_STATUSES, payerOf, payersFor } from './linePayers';
import { PartsDeskSlot } from './PartsDeskSlot';
import { ReasonAction } from './ReasonAction';
import { serviceOrdersApi } from './serviceOrdersApi';
import { serviceOrdersText } from './serviceOrdersText';
import styles from './ServiceOrders.module.css';

const t = serviceOrdersText.drawer;
const km = (value: number) => `${value.toLocaleString('vi-VN')} km`;

interface Props {
  orderId: number;
  /** The centre's bays (null until the board has loaded). */
  serviceBays: number | null;
  /** Changes when the floor changed for this order: the drawer reloads, keeping what is on screen meanwhile. */
  refreshKey: number;
  onClose: () => void;
  /** Something was changed from the drawer: the board behind reloads. */
  onChanged: () => void;
}

const readTechnicians = (signal: AbortSignal) => frontDeskApi.technicians(signal);
const NO_TECHNICIANS: CentreTechnician[] = [];

type Notice = { kind: 'done' | 'failed'; text: string } | null;

/** The service order's detail (S5, S7) as a drawer with dialog semantics. */
export function ServiceOrderDrawer({ orderId, serviceBays, refreshKey, onClose, onChanged }: Props) {
  const [notice, setNotice] = useState<Notice>(null);
  const readOrder = useCallback((signal: AbortSignal) => serviceOrdersApi.detail(orderId, signal), [orderId]);
  // another order starts afresh; a floor change for this one (refreshKey) reloads, keeping what is on screen
  // meanwhile and if it fails
  const { state: loaded, reload, setData } = useAsync(readOrder, { failedText: serviceOrdersText.loadFailed, reloadKey: refreshKey });
  const state = loadedOf(loaded);
  const technicians = useAsync(readTechnicians, {}).state.data ?? NO_TECHNICIANS;
  const role = useSessionRole();
  /** The payer being saved for a line (one at a time: each change needs the version the last one answered). */
  const [savingPayer, setSavingPayer] = useState<{ lineId: number; payer: LinePayer } | null>(null);
  const payerInFlight = useRef(false);

  useEffect(() => setNotice(null), [orderId]);

  /** Runs an action: on success announce and reload; on a 409 explain (the server's words) and reload. */
  const run = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    setNotice(null);
    try {
      await work();
      setNotice({ kind: 'done', text: done });
      onChanged();
      reload();
      return true;
    } catch (error) {
      const message = messageOf(error, serviceOrdersText.actionFailed);
      setNotice({ kind: 'failed', text: isConflict(error) ? `${message} ${t.reloaded}` : message });
      if (isConflict(error)) {
        onChanged();
        reload();
      }
      return false;
    }
  };

  /** Sets who pays a line: the drawer shows the detail answered; a 409 or a 403 is explained and the order read again. */
  const setLinePayer = async (current: ServiceOrderDetail, line: ServiceOrderLine, payer: LinePayer) => {
    if (payerInFlight.current || payer === payerOf(line)) return;
    payerInFlight.current = true;
    setSavingPayer({ lineId: line.id, payer });
    setNotice(null);
    try {
      const { data: saved, message } = await serviceOrdersApi.setLinePayer(current.id, line.id, { payer, version: current.version });
      // the answer is the order as it is now (unless the drawer moved on to another order meanwhile)
      if (saved) setData((shown) => (shown?.id === saved.id ? saved : shown));
      else reload();
      setNotice({ kind: 'done', text: message ?? t.payerSaved });
      onChanged();
    } catch (error) {
      const message = messageOf(error, serviceOrdersText.actionFailed);
      const stale = isConflict(error) || isForbidden(error);
      setNotice({ kind: 'failed', text: stale ? `${message} ${t.reloaded}` : message });
      if (stale) {
        onChanged();
        reload();
      }
    } finally {
      payerInFlight.current = false;
      setSavingPayer(null);
    }
  };

  const order = state.status === 'ready' ? state.data : null;
  /** The payers the viewer may set on this order's lines: none once invoiced, nor for a read-only role. */
  const payerChoices = order && PAYER_EDITABLE_STATUSES.includes(order.status) ? payersFor(role) : [];
  const lineTotals = lineTotalsByPayer(order?.lines ?? []);
  /** The checklist codes to check closely (the order's suggestedChecks). */
  const flagged = new Set((order?.suggestedChecks ?? []).map((check) => check.component));

  return (
    <ModalDialog variant="drawer" title={order ? t.title(order.code) : t.titleLoading} onClose={onClose}>
      <div aria-live="polite" role="status">
        {notice?.kind === 'done' && <p className={styles.done}>{notice.text}</p>}
      </div>
      <div role="alert">{notice?.kind === 'failed' && <p className={styles.alert}>{notice.text}</p>}</div>

      {state.status === 'loading' && <p>{t.loading}</p>}
      {state.status === 'failed' && (
        <p className={styles.alert}>
          {state.message}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload()}>
            {serviceOrdersText.retry}
          </button>
        </p>
      )}

      {order && (
        <>
          <dl className={styles.facts}>
            <dt>{t.status}</dt>
            <dd>{order.statusLabel}</dd>
            <dt>{t.vehicle}</dt>
            <dd>
              {order.licensePlate} · {order.vehicleModel}
            </dd>
            <dt>{t.customer}</dt>
            <dd>{[order.customer.fullName, order.customer.phone].filter(Boolean).join(' · ')}</dd>
            <dt>{t.appointment}</dt>
            <dd>
              {order.appointmentCode} · <time dateTime={order.appointmentStart}>{formatDateTime(order.appointmentStart)}</time>
            </dd>
            <dt>{t.odometer}</dt>
            <dd>{km(order.odometerInKm)}</dd>
            <dt>{t.concern}</dt>
            <dd>{order.customerConcern ?? t.none}</dd>
            <dt>{t.symptoms}</dt>
            <dd>
              {(order.symptoms ?? []).length === 0
                ? t.none
                : (order.symptoms ?? []).map((symptom) => `${symptom.label} (${t.symptomSource[symptom.source] ?? symptom.source})`).join('; ')}
            </dd>
            {order.intakeNote && (
              <>
                <dt>{t.intakeNote}</dt>
                <dd>{order.intakeNote}</dd>
              </>
            )}
            {order.cancelReason && (
              <>
                <dt>{t.cancelReason}</dt>
                <dd>{order.cancelReason}</dd>
              </>
            )}
          </dl>

          {(order.availableActions.includes('reopen') || order.availableActions.includes('cancel')) && (
            <section className={styles.section} aria-labelledby={`actions-${order.id}`}>
              <h3 id={`actions-${order.id}`}>{t.actions}</h3>
              <div className={styles.buttons}>
                {order.availableActions.includes('reopen') && (
                  <ReasonAction
                    key={`reopen-${order.version}`}
                    label={SERVICE_ORDER_TRANSITIONS.reopen.label}
                    submitLabel={t.reopenSubmit}
                    tone="secondary"
                    onSubmit={(reason) => run(() => serviceOrdersApi.reopen(order.id, order.version, reason), t.reopened)}
                  />
                )}
                {order.availableActions.includes('cancel') && (
                  <ReasonAction
                    key={`cancel-${order.version}`}
                    label={SERVICE_ORDER_TRANSITIONS.cancel.label}
                    submitLabel={t.cancelSubmit}
                    tone="danger"
                    onSubmit={(reason) => run(() => serviceOrdersApi.cancel(order.id, order.version, reason), t.cancelled)}
                  />
                )}
              </div>
            </section>
          )}

          {ASSIGNABLE_SERVICE_ORDER_STATUSES.includes(order.status) && (
            <section className={styles.section} aria-labelledby={`assignment-${order.id}`}>
              <h3 id={`assignment-${order.id}`}>{t.assignment}</h3>
              <AssignmentForm
                key={`${order.id}-${order.version}`}
                order={order}
                technicians={technicians}
                serviceBays={serviceBays}
                onUnchanged={() => setNotice({ kind: 'done', text: t.assignmentUnchanged })}
                onSave={(technicianId, bayNo) =>
                  run(() => serviceOrdersApi.assign(order.id, { version: order.version, technicianId, bayNo }), t.assignmentSaved)
                }
              />
            </section>
          )}

          {(order.suggestedChecks ?? []).length > 0 && (
            <section className={styles.section} aria-labelledby={`suggested-${order.id}`}>
              <h3 id={`suggested-${order.id}`}>{t.suggestedChecks}</h3>
              <p className={styles.hint}>{t.suggestedChecksHint}</p>
              <ol className={styles.checklist}>
                {(order.suggestedChecks ?? []).map((check) => (
                  <li key={check.component} className={styles.checkItem}>
                    <div className={styles.checkHead}>
                      <span>{check.label}</span>
                      <span className={styles.result}>{t.likelihood(check.probability)}</span>
                    </div>
                    <p className={styles.meta}>{check.reason}</p>
                  </li>
                ))}
              </ol>
            </section>
          )}

          <InvoicePayment key={order.id} order={order} run={run} />

          <section className={styles.section} aria-labelledby={`lines-${order.id}`}>
            <h3 id={`lines-${order.id}`}>{t.lines}</h3>
            {order.lines.length === 0 ? (
              <p>{t.noLines}</p>
            ) : (
              <LinesTable
                lines={order.lines}
                caption={t.lines}
                footer={[...coveredRows(lineTotals.warranty, lineTotals.goodwill), [t.estimate, lineTotals.charged]]}
                payerCell={(line) =>
                  payerChoices.length > 0 ? (
                    <LinePayerField
                      value={savingPayer?.lineId === line.id ? savingPayer.payer : payerOf(line)}
                      choices={payerChoices}
                      busy={savingPayer !== null}
                      onChange={(payer) => void setLinePayer(order, line, payer)}
                    />
                  ) : (
                    // a covered line's tag already says who pays it
                    !isCoveredPayer(payerOf(line)) && (
                      <span className={styles.payerText}>
                        {t.payer}: {LINE_PAYER_LABELS[payerOf(line)]}
                      </span>
                    )
                  )
                }
              />
            )}
          </section>

          <section className={styles.section} aria-labelledby={`checklist-${order.id}`}>
            <h3 id={`checklist-${order.id}`}>
              {t.checklist}{' '}
              <span className={styles.muted}>
                ({t.checklistProgress(order.checklistItems.filter((item) => item.result !== null).length, order.checklistItems.length)})
              </span>
            </h3>
            <p className={styles.hint}>{t.checklistReadOnly}</p>
            {order.checklistItems.length === 0 ? (
              <p>{t.noChecklist}</p>
            ) : (
              <ol className={styles.checklist}>
                {order.checklistItems.map((item) => (
                  <li key={item.id} className={styles.checkItem}>
                    <div className={styles.checkHead}>
                      <span>
                        {item.label}
                        {flagged.has(item.code) && <span className={styles.meta}> · {t.flagged}</span>}
                      </span>
                      <span className={`${styles.result} ${styles[`result${item.result ?? 'None'}`] ?? ''}`}>
                        {item.result ? (t.results[item.result] ?? item.result) : t.notChecked}
                      </span>
                    </div>
                    {item.note && <p className={styles.meta}>{item.note}</p>}
                    {item.photos.length > 0 && (
                      <ul className={styles.photos}>
                        {item.photos.map((photo, index) => (
                          <li key={photo.id}>
                            <a href={photo.url} target="_blank" rel="noreferrer">
                              <img src={photo.url} alt={t.photo(item.label, index + 1)} width={72} height={72} loading="lazy" />
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section className={styles.section} aria-labelledby={`timeline-${order.id}`}>
            <h3 id={`timeline-${order.id}`}>{t.timeline}</h3>
            {order.timeline.length === 0 ? (
              <p>{t.noTimeline}</p>
            ) : (
              <ol className={styles.timeline}>
                {order.timeline.map((entry, index) => (
                  <li key={`${entry.at}-${index}`}>
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · <strong>{entry.label}</strong>
                    {entry.by && <span className={styles.muted}> · {t.by(entry.by)}</span>}
                    {entry.note && <p className={styles.meta}>{entry.note}</p>}
                  </li>
                ))}
              </ol>
            )}
          </section>

          <PartsDeskSlot order={order} />
        </>
      )}
    </ModalDialog>
  );
}
