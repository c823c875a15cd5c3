import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from 'shared-contracts';
import type { ModelVersionDto } from 'shared-contracts/diagnostics';
import { messageOf } from '../api/apiErrors';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { ScrollRegion } from '../components/ScrollRegion';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { ComponentModelCard } from './ComponentModelCard';
import { DiagnosisEvaluation } from './DiagnosisEvaluation';
import { formatCount, formatDay, formatWhen } from './predictionFormat';
import { predictionModelsApi } from './predictionModelsApi';
import { predictionModelsText } from './predictionModelsText';
import styles from './PredictionModels.module.css';

const t = predictionModelsText;

/** How often a running training is asked about (spec: every 2 s until ACCEPTED or FAILED). */
export const POLL_INTERVAL_MS = 2_000;
/** A run not finished after this long has died (the API marks it FAILED when the next one starts). */
export const POLL_GIVE_UP_MS = 15 * 60_000;
/** Failed polls in a row before the page says it cannot reach the API (it keeps trying). */
const POLL_TROUBLE_AFTER = 3;

const readVersions = (signal: AbortSignal) => predictionModelsApi.versions(signal);

/** What the training control says: nothing yet, the request on its way, a run being watched, or its end. */
type Training =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'running'; runId: number }
  | { kind: 'accepted'; run: ModelVersionDto }
  | { kind: 'failed'; run: ModelVersionDto; previousId: number | null }
  | { kind: 'timedOut' };

const whenOf = (version: ModelVersionDto) => formatWhen(version.finishedAt ?? version.startedAt);
const servingOf = (versions: readonly ModelVersionDto[]) => versions.find((version) => version.status === 'ACCEPTED') ?? null;
const shownCount = (version: ModelVersionDto) => version.components.filter((component) => component.accepted).length;

/**
 * /admin/models (spec predictive.md §4): the wear model the API serves (its newest ACCEPTED version) with, per
 * component, whether customers see it, the backtest against the fleet-rate baseline, the fitted models and the
 * calibration chart; "Huấn luyện ngay" (POST /admin/models/train, then GET /admin/models every 2 s until the
 * run is ACCEPTED or FAILED); the other versions in a compact table. A run already going when the page opens
 * (or met as a 409) is watched the same way.
 */
