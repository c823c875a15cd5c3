import { useState } from 'react';
import { messageOf } from '../api/apiErrors';
import { downloadCsv } from '../api/csvDownload';
import { ratingKpiCsvPath, type RatingScope } from './serviceRatingsApi';
import { serviceRatingsText as t } from './serviceRatingsText';
import styles from './ServiceRatings.module.css';

/** "Tải CSV" of the rating KPIs: a real link (its address says what it is), fetched with the session's token. */
export function RatingCsvLink({ scope }: { scope: RatingScope }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const href = ratingKpiCsvPath(scope);
  const fileName = `danh-gia-dich-vu_${scope.from}_${scope.to}.csv`;
  return (
    <span className={styles.csv}>
      <a
        className={styles.download}
        href={href}
        download={fileName}
        aria-disabled={busy || undefined}
        onClick={(event) => {
          event.preventDefault();
          if (busy) return;
          setBusy(true);
          setFailed(null);
          downloadCsv(href, fileName, t.csvFailed)
            .catch((error: unknown) => setFailed(messageOf(error, t.csvFailed)))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? t.csvBusy : t.csv}
      </a>
      {failed && (
        <span className={styles.alert} role="alert">
          {failed}
        </span>
      )}
    </span>
  );
}
