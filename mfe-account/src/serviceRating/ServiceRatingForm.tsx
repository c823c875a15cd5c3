import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SERVICE_RATING_COMMENT_MAX, SERVICE_RATING_QUESTION_LABELS, SERVICE_RATING_QUESTIONS, type ServiceRatingQuestion } from 'shared-contracts/reviews';
import type { ServiceRating } from 'shared-contracts/schemas';
import { failureMessage, fieldErrorsOf } from '../api/apiErrors';
import { StarPicker } from '../ratingStars';
import { serviceRatingApi } from './serviceRatingApi';
import { serviceRatingText as t } from './serviceRatingText';
import formStyles from '../forms/Form.module.css';
import styles from './ServiceRating.module.css';

/** The visit being rated, as the dashboard or the maintenance history knows it. */
export interface RatedVisit {
  serviceOrderId: number;
  centreName: string;
  /** dd/MM/yyyy */
  date: string;
  technicianName: string | null;
}

type Answers = Record<ServiceRatingQuestion, boolean | null>;

function answersOf(rating: ServiceRating | null): Answers {
  return { onTime: rating?.onTime ?? null, explainedClearly: rating?.explainedClearly ?? null, carClean: rating?.carClean ?? null };
}

/** One yes/no question as two toggle buttons ("Có", "Không"); pressing the chosen one again clears it. */
function YesNo({ label, value, onChange, disabled }: { label: string; value: boolean | null; onChange: (value: boolean | null) => void; disabled: boolean }) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={styles.question}>
      <span id={labelId} className={styles.questionLabel}>
        {label}
      </span>
      <span className={styles.toggles}>
        {([true, false] as const).map((answer) => (
          <button
            key={String(answer)}
            type="button"
            className={styles.toggle}
            aria-pressed={value === answer}
            disabled={disabled}
            onClick={() => onChange(value === answer ? null : answer)}
          >
            {answer ? t.yes : t.no}
          </button>
        ))}
      </span>
    </div>
  );
}

interface ServiceRatingFormProps {
  visit: RatedVisit;
  /** The rating given before (editing it), or null. */
  initial: ServiceRating | null;
  onSaved: (rating: ServiceRating) => void;
  onCancel: () => void;
}

/**
 * Rating one visit: overall stars (required), "Đúng giờ", "Giải thích rõ", "Xe sạch sẽ" as Có/Không, the
 * technician's stars when one worked on the car, a comment with its counter. A refusal (e.g. 409 once the edit
 * window passed) is shown in Vietnamese and keeps every answer.
 */
export function ServiceRatingForm({ visit, initial, onSaved, onCancel }: ServiceRatingFormProps) {
  const headingId = useId();
  const commentId = useId();
  const counterId = useId();
  const commentErrorId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [stars, setStars] = useState<number | null>(initial?.stars ?? null);
  const [answers, setAnswers] = useState<Answers>(() => answersOf(initial));
  const [technicianStars, setTechnicianStars] = useState<number | null>(initial?.technicianStars ?? null);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<{ stars?: string; comment?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const tooLong = comment.length > SERVICE_RATING_COMMENT_MAX;

  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setErrors({ stars: stars === null ? t.chooseStars : undefined, comment: tooLong ? t.commentTooLong : undefined });
    setFailure(null);
    if (stars === null || tooLong) return;
    setSaving(true);
    try {
      const saved = await serviceRatingApi.rate(visit.serviceOrderId, {
        stars,
        ...answers,
        ...(visit.technicianName !== null ? { technicianStars } : {}),
        comment: comment.trim(),
      });
      onSaved(saved);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors({ stars: fields.stars, comment: fields.comment });
      setFailure(failureMessage(error, t.failed));
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby={headingId} noValidate>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.formTitle}>
        {initial === null ? t.formHeading(visit.centreName, visit.date) : t.editHeading(visit.centreName, visit.date)}
      </h3>
      <StarPicker
        legend={t.overall}
        value={stars}
        onChange={(value) => {
          setStars(value);
          setErrors((current) => ({ ...current, stars: undefined }));
        }}
        error={errors.stars}
        disabled={saving}
      />
      <div className={styles.questions}>
        {SERVICE_RATING_QUESTIONS.map((question) => (
          <YesNo
            key={question}
            label={SERVICE_RATING_QUESTION_LABELS[question]}
            value={answers[question]}
            disabled={saving}
            onChange={(value) => setAnswers((current) => ({ ...current, [question]: value }))}
          />
        ))}
        <p className={formStyles.hint}>{t.questionsHint}</p>
      </div>
      {visit.technicianName !== null && (
        <StarPicker legend={t.technicianStars(visit.technicianName)} value={technicianStars} onChange={setTechnicianStars} disabled={saving} />
      )}
      <div className={formStyles.field}>
        <label htmlFor={commentId} className={formStyles.label}>
          {t.comment} <span className={formStyles.optional}>{t.optional}</span>
        </label>
        <textarea
          id={commentId}
          className={`${formStyles.input} ${styles.textarea}`}
          rows={4}
          value={comment}
          disabled={saving}
          onChange={(event) => {
            setComment(event.target.value);
            setErrors((current) => ({ ...current, comment: undefined }));
          }}
          aria-invalid={tooLong || errors.comment ? true : undefined}
          aria-describedby={[counterId, tooLong || errors.comment ? commentErrorId : ''].filter(Boolean).join(' ')}
        />
        <p id={counterId} className={tooLong ? styles.counterOver : styles.counter} aria-label={t.counterLabel(comment.length)}>
          {t.counter(comment.length)}
        </p>
        {(tooLong || errors.comment) && (
          <p id={commentErrorId} className={formStyles.fieldError}>
            {errors.comment ?? t.commentTooLong}
          </p>
        )}
      </div>
      {saving && (
        <p role="status" className={formStyles.hint}>
          {t.submitting}
        </p>
      )}
      {failure && (
        <p role="alert" className={formStyles.formError}>
          {failure}
        </p>
      )}
      <div className={formStyles.actions}>
        <button type="submit" className={formStyles.primary} disabled={saving}>
          {initial === null ? t.submit : t.save}
        </button>
        <button type="button" className={formStyles.secondary} disabled={saving} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