export function PredictionModels() {
  const summaryId = useId();
  const historyId = useId();
  const trainId = useId();
  const [training, setTraining] = useState<Training>({ kind: 'idle' });
  const [startError, setStartError] = useState<string | null>(null);
  const [pollTrouble, setPollTrouble] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** A run still TRAINING at the head of the versions is watched. */
  const watchHead = useCallback((versions: ModelVersionDto[]) => {
    const newest = versions[0];
    if (newest?.status === 'TRAINING') {
      setTraining((current) => (current.kind === 'running' && current.runId === newest.id ? current : { kind: 'running', runId: newest.id }));
    }
  }, []);
  const { state: loaded, reload, setData: setVersions } = useAsync(readVersions, { failedText: t.loadFailed, onData: watchHead });
  const load = loadedOf(loaded);

  /** Shows versions read outside the page's load (after a 409), watching a run at their head. */
  const showVersions = useCallback(
    (versions: ModelVersionDto[]) => {
      setVersions(() => versions);
      watchHead(versions);
    },
    [setVersions, watchHead],
  );

  // The watched run: GET /admin/models every POLL_INTERVAL_MS (the first too) until it is ACCEPTED or FAILED.
  const watchedRunId = training.kind === 'running' ? training.runId : null;
  const failedPolls = useRef(0);
  const endOf = (versions: readonly ModelVersionDto[]) => {
    const run = versions.find((version) => version.id === watchedRunId);
    return run?.status === 'ACCEPTED' || run?.status === 'FAILED' ? run : null;
  };
  useAsync(readVersions, {
    enabled: watchedRunId !== null,
    delayMs: POLL_INTERVAL_MS,
    poll: { everyMs: POLL_INTERVAL_MS, until: (versions) => endOf(versions) !== null },
    onData: (versions) => {
      failedPolls.current = 0;
      setPollTrouble(false);
      setVersions(() => versions);
      const run = endOf(versions);
      if (run?.status === 'ACCEPTED') setTraining({ kind: 'accepted', run });
      if (run?.status === 'FAILED') {
        const previous = versions.find((version) => version.status === 'ACCEPTED' && version.id < run.id);
        setTraining({ kind: 'failed', run, previousId: previous?.id ?? null });
      }
    },
    onFailure: () => {
      failedPolls.current += 1;
      if (failedPolls.current >= POLL_TROUBLE_AFTER) setPollTrouble(true);
    },
  });
  // a run not finished after POLL_GIVE_UP_MS has died
  useEffect(() => {
    if (watchedRunId === null) return;
    failedPolls.current = 0;
    const timer = setTimeout(() => {
      setPollTrouble(false);
      setTraining({ kind: 'timedOut' });
    }, POLL_GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [watchedRunId]);

  const busy = training.kind === 'starting' || training.kind === 'running';
  const startTraining = async () => {
    if (busy) return;
    setStartError(null);
    setTraining({ kind: 'starting' });
    try {
      const { runId } = await predictionModelsApi.train();
      if (mounted.current) setTraining({ kind: 'running', runId });
    } catch (error) {
      if (!mounted.current) return;
      setTraining({ kind: 'idle' });
      if (error instanceof ApiError && error.status === 409) {
        setStartError(t.train.conflict);
        // The run that holds the lock: reload, and watch it when it is at the head of the list.
        try {
          const versions = await predictionModelsApi.versions();
          if (mounted.current) showVersions(versions);
        } catch {
          // the list stays as it was; the message above already says what happened
        }
      } else {
        setStartError(messageOf(error, t.train.startFailed));
      }
    }
  };

  const versions = load.status === 'ready' ? load.data : [];
  const serving = servingOf(versions);
  const newest = versions[0];
  const others = versions.filter((version) => version !== serving);

  const statusText =
    training.kind === 'starting'
      ? t.train.starting
      : training.kind === 'running'
        ? t.train.running(training.runId)
        : training.kind === 'accepted'
          ? t.train.accepted(training.run.id, shownCount(training.run), training.run.components.length)
          : '';

  return (
    <div className={styles.screen}>
      <section className={styles.panel} aria-labelledby={trainId}>
        <h2 id={trainId}>{t.train.heading}</h2>
        <p className={styles.hint}>{t.train.hint}</p>
        <div>
          {/* aria-disabled, not disabled: the button keeps the keyboard focus while the run goes on */}
          <button type="button" className={styles.primary} onClick={() => void startTraining()} aria-disabled={busy}>
            {t.train.button}
          </button>
        </div>
        <p className={styles.status} role="status" aria-live="polite">
          {statusText}
          {training.kind === 'running' && pollTrouble ? ` ${t.train.pollTrouble}` : ''}
        </p>
        {startError && (
          <p className={styles.alert} role="alert">
            {startError}
          </p>
        )}
        {training.kind === 'failed' && (
          <p className={styles.alert} role="alert">
            {t.train.failed(training.run.id, training.run.error ?? t.train.noError)}{' '}
            {training.previousId !== null ? t.train.previousServes(training.previousId) : t.train.nothingServes}
          </p>
        )}
        {training.kind === 'timedOut' && (
          <p className={styles.alert} role="alert">
            {t.train.timedOut}
          </p>
        )}
      </section>

      {load.status === 'loading' && <Loading text={t.loading} />}
      {load.status === 'failed' && <LoadFailed message={load.message} retryLabel={t.reload} onRetry={() => reload('fresh')} />}
      {load.status === 'ready' && versions.length === 0 && <p className={styles.empty}>{t.empty}</p>}

      {load.status === 'ready' && versions.length > 0 && (
        <>
          {newest?.status === 'FAILED' && training.kind !== 'failed' && (
            <p className={styles.warning}>
              {t.latestFailed(newest.id, whenOf(newest), newest.error ?? t.train.noError)}{' '}
              {serving ? t.train.previousServes(serving.id) : t.train.nothingServes}
            </p>
          )}

          {serving === null ? (
            <p className={styles.empty}>{t.noAccepted}</p>
          ) : (
            <>
              <section className={styles.panel} aria-labelledby={summaryId}>
                <h2 id={summaryId}>{t.version.heading(serving.id)}</h2>
                <dl className={styles.facts}>
                  <div>
                    <dt>{t.version.status}</dt>
                    <dd>
                      {t.statuses[serving.status]} ({t.serving})
                    </dd>
                  </div>
                  <div>
                    <dt>{t.version.trainedAt}</dt>
                    <dd>{whenOf(serving)}</dd>
                  </div>
                  <div>
                    <dt>{t.version.dataCutoff}</dt>
                    <dd>{serving.dataCutoff ? formatDay(serving.dataCutoff) : '—'}</dd>
                  </div>
                  <div>
                    <dt>{t.version.observations}</dt>
                    <dd>{formatCount(serving.observations)}</dd>
                  </div>
                  <div>
                    <dt>{t.version.failures}</dt>
                    <dd>{formatCount(serving.failures)}</dd>
                  </div>
                  <div>
                    <dt>{t.version.shown}</dt>
                    <dd>{t.version.shownValue(shownCount(serving), serving.components.length)}</dd>
                  </div>
                </dl>
                <details className={styles.explain}>
                  <summary>{t.explain.heading}</summary>
                  <ul>
                    {t.explain.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </details>
              </section>
              <div className={styles.cards}>
                {serving.components.map((component) => (
                  <ComponentModelCard key={component.component} component={component} />
                ))}
              </div>
              <DiagnosisEvaluation diagnosis={serving.diagnosis} />
            </>
          )}

          <section className={styles.panel} aria-labelledby={historyId}>
            <h2 id={historyId}>{t.history.heading}</h2>
            {others.length === 0 ? (
              <p className={styles.muted}>{t.history.empty}</p>
            ) : (
              <ScrollRegion className={styles.tableWrap} label={t.history.caption}>
                <table className={styles.history}>
                  <caption>{t.history.caption}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t.history.id}</th>
                      <th scope="col">{t.history.status}</th>
                      <th scope="col">{t.history.date}</th>
                      <th scope="col">{t.history.note}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {others.map((version) => (
                      <tr key={version.id}>
                        <th scope="row">#{version.id}</th>
                        <td>{t.statuses[version.status]}</td>
                        <td>{whenOf(version)}</td>
                        <td>{version.status === 'FAILED' ? (version.error ?? t.train.noError) : version.status === 'ACCEPTED' ? t.history.shown(shownCount(version), version.components.length) : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </section>
        </>
      )}
    </div>
  );
}

export default PredictionModels;
