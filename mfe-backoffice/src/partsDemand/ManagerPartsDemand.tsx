import { useCallback, useId, useState } from 'react';
import type { PartsDemandItem } from 'shared-contracts/schemas';
import { ScrollRegion } from '../components/ScrollRegion';
import { keepUnlessFailed, latestOf, useAsync } from '../hooks/useAsync';
import { inventoryApi, ReceiveDialog, receiveLine, type ReceiveLineDraft } from '../inventory';
import { useSessionRole } from '../hooks/useSessionRole';
import { PARTS_DEMAND_DAYS, partsDemandApi, type PartsDemandDays } from './partsDemandApi';
import { partsDemandText as t } from './partsDemandText';
import styles from './PartsDemand.module.css';
import { CentreSelect } from '../components/CentreSelect';


/** The receive dialog's line for a row: the product with the suggested quantity (blank when nothing is suggested). */
const readCentres = (signal: AbortSignal) => inventoryApi.centres(signal);

const receiveLineFor = (item: PartsDemandItem): ReceiveLineDraft =>
  receiveLine({ productId: item.productId, name: item.name, detail: item.sku, onHand: item.onHand }, item.suggestedReceive > 0 ? String(item.suggestedReceive) : '');

/**
 * /manager?view=parts-demand (spec predictive.md §4 'Manager'): the parts the centre's booked appointments of the
 * next 14 or 30 days are expected to use, against its available and minimum stock, with a suggested receive and,
 * per row, 'Nhập kho' — the inventory's own receive dialog (inventory/ReceiveDialog) with the product and the
 * suggested quantity filled in. An admin chooses the centre; manager and admin may receive (as on the inventory).
 */
