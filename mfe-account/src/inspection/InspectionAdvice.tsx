import type { InspectionAdvice as Advice } from 'shared-contracts/schemas';
import { inspectionText as t } from './inspectionText';
import styles from './Inspection.module.css';

const KIND_STYLES = { REPAIR: styles.repair, WATCH: styles.watch } as const;

interface Props {
  advice: readonly Advice[];
  /** id of the heading (unique on the page) */
  headingId: string;
  /** say so when there is no advice (a finished visit), rather than showing nothing */
  showEmpty?: boolean;
  /** the heading's level where it stands */
  level?: 'h3' | 'h4' | 'h5' | 'h6';
}

/** The advice for next time, from the technician's findings: what still needs repair, what to watch. */
export function InspectionAdvice({ advice, headingId, showEmpty = false, level = 'h5' }: Props) {
  if (advice.length === 0 && !showEmpty) return null;
  const Heading = level;
  return (
    <section className={styles.adviceBlock} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.heading}>
        {t.adviceHeading}
      </Heading>
      {advice.length === 0 ? (
        <p className={styles.muted}>{t.noAdvice}</p>
      ) : (
        <ul className={styles.advice}>
          {advice.map((entry) => (
            <li key={`${entry.kind}-${entry.label}`} className={styles.adviceItem}>
              <span className={styles.itemHead}>
                <strong className={styles.label}>{entry.label}</strong>
                <span className={`${styles.tag} ${KIND_STYLES[entry.kind]}`}>{t.adviceKinds[entry.kind]}</span>
              </span>
              <p className={styles.note}>{entry.note}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
