import { Link } from 'react-router-dom';
import { formatDateTime } from 'shared-contracts';
import type { TechnicianQueue } from 'shared-contracts/schemas';
import { MyKpis } from '../kpis';
import { checklistHref, OrderActions } from './OrderActions';
import { formatElapsed, formatMinutes, technicianText } from './technicianText';
import { QueuePage } from './QueuePage';
import { useNow } from './useTechnicianQueue';
import styles from '../components/TechnicianArea.module.css';

const t = technicianText.dashboard;

/** The running clock, ticking every second, with its pause button. */
function RunningClock({ queue, onChanged, announce }: { queue: TechnicianQueue; onChanged: () => void; announce: (text: string) => void }) {
  const now = useNow(1_000);
  const running = queue.clock.running;
  const order = running ? queue.mine.find((card) => card.id === running.serviceOrderId) : undefined;
  return (
    <section className={styles.panel} aria-labelledby="technician-clock">
      <h2 id="technician-clock">{t.clockHeading}</h2>
      {running ? (
        <div className={styles.clock}>
          <p>{t.clockOn(running.serviceOrderCode, running.licensePlate)}</p>
          <p className={styles.muted}>
            {t.clockSince}: <time dateTime={running.startedAt}>{formatDateTime(running.startedAt)}</time>
          </p>
          <p className={styles.elapsed} role="timer" aria-label={t.elapsed}>
            {formatElapsed((now - Date.parse(running.startedAt)) / 1000)}
          </p>
          {order && <OrderActions order={order} clockOnThis onChanged={onChanged} announce={announce} />}
          <div className={styles.actions}>
            <Link to={checklistHref(running.serviceOrderId)} className={styles.linkButton}>
              {technicianText.order.openChecklist}
            </Link>
          </div>
        </div>
      ) : (
        <p className={styles.muted}>{t.clockIdle}</p>
      )}
    </section>
  );
}

function Kpis({ kpis }: { kpis: TechnicianQueue['kpis'] }) {
  const periods = [
    { key: 'today', title: t.today, value: kpis.today },
    { key: 'week', title: t.week, value: kpis.week },
  ];
  return (
    <section className={styles.panel} aria-labelledby="technician-kpis">
      <h2 id="technician-kpis">{t.kpiHeading}</h2>
      <div className={styles.kpis}>
        {periods.map((period) => (
          <div key={period.key} className={styles.kpi}>
            <h3>{period.title}</h3>
            <dl>
              <dt>{t.clocked}</dt>
              <dd>{formatMinutes(period.value.clockedMinutes)}</dd>
              <dt>{t.done}</dt>
              <dd>{period.value.ordersDone}</dd>
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}

/** T1: my running clock, my KPIs today and this week, and the orders assigned to me. */
export function TechnicianDashboard() {
  return (
    <QueuePage>
      {({ queue, reload, announce }) => (
        <>
          <RunningClock queue={queue} onChanged={reload} announce={announce} />
          <Kpis kpis={queue.kpis} />
          <MyKpis />
          <section className={styles.panel} aria-labelledby="technician-orders">
            <div className={styles.panelHead}>
              <h2 id="technician-orders">{t.ordersHeading}</h2>
              <Link to="/technician/work-queue" className={styles.linkButton}>
                {t.toQueue}
              </Link>
            </div>
            {queue.mine.length === 0 ? (
              <p className={styles.muted}>{t.ordersEmpty}</p>
            ) : (
              <ul className={styles.chooser}>
                {queue.mine.map((card) => (
                  <li key={card.id}>
                    <Link to={card.status === 'IN_PROGRESS' ? checklistHref(card.id) : '/technician/work-queue'}>
                      {technicianText.order.heading(card.code, card.licensePlate)} · {card.vehicleModel} · {card.statusLabel}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </QueuePage>
  );
}
