import { useCallback, useEffect, useRef } from 'react';
import type { CustomerInspection } from 'shared-contracts/schemas';
import { keepIfShown, loadedOf, useAsync } from '../hooks/useAsync';
import { LoadFailure } from '../service/LoadFailure';
import { serviceApi } from '../service/serviceApi';
import { InspectionAdvice } from './InspectionAdvice';
import { InspectionPhotos } from './InspectionPhotos';
import { inspectionText as t } from './inspectionText';
import styles from './Inspection.module.css';

const RESULT_STYLES = { PASS: styles.pass, FAIL: styles.fail, NA: styles.na } as const;

function Items({ inspection }: { inspection: CustomerInspection }) {
  const answered = inspection.items.filter((item) => item.result !== null);
  return (
    <ul className={styles.items} aria-label={t.itemsLabel}>
      {answered.map((item, index) => (
        <li key={`${item.label}-${index}`} className={styles.item}>
          <span className={styles.itemHead}>
            <span className={styles.label}>{item.label}</span>
            <span>
              <span className={`${styles.tag} ${RESULT_STYLES[item.result!]}`}>{t.results[item.result!]}</span>
              {item.fixed && <span className={`${styles.tag} ${styles.fixed}`}> {t.fixed}</span>}
            </span>
          </span>
          {item.note && <p className={styles.note}>{item.note}</p>}
          <InspectionPhotos label={item.label} photos={item.photos} />
        </li>
      ))}
    </ul>
  );
}

interface Props {
  appointmentId: number;
  /** changes whenever the order changed (a live event, a fetch): the inspection is read again */
  version: string;
}

/**
 * The digital inspection of the car at the centre, on its service order: each item checked so far with its
 * result, the technician's note and photos, what was fixed at this visit, and the advice for next time.
 */
export function InspectionReport({ appointmentId, version }: Props) {
  const read = useCallback((signal: AbortSignal) => serviceApi.appointmentInspection(appointmentId, signal), [appointmentId]);
  const { state: loaded, reload } = useAsync(read, {});
  const state = loadedOf(loaded);
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    // a new version keeps the report on screen (also when it fails), else shows loading
    reload(keepIfShown);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  const headingId = `inspection-${appointmentId}`;
  if (state.status === 'loading') return <p className={styles.muted}>{t.loading}</p>;
  if (state.status === 'failed') return <LoadFailure message={state.message} onRetry={() => reload('fresh')} />;
  const inspection = state.data;
  if (!inspection || inspection.total === 0) return null;
  const complete = inspection.answered === inspection.total;
  return (
    <section className={styles.inspection} aria-labelledby={headingId}>
      <h5 id={headingId} className={styles.heading}>
        {t.heading}
      </h5>
      <p className={styles.muted}>{inspection.answered === 0 ? t.notStarted : t.progress(inspection.answered, inspection.total)}</p>
      {inspection.answered > 0 && <Items inspection={inspection} />}
      <InspectionAdvice advice={inspection.advice} headingId={`${headingId}-advice`} showEmpty={complete} level="h6" />
    </section>
  );
}
