import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatPercent, likelihoodWords, symptomLabel, wholePercent, type DiagnosisDto } from 'shared-contracts/diagnostics';
import { bookingLinkFor, telHref } from './diagnosisLinks';
import { diagnosisText as t, formatCount } from './diagnosisText';
import styles from './DiagnosisPage.module.css';

export interface DiagnosisAnswer {
  diagnosis: DiagnosisDto;
  /** The saved vehicle the diagnosis used (its name for the note, its id for the booking link). */
  vehicle: { id: number; name: string } | null;
  /** The model the visitor picked and the API does not know: the answer was asked again without it. */
  unknownModel: string | null;
}

function SafetyAlert({ safety }: { safety: NonNullable<DiagnosisDto['safety']> }) {
  return (
    <div role="alert" className={styles.safety} aria-labelledby="diagnosis-safety-heading">
      <h3 id="diagnosis-safety-heading" className={styles.safetyHeading}>
        {safety.message}
      </h3>
      <p>{t.safetyAdvice}</p>
      {safety.symptoms.length > 0 && (
        <p>
          {t.safetyBecause} {safety.symptoms.map(symptomLabel).join(', ')}.
        </p>
      )}
      <a href={telHref(safety.hotline)} className={styles.call}>
        {t.safetyCall(safety.hotline)}
      </a>
    </div>
  );
}

function RankedItem({ item, index }: { item: DiagnosisDto['ranked'][number]; index: number }) {
  const id = `diagnosis-item-${index}`;
  return (
    <li className={styles.item}>
      <article aria-labelledby={id}>
        <h4 id={id} className={styles.itemName}>
          {item.label}
        </h4>
        <dl className={styles.facts}>
          <div>
            <dt>{t.confidenceLabel}</dt>
            <dd>
              {likelihoodWords(item.probability)} · <strong>{formatPercent(item.probability)}</strong>
              <span className={styles.meter} aria-hidden="true">
                <span style={{ width: `${wholePercent(item.probability)}%` }} />
              </span>
            </dd>
          </div>
          <div>
            <dt>{t.urgencyLabel}</dt>
            <dd>
              <span className={`${styles.urgency} ${styles[`urgency${item.urgency}`] ?? ''}`}>{t.urgency[item.urgency]}</span> {t.urgencyHint[item.urgency]}
            </dd>
          </div>
        </dl>
        <p className={styles.reasonsLabel}>{t.reasonsLabel}</p>
        <ul className={styles.reasons}>
          {item.reasons.map((reason) => (
            <li key={reason.symptom}>
              <strong>{reason.label}</strong>: {t.reasonPastCases(reason.pastCases)}. <span className={styles.source}>{t.reasonSource(reason.source)}</span>
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}

/**
 * A diagnosis: the stop-and-call alert first when a symptom is safety-critical, then the ranked components, what
 * the numbers rest on, and the booking pre-filled with their services. Takes the focus when it arrives (it is
 * below the form: on a phone, out of sight).
 */
export function DiagnosisResult({ answer }: { answer: DiagnosisAnswer }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { diagnosis, vehicle, unknownModel } = answer;

  useEffect(() => {
    heading.current?.focus();
  }, [answer]);

  return (
    <section aria-labelledby="diagnosis-result-heading" className={styles.result}>
      <h2 id="diagnosis-result-heading" ref={heading} tabIndex={-1} className={styles.resultHeading}>
        {t.resultsHeading}
      </h2>
      {diagnosis.safety && <SafetyAlert safety={diagnosis.safety} />}
      {unknownModel && <p className={styles.note}>{t.unknownModel(unknownModel)}</p>}
      {diagnosis.symptoms.length > 0 && (
        <p className={styles.matched}>
          {t.matchedSymptoms} {diagnosis.symptoms.map(symptomLabel).join(', ')}.
        </p>
      )}

      <section aria-labelledby="diagnosis-ranking-heading" className={styles.ranking}>
        <h3 id="diagnosis-ranking-heading">{t.rankingHeading}</h3>
        {diagnosis.ranked.length === 0 ? (
          <p>{t.noRanking}</p>
        ) : (
          <>
            <p className={styles.hint}>{t.rankingIntro}</p>
            <ol className={styles.items}>
              {diagnosis.ranked.map((item, index) => (
                <RankedItem key={item.component} item={item} index={index} />
              ))}
            </ol>
          </>
        )}
      </section>

      <section aria-labelledby="diagnosis-basis-heading" className={styles.basis}>
        <h3 id="diagnosis-basis-heading">{t.basisHeading}</h3>
        <p>{t.basisKnowledge}</p>
        <p>{diagnosis.learnedFromCases > 0 ? t.basisCases(formatCount(diagnosis.learnedFromCases)) : t.basisNoCases}</p>
        <p>{vehicle ? t.basisVehicle(vehicle.name) : t.basisNoVehicle}</p>
        <p>{t.basisDisclaimer}</p>
      </section>

      <section aria-labelledby="diagnosis-book-heading" className={styles.book}>
        <h3 id="diagnosis-book-heading">{t.bookHeading}</h3>
        <p id="diagnosis-book-hint" className={styles.hint}>
          {diagnosis.ranked.length > 0 ? t.bookHint : null} {t.bookSymptomsHint}
        </p>
        <Link to={bookingLinkFor(diagnosis, vehicle?.id ?? null)} className={styles.bookLink} aria-describedby="diagnosis-book-hint">
          {t.book}
        </Link>
      </section>
    </section>
  );
}
