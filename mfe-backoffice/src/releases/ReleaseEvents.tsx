import { useId } from 'react';
import type { ReleaseEvent } from 'shared-contracts/schemas';
import { ScrollRegion } from '../components/ScrollRegion';
import { actorName, formatReleaseInstant } from './releaseFormat';
import { releasesText } from './releasesText';
import styles from './Releases.module.css';

const t = releasesText.events;

/** The app's last publishes, canaries, promotes, rollbacks and stops, newest first: the audit of who changed what and why. */
export function ReleaseEvents({ events }: { events: ReleaseEvent[] }) {
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{t.heading}</h2>
      {events.length === 0 ? (
        <p className={styles.muted}>{t.none}</p>
      ) : (
        <ScrollRegion className={styles.tableWrap} label={t.caption}>
          <table className={styles.table}>
            <caption className={styles.visuallyHidden}>{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.action}</th>
                <th scope="col">{t.build}</th>
                <th scope="col">{t.from}</th>
                <th scope="col">{t.share}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.at}</th>
                <th scope="col">{t.note}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.id}>
                  <th scope="row">{t.actions[event.action]}</th>
                  <td className={styles.code}>{event.buildId}</td>
                  <td className={styles.code}>{event.fromBuildId ?? releasesText.none}</td>
                  <td>{event.percent === null ? releasesText.none : releasesText.percent(event.percent)}</td>
                  <td>{actorName(event.via, event.actor, event.tokenLabel)}</td>
                  <td>
                    <time dateTime={event.at}>{formatReleaseInstant(event.at)}</time>
                  </td>
                  <td>{event.note ?? releasesText.none}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
