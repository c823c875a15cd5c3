import { useId } from 'react';
import type { ModelVersionDto } from 'shared-contracts/diagnostics';
import { ScrollRegion } from '../components/ScrollRegion';
import { CalibrationChart } from './CalibrationChart';
import { clockOf, formatAgeing, formatAuc, formatBrier, formatCount, formatDay, formatProbability, formatScale, formatTwo } from './predictionFormat';
import { predictionModelsText } from './predictionModelsText';
import styles from './PredictionModels.module.css';

const t = predictionModelsText.component;

export type ComponentModel = ModelVersionDto['components'][number];
type PoolModel = ComponentModel['models'][number];

const percentFormat = new Intl.NumberFormat('vi-VN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Why a component is or is not shown to customers (the API's rule: a backtest, a fitted pool, Brier below the baseline's). */
export function verdictOf(component: ComponentModel): 'accepted' | 'refused' | 'noEvidence' {
  if (component.accepted) return 'accepted';
  if (component.backtest === null || component.models.length === 0) return 'noEvidence';
  return 'refused';
}

function poolName(model: PoolModel): string {
  const level = predictionModelsText.levels[model.level];
  if (model.level === 'fleet') return level;
  const key = model.level === 'type' ? (predictionModelsText.vehicleTypes[model.key] ?? model.key) : model.key;
  return `${level}: ${key}`;
}

/**
 * One component of a model version: whether customers see it, the backtest's size, Brier and AUC next to the
 * baseline's, the Weibull models fitted per pool of vehicles (each with its clock — km, age, or both — λ in that
 * clock's unit and η only where the clock has one), and the calibration chart with its table.
 */
export function ComponentModelCard({ component }: { component: ComponentModel }) {
  const headingId = useId();
  const verdict = verdictOf(component);
  const { backtest } = component;
  const metricsCaption = t.metricsCaption(component.label);
  const modelsCaption = t.modelsCaption(component.label);
  const improvement = backtest && backtest.baseline.brier > 0 ? (backtest.baseline.brier - backtest.model.brier) / backtest.baseline.brier : null;

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          {component.label} <span className={styles.code}>({component.component})</span>
        </h2>
        <p className={verdict === 'accepted' ? styles.acceptedBadge : styles.refusedBadge}>{verdict === 'accepted' ? t.accepted : verdict === 'refused' ? t.refused : t.noEvidence}</p>
      </div>

      {backtest === null ? (
        <p className={styles.muted}>{t.noBacktest}</p>
      ) : (
        <>
          <p className={styles.muted}>{t.dataSize(formatCount(backtest.model.inspections), formatCount(backtest.model.failures), formatDay(backtest.cutoff))}</p>
          <p className={styles.verdict}>{improvement !== null && improvement > 0 ? t.brierBetter(`${percentFormat.format(improvement * 100)} %`) : t.brierNotBetter}</p>
          <ScrollRegion className={styles.tableWrap} label={t.scrollLabel(metricsCaption)}>
            <table className={styles.figures}>
              <caption>{metricsCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.metric}</th>
                  <th scope="col">{t.model}</th>
                  <th scope="col">{t.baseline}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t.brier}</th>
                  <td>{formatBrier(backtest.model.brier)}</td>
                  <td>{formatBrier(backtest.baseline.brier)}</td>
                </tr>
                <tr>
                  <th scope="row">{t.auc}</th>
                  <td>{formatAuc(backtest.model.auc)}</td>
                  <td>{formatAuc(backtest.baseline.auc)}</td>
                </tr>
                <tr>
                  <th scope="row">{t.inspections}</th>
                  <td>{formatCount(backtest.model.inspections)}</td>
                  <td>{formatCount(backtest.baseline.inspections)}</td>
                </tr>
                <tr>
                  <th scope="row">{t.failures}</th>
                  <td>{formatCount(backtest.model.failures)}</td>
                  <td>{formatCount(backtest.baseline.failures)}</td>
                </tr>
                <tr>
                  <th scope="row">{t.rate}</th>
                  <td>—</td>
                  <td>{formatProbability(backtest.baseline.rate)}</td>
                </tr>
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}

      {component.models.length === 0 ? (
        <p className={styles.muted}>{t.noModels}</p>
      ) : (
        <ScrollRegion className={styles.tableWrap} label={t.scrollLabel(modelsCaption)}>
          <table className={styles.figures}>
            <caption>{modelsCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.pool}</th>
                <th scope="col">{t.clock}</th>
                <th scope="col">{t.shape}</th>
                <th scope="col">{t.scale}</th>
                <th scope="col">{t.ageing}</th>
                <th scope="col">{t.steps}</th>
                <th scope="col">{t.poolFailures}</th>
              </tr>
            </thead>
            <tbody>
              {component.models.map((model) => {
                const clock = clockOf(model);
                return (
                  <tr key={`${model.level}:${model.key}`}>
                    <th scope="row">{poolName(model)}</th>
                    <td>{predictionModelsText.clocks[clock]}</td>
                    <td>{formatTwo(model.shape)}</td>
                    <td>{formatScale(model.scale, clock)}</td>
                    <td>{formatAgeing(model.ageing, clock)}</td>
                    <td>{formatCount(model.steps)}</td>
                    <td>{formatCount(model.failures)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      <CalibrationChart label={component.label} bins={backtest?.model.calibration ?? []} />
    </section>
  );
}