export function ManagerPartsDemand() {
  const role = useSessionRole();
  const isAdmin = role === 'admin';
  const canReceive = role === 'manager' || role === 'admin';
  const ids = { centre: useId(), heading: useId() };
  const [days, setDays] = useState<PartsDemandDays>(14);
  const [chosenCentre, setChosenCentre] = useState<number | null>(null);
  const [receiving, setReceiving] = useState<PartsDemandItem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const centres = useAsync(readCentres, {}).state.data ?? null;

  const centreId = isAdmin ? (chosenCentre ?? centres?.[0]?.id) : undefined;
  const adminWaiting = isAdmin && centreId === undefined;
  const readDemand = useCallback((signal: AbortSignal) => partsDemandApi.read(days, centreId, signal), [days, centreId]);
  // the last answer stays on screen while another one loads; a failure replaces it, and a load after a failure
  // starts afresh ('loading')
  const { state: loaded, reload } = useAsync(readDemand, { failedText: t.loadFailed, enabled: !adminWaiting, start: keepUnlessFailed });
  const state = latestOf(loaded);
  const again = () => reload(keepUnlessFailed(loaded));

  const demand = state.status === 'ready' ? state.data : null;
  // the answer of another horizon or centre stays on screen, marked busy, until the new one arrives
  const stale = demand !== null && (demand.days !== days || (centreId !== undefined && demand.centreId !== centreId));
  const nameOf = (id: number | undefined) => centres?.find((centre) => centre.id === id)?.name ?? t.ownCentre;
  // the centre asked for (an admin's choice), and the one the figures on screen are of
  const centreName = nameOf(centreId ?? demand?.centreId);
  const shownCentreName = nameOf(demand?.centreId);

  return (
    <section className={styles.panel} aria-labelledby={ids.heading} aria-busy={state.status === 'loading' || stale}>
      <div className={styles.panelHeader}>
        <h2 id={ids.heading}>{t.heading}</h2>
      </div>
      <p className={styles.hint}>{t.intro}</p>
      <div className={styles.toolbar}>
        {isAdmin ? (
          <div className={styles.field}>
            <label htmlFor={ids.centre}>{t.centre}</label>
            <CentreSelect id={ids.centre} className={styles.select} centres={centres} value={centreId} onChange={setChosenCentre} />
          </div>
        ) : (
          <p className={styles.muted}>
            <strong>{t.centreOf(centreName)}</strong>
          </p>
        )}
        <fieldset className={styles.switch}>
          <legend>{t.horizon}</legend>
          {PARTS_DEMAND_DAYS.map((option) => (
            <label key={option}>
              <input type="radio" name={`${ids.heading}-days`} value={option} checked={days === option} onChange={() => setDays(option)} />
              {t.days(option)}
            </label>
          ))}
        </fieldset>
      </div>
      <p role="status" aria-live="polite" className={styles.done}>
        {announcement}
      </p>

      {state.status === 'loading' && <p className={styles.muted}>{t.loading}</p>}
      {state.status === 'failed' && (
        <p role="alert" className={styles.alert}>
          {state.message}{' '}
          <button type="button" className={styles.secondary} onClick={again}>
            {t.retry}
          </button>
        </p>
      )}
      {demand && (
        <>
          <p className={styles.muted}>
            {t.summary(demand.appointments, demand.vehicles, demand.expectedFailures)}
            {demand.model && (
              <>
                <br />
                <span className={styles.hint}>{t.model(demand.model.id, demand.model.trainedAt)}</span>
              </>
            )}
          </p>
          {demand.notes.length > 0 && (
            <ul className={styles.notes} aria-label={t.notes}>
              {demand.notes.map((note) => (
                <li key={note.code} data-note={note.code}>
                  {note.message}
                </li>
              ))}
            </ul>
          )}
          {demand.items.length === 0 ? (
            <p className={styles.muted}>{t.empty}</p>
          ) : (
            <ScrollRegion className={styles.tableWrap} role="group" label={t.caption(demand.days, shownCentreName)}>
              <table className={styles.table}>
                <caption className={styles.visuallyHidden}>{t.caption(demand.days, shownCentreName)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.columns.product}</th>
                    <th scope="col" className={styles.numeric}>
                      {t.columns.demand}
                    </th>
                    <th scope="col">{t.columns.from}</th>
                    <th scope="col" className={styles.numeric}>
                      {t.columns.appointments}
                    </th>
                    <th scope="col" className={styles.numeric}>
                      {t.columns.available}
                    </th>
                    <th scope="col" className={styles.numeric}>
                      {t.columns.minStock}
                    </th>
                    <th scope="col" className={styles.numeric}>
                      {t.columns.suggested}
                    </th>
                    {canReceive && <th scope="col">{t.columns.actions}</th>}
                  </tr>
                </thead>
                <tbody>
                  {demand.items.map((item) => (
                    <tr key={item.productId}>
                      <th scope="row">
                        {item.name}
                        <span className={styles.sku}>{item.sku}</span>
                      </th>
                      <td className={styles.numeric}>{t.decimal(item.expectedDemand)}</td>
                      <td>{item.components.map((component) => component.label).join(', ')}</td>
                      <td className={styles.numeric}>{t.count(item.appointmentCount)}</td>
                      <td className={styles.numeric}>{t.count(item.available)}</td>
                      <td className={styles.numeric}>{t.count(item.minStock)}</td>
                      <td className={`${styles.numeric} ${item.suggestedReceive > 0 ? styles.suggested : ''}`}>
                        {t.count(item.suggestedReceive)}
                      </td>
                      {canReceive && (
                        <td>
                          <button type="button" className={styles.action} aria-label={t.receiveLabel(item.name, item.suggestedReceive)} onClick={() => setReceiving(item)}>
                            {t.receive}
                          </button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          {demand.items.length > 0 && <p className={styles.hint}>{t.note}</p>}
        </>
      )}

      {receiving && (
        <ReceiveDialog
          centreId={centreId}
          centreName={centreName}
          initial={[receiveLineFor(receiving)]}
          onClose={() => setReceiving(null)}
          onReceived={(_change, message) => {
            setReceiving(null);
            if (message) setAnnouncement(message);
            again();
          }}
        />
      )}
    </section>
  );
}
