import { formatDateTime } from 'shared-contracts';
import { formatCalendarDate } from 'shared-contracts/calendar';
import type { FreePartLine } from 'shared-contracts/schemas';
import { partsRequestsText } from './partsRequestsText';
import styles from './PartsRequests.module.css';
import common from '../components/TechnicianArea.module.css';

const t = partsRequestsText;

/** T4: the parts I described outside the catalogue, marked "Ngoài danh mục", with what the parts desk did (kept live by the page). */
export function MyFreePartLines({ lines }: { lines: FreePartLine[] }) {
  if (lines.length === 0) return null;
  return (
    <ul className={styles.requests}>
      {lines.map((line) => {
        const headingId = `my-free-part-line-${line.id}`;
        return (
          <li key={line.id}>
            <article className={styles.request} aria-labelledby={headingId}>
              <div className={styles.requestHead}>
                <h3 id={headingId}>{line.description}</h3>
                <span className={styles.freeMark}>{line.mark}</span>
                <span className={common.badge}>{line.statusLabel}</span>
              </div>
              <p className={common.muted}>{t.mine.order(line.serviceOrder.code, line.serviceOrder.licensePlate)}</p>
              <dl className={common.facts}>
                <dt>{t.mine.quantity}</dt>
                <dd>{line.quantity}</dd>
                <dt>{t.mine.reason}</dt>
                <dd>{line.reason}</dd>
                {line.note && (
                  <>
                    <dt>{t.free.lineNote}</dt>
                    <dd>{line.note}</dd>
                  </>
                )}
                {line.status === 'SPECIAL_ORDER' && line.supplierNote && (
                  <>
                    <dt>{t.free.supplier}</dt>
                    <dd>{line.supplierNote}</dd>
                  </>
                )}
                {line.status === 'SPECIAL_ORDER' && line.expectedDate && (
                  <>
                    <dt>{t.free.expectedDate}</dt>
                    <dd>
                      <time dateTime={line.expectedDate}>{formatCalendarDate(line.expectedDate)}</time>
                    </dd>
                  </>
                )}
                <dt>{t.mine.requestedAt}</dt>
                <dd>
                  <time dateTime={line.requestedAt}>{formatDateTime(line.requestedAt)}</time>
                </dd>
              </dl>
              {line.status === 'LINKED' && <p className={common.muted}>{t.free.linked}</p>}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
