import { OrderCard } from './OrderCard';
import { QueuePage } from './QueuePage';
import { technicianText } from './technicianText';
import styles from '../components/TechnicianArea.module.css';

const t = technicianText.queue;
const ACTIVE = new Set(['OPEN', 'IN_PROGRESS']);

/**
 * T2: my OPEN and IN_PROGRESS orders first (in the queue's order: by appointment time), each with the buttons its
 * state allows, then my centre's unassigned OPEN orders: view only but for 'Bắt đầu', which the API answers by
 * giving the order to the technician who starts it (in the same conditional statement as the start).
 */
export function WorkQueue() {
  return (
    <QueuePage>
      {({ queue, reload, announce }) => (
        <>
          <section className={styles.panel} aria-labelledby="queue-mine">
            <div className={styles.panelHead}>
              <h2 id="queue-mine">{t.mineHeading}</h2>
              <p className={styles.muted}>{t.centre(queue.centre.name)}</p>
            </div>
            {queue.mine.filter((card) => ACTIVE.has(card.status)).length === 0 ? (
              <p className={styles.muted}>{t.mineEmpty}</p>
            ) : (
              <ul className={styles.list}>
                {queue.mine
                  .filter((card) => ACTIVE.has(card.status))
                  .map((card) => (
                    <li key={card.id}>
                      <OrderCard
                        card={card}
                        mine
                        clockOnThis={queue.clock.running?.serviceOrderId === card.id}
                        onChanged={reload}
                        announce={announce}
                      />
                    </li>
                  ))}
              </ul>
            )}
          </section>
          <section className={styles.panel} aria-labelledby="queue-unassigned">
            <h2 id="queue-unassigned">{t.unassignedHeading}</h2>
            {queue.unassigned.length === 0 ? (
              <p className={styles.muted}>{t.unassignedEmpty}</p>
            ) : (
              <ul className={styles.list}>
                {queue.unassigned.map((card) => (
                  <li key={card.id}>
                    <OrderCard card={card} mine={false} clockOnThis={false} onChanged={reload} announce={announce} />
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
