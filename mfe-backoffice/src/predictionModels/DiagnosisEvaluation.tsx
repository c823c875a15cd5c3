import { useId } from 'react';
import { DIAGNOSIS_EVALUATION_MIN_CASES, type ModelVersionDto } from 'shared-contracts/diagnostics';
import { ScrollRegion } from '../components/ScrollRegion';
import { diagnosisEvaluationText as t } from './diagnosisEvaluationText';
import { formatCount, formatDay, formatProbability } from './predictionFormat';
import styles from './PredictionModels.module.css';

/**
 * The served version's diagnosis ranking (spec predictive.md §3 "Evaluation"): how many closed orders with
 * recorded symptoms it learnt from, and its top-1 / top-3 accuracy on the orders closed after the cut-off next to
 * the knowledge base alone, as a table.
 */
export function DiagnosisEvaluation({ diagnosis }: { diagnosis: ModelVersionDto['diagnosis'] }) {
  const headingId = useId();
  const evaluation = diagnosis?.evaluation ?? null;
  const caption = evaluation ? t.caption(formatDay(evaluation.cutoff), formatCount(evaluation.learned.cases)) : '';
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{t.heading}</h2>
      <p className={styles.hint}>{t.intro}</p>
      {diagnosis === null ? (
        <p className={styles.muted}>{t.notTrained}</p>
      ) : (
        <>
          <p>{t.learnedFrom(formatCount(diagnosis.cases))}</p>
          {evaluation === null ? (
            <p className={styles.muted}>{t.tooFew(DIAGNOSIS_EVALUATION_MIN_CASES)}</p>
          ) : (
            <>
              <ScrollRegion className={styles.tableWrap} label={t.scrollLabel}>
                <table className={styles.figures}>
                  <caption>{caption}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t.ranking}</th>
                      <th scope="col">{t.top1}</th>
                      <th scope="col">{t.top3}</th>
                    </tr>
                  </thead>
                  <tbody>
                    <tr>
                      <th scope="row">{t.learned(formatCount(evaluation.trainedOn))}</th>
                      <td>{formatProbability(evaluation.learned.top1)}</td>
                      <td>{formatProbability(evaluation.learned.top3)}</td>
                    </tr>
                    <tr>
                      <th scope="row">{t.knowledgeBase}</th>
                      <td>{formatProbability(evaluation.knowledgeBase.top1)}</td>
                      <td>{formatProbability(evaluation.knowledgeBase.top3)}</td>
                    </tr>
                  </tbody>
                </table>
              </ScrollRegion>
              <p className={styles.muted}>{t.hit}</p>
            </>
          )}
        </>
      )}
    </section>
  );
}
