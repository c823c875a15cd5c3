import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { CHECKLIST_EDITABLE_STATUSES } from 'shared-contracts/backoffice';
import type { ChecklistResult, ServiceOrderChecklistItem, ServiceOrderDetail, SuggestedCheck } from 'shared-contracts/schemas';
import { BatteryHealthForm } from '../batteryHealth';
import { RecallFlags } from '../recalls';
import { loadedOf, useAsync, type LoadStart } from '../hooks/useAsync';
import { CustomerChatPanel } from '../messages';
import { ChecklistItemEditor } from './ChecklistItemEditor';
import { OrderActions } from './OrderActions';
import { technicianApi } from './technicianApi';
import { technicianText } from './technicianText';
import { useAnnouncement } from './useTechnicianQueue';
import styles from './Checklist.module.css';
import common from '../components/TechnicianArea.module.css';

const t = technicianText.checklist;
/** An order whose checklist looks at the battery carries the "Đo sức khỏe pin" form (the server accepts it while the work is done and just after). */
const BATTERY_CHECK_CODES = ['BATTERY_SOH', 'CAPACITY'];
const BATTERY_FORM_STATUSES: readonly string[] = ['IN_PROGRESS', 'WORK_DONE'];

/**
 * The checklist as the technician works it: the items to check closely first (most likely first, as the order's
 * suggestedChecks rank them), each with its suggestion, then the others in their order.
 */
export function flaggedFirst(
  items: readonly ServiceOrderChecklistItem[],
  suggestedChecks: readonly SuggestedCheck[] = [],
): Array<{ item: ServiceOrderChecklistItem; suggestion?: SuggestedCheck }> {
  const rank = new Map(suggestedChecks.map((check, index) => [check.component, index]));
  const flagged = items.filter((item) => rank.has(item.code)).sort((a, b) => rank.get(a.code)! - rank.get(b.code)!);
  const rest = items.filter((item) => !rank.has(item.code));
  return [...flagged.map((item) => ({ item, suggestion: suggestedChecks[rank.get(item.code)!] })), ...rest.map((item) => ({ item }))];
}

/**
 * T3: one order's checklist on one screen. At the top, the appointment's symptoms; then the items to check closely
 * first, marked 'Nên kiểm tra kỹ' with why (spec predictive.md §4), and the others in their order, each saved on
 * its own as it is answered; the header counts the answers the server holds ('n/total mục đã kiểm tra'); at the
 * bottom the order's own buttons
 * (pause / resume / finish — finish reads the order's version afresh: this screen does not follow the floor's
 * live changes, and an assignment or bay change made meanwhile bumps the version; answers do not).
 */
