import { Component, lazy, Suspense, useCallback, useId, type ReactNode } from 'react';
import type { ReportCharts as ReportChartsAnswer } from 'shared-contracts/schemas';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { displayDate, type KpiRange } from '../kpis';
import { reportsApi } from './reportsApi';
import { reportsText } from './reportsText';
import styles from './Reports.module.css';
import { useRangeLoad } from './useRangeLoad';

const t = reportsText.charts;

// The chart code is its own chunk ('charts'), fetched only when a dashboard or report shows charts.
const ReportCharts = lazy(() => import(/* webpackChunkName: "charts" */ '../charts/ReportCharts'));

/** A chart chunk that cannot load (network) says so instead of taking the page down. */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className={styles.alert}>{t.loadFailed}</p> : this.props.children;
  }
}

interface Props {
  range: KpiRange;
  /** Omitted: the manager's own centre, or every centre for an admin. */
  centreId?: number;
  /** Told about a 422 DATE_RANGE_INVALID (the reports screen shows it by its date inputs); else shown here. */
  onRangeInvalid?: (message: string) => void;
}

/** The six charts of spec §9 for a range and a centre (or all): loads GET /reports/charts, then the lazy chart chunk. */
export function ChartsSection({ range, centreId, onRangeInvalid }: Props) {
  const headingId = useId();
  const { from, to } = range;
  // the range by value: a new object with the same dates does not reload
  const fetchCharts = useCallback((signal: AbortSignal): Promise<ReportChartsAnswer> => reportsApi.charts({ from, to }, centreId, signal), [from, to, centreId]);
  const { state, retry } = useRangeLoad(fetchCharts, onRangeInvalid, t.loadFailed);

  if (state.kind === 'hidden') return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={state.kind === 'loading'}>
      <h2 id={headingId}>{t.heading}</h2>
      <p className={styles.muted}>
        {t.range(displayDate(from), displayDate(to))}
        {state.kind === 'loaded' && state.value.centreId === null ? ` · ${t.allCentres}` : ''}
      </p>
      {state.kind === 'loading' && <Loading text={t.loading} />}
      {state.kind === 'failed' && <LoadFailed message={state.message} retryLabel={t.reload} onRetry={retry} />}
      {state.kind === 'loaded' && (
        <ChunkBoundary>
          <Suspense
            fallback={<Loading text={t.loading} />}
          >
            <ReportCharts charts={state.value} />
          </Suspense>
        </ChunkBoundary>
      )}
    </section>
  );
}