export function ChecklistScreen({ orderId }: { orderId: number }) {
  const [answers, setAnswers] = useState<Record<number, ChecklistResult | null>>({});
  const [announcement, announce] = useAnnouncement();
  /** The answers the server holds; a reload keeps those saved on this screen meanwhile. */
  const takeAnswers = useCallback((order: ServiceOrderDetail, start: LoadStart) => {
    setAnswers((known) => {
      const next: Record<number, ChecklistResult | null> = {};
      for (const item of order.checklistItems) next[item.id] = start === 'keep' && item.id in known ? known[item.id]! : item.result;
      return next;
    });
  }, []);
  const readOrder = useCallback((signal: AbortSignal) => technicianApi.order(orderId, signal), [orderId]);
  const { state: loaded, reload: load } = useAsync(readOrder, { failedText: technicianText.loadFailed, onData: takeAnswers });
  const state = loadedOf(loaded);

  const onSaved = useCallback((itemId: number, result: ChecklistResult | null) => setAnswers((known) => ({ ...known, [itemId]: result })), []);
  const reload = useCallback(() => load('keep'), [load]);
  const freshVersion = useCallback(async () => (await technicianApi.order(orderId)).version, [orderId]);

  if (state.status === 'loading') return <p className={common.muted}>{technicianText.loading}</p>;
  if (state.status === 'failed') {
    return (
      <div role="alert" className={common.notice}>
        <p>{state.message}</p>
        <div className={common.actions}>
          <button type="button" className={common.secondary} onClick={() => load('fresh')}>
            {technicianText.retry}
          </button>
          <Link to="/technician/checklists" className={common.linkButton}>
            {t.backToList}
          </Link>
        </div>
      </div>
    );
  }

  const order = state.data;
  const editable = CHECKLIST_EDITABLE_STATUSES.includes(order.status);
  const total = order.checklistItems.length;
  const answered = order.checklistItems.filter((item) => (answers[item.id] ?? null) !== null).length;
  const percent = total === 0 ? 100 : Math.round((answered / total) * 100);
  const symptoms = order.symptoms ?? [];
  const ordered = flaggedFirst(order.checklistItems, order.suggestedChecks);
  const flaggedCount = ordered.filter((entry) => entry.suggestion).length;
  const onChecklist = new Set(order.checklistItems.map((item) => item.code));
  const extraChecks = (order.suggestedChecks ?? []).filter((check) => !onChecklist.has(check.component));
  const batteryCheck = BATTERY_CHECK_CODES.some((code) => onChecklist.has(code));

  return (
    <div className={common.stack}>
      <section className={`${common.panel} ${styles.header}`} aria-labelledby="checklist-order">
        <div className={common.panelHead}>
          <h2 id="checklist-order">{technicianText.order.heading(order.code, order.licensePlate)}</h2>
          <span className={common.badge}>
            <span className={common.visuallyHidden}>{technicianText.order.status}: </span>
            {order.statusLabel}
          </span>
        </div>
        <p className={common.muted}>
          {order.vehicleModel} · {order.customer.fullName}
        </p>
        <RecallFlags serviceOrderId={order.id} />
        <p className={styles.progressText} role="status" aria-live="polite">
          {t.progress(answered, total)}
        </p>
        <div className={styles.bar} aria-hidden="true">
          <div className={styles.barFill} style={{ width: `${percent}%` }} />
        </div>
        {!editable && <p className={common.notice}>{t.notEditable}</p>}
      </section>

      {(symptoms.length > 0 || flaggedCount > 0 || extraChecks.length > 0) && (
        <section className={`${common.panel} ${styles.intake}`} aria-labelledby="checklist-symptoms">
          <h3 id="checklist-symptoms" className={styles.intakeHeading}>
            {t.symptomsHeading}
          </h3>
          {symptoms.length === 0 ? (
            <p className={common.muted}>{t.noSymptoms}</p>
          ) : (
            <ul className={styles.symptomList}>
              {symptoms.map((symptom) => (
                <li key={symptom.code}>
                  {symptom.label}
                  <span className={common.muted}> · {t.symptomSource[symptom.source] ?? symptom.source}</span>
                </li>
              ))}
            </ul>
          )}
          {flaggedCount > 0 && <p className={styles.flaggedNote}>{t.flaggedFirst(flaggedCount)}</p>}
          {extraChecks.length > 0 && (
            <>
              <h4 className={styles.intakeSubheading}>{t.extraChecksHeading}</h4>
              <ul className={styles.symptomList}>
                {extraChecks.map((check) => (
                  <li key={check.component}>
                    <strong>{check.label}</strong>: {check.reason} {t.flagLikelihood(check.probability)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}

      {total === 0 ? (
        <p className={common.muted}>{t.empty}</p>
      ) : (
        <ol className={styles.items} aria-label={technicianText.order.checklist}>
          {ordered.map(({ item, suggestion }, index) => (
            <li key={item.id}>
              <ChecklistItemEditor orderId={order.id} item={item} index={index} editable={editable} suggestion={suggestion} onSaved={onSaved} />
            </li>
          ))}
        </ol>
      )}

      {batteryCheck && <BatteryHealthForm orderId={order.id} odometerKm={order.odometerInKm} editable={BATTERY_FORM_STATUSES.includes(order.status)} />}

      <CustomerChatPanel serviceOrderId={order.id} />

      <section className={`${common.panel} ${styles.footer}`} aria-label={technicianText.actions.finish}>
        {editable && answered < total && <p className={common.muted}>{t.finishHint}</p>}
        <p role="status" aria-live="polite" className={common.done}>
          {announcement}
        </p>
        <OrderActions order={order} clockOnThis={order.clockRunning} onChanged={reload} announce={announce} freshVersion={freshVersion} linkChecklist={false} />
        <div className={common.actions}>
          <Link to="/technician/work-queue" className={common.linkButton}>
            {t.backToQueue}
          </Link>
          <Link to="/technician/checklists" className={common.linkButton}>
            {t.backToList}
          </Link>
        </div>
      </section>
    </div>
  );
}
