import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PRODUCT_REVIEW_TEXT_MAX } from 'shared-contracts/reviews';
import type { ProductReview, ReviewableLine } from 'shared-contracts/schemas';
import { failureMessage, fieldErrorsOf } from '../api/apiErrors';
import { StarPicker } from '../ratingStars';
import { forgetPreview, photoSlotsLeft, previewUrl, REVIEW_PHOTO_TYPES, reviewPhotoProblem } from './reviewPhotos';
import { reviewsApi, withReview } from './reviewsApi';
import { reviewsText as t } from './reviewsText';
import formStyles from '../forms/Form.module.css';
import styles from './Reviews.module.css';

/** A photo chosen in this form, not on the server yet. */
interface NewPhoto {
  key: number;
  file: File;
  preview: string | null;
  status: 'waiting' | 'uploading' | 'failed';
  error?: string;
}

type Phase = { kind: 'idle' } | { kind: 'saving' } | { kind: 'uploading'; index: number; count: number };

interface ReviewFormProps {
  line: ReviewableLine;
  /** Saved with every photo: the form closes and the page says `message`. */
  onSaved: (line: ReviewableLine, message: string) => void;
  /** Saved, but a photo failed: the form stays open on the review as it is now. */
  onChanged: (line: ReviewableLine) => void;
  onCancel: () => void;
}

/**
 * Writing (or, within its window, editing) the review of one delivered line: 1–5 stars, text with a live counter,
 * up to four photos with previews. "Gửi đánh giá" creates the review, then sends the photos one by one: a photo the
 * server refuses says why and the review stays. Nothing typed is lost on a refusal.
 */
export function ReviewForm({ line, onSaved, onChanged, onCancel }: ReviewFormProps) {
  const headingId = useId();
  const textId = useId();
  const counterId = useId();
  const textErrorId = useId();
  const photoInputId = useId();
  const photoHintId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const photoInputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);

  const [review, setReview] = useState<ProductReview | null>(line.review);
  // writing a new review until a submit has ended with it saved (and a photo left to retry)
  const [isNew, setIsNew] = useState(line.review === null);
  // the review was written in this form (its first save thanks the customer, even after a photo retry)
  const writtenHere = useRef(false);
  const [rating, setRating] = useState<number | null>(line.review?.rating ?? null);
  const [text, setText] = useState(line.review?.text ?? '');
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [photos, setPhotos] = useState<NewPhoto[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [errors, setErrors] = useState<{ rating?: string; text?: string; photos?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = phase.kind !== 'idle';

  useEffect(() => headingRef.current?.focus(), []);
  // previews live as long as the form
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(() => () => photosRef.current.forEach((photo) => forgetPreview(photo.preview)), []);

  const kept = (review?.photos ?? []).filter((photo) => !removed.has(photo.id));
  const slots = photoSlotsLeft(kept.length, photos.length);
  const tooLong = text.length > PRODUCT_REVIEW_TEXT_MAX;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    const problems: string[] = [];
    const accepted: NewPhoto[] = [];
    for (const file of chosen) {
      const problem = reviewPhotoProblem(file);
      if (problem) problems.push(`${file.name}: ${problem === 'wrongType' ? t.photoWrongType : t.photoTooLarge}`);
      else if (accepted.length < slots) accepted.push({ key: nextKey.current++, file, preview: previewUrl(file), status: 'waiting' });
      else if (!problems.includes(t.tooManyPhotos)) problems.push(t.tooManyPhotos);
    }
    setPhotos((current) => [...current, ...accepted]);
    setErrors((current) => ({ ...current, photos: problems.length > 0 ? problems.join(' ') : undefined }));
  };

  const dropPhoto = (key: number) => {
    setPhotos((current) => {
      const photo = current.find((entry) => entry.key === key);
      if (photo) forgetPreview(photo.preview);
      return current.filter((entry) => entry.key !== key);
    });
    setErrors((current) => ({ ...current, photos: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = { rating: rating === null ? t.chooseStars : undefined, text: tooLong ? t.textTooLong : undefined };
    setErrors((current) => ({ ...current, ...problems }));
    setFailure(null);
    setNotice(null);
    if (rating === null || tooLong) return;

    setPhase({ kind: 'saving' });
    let current = review;
    try {
      const trimmed = text.trim();
      if (current === null) {
        current = await reviewsApi.create({ orderLineId: line.orderLineId, rating, text: trimmed });
        writtenHere.current = true;
        setReview(current);
      } else if (rating !== current.rating || trimmed !== current.text) {
        current = await reviewsApi.update(current.id, { rating, text: trimmed });
        setReview(current);
      }
      for (const photoId of removed) current = await reviewsApi.removePhoto(current.id, photoId);
      setReview(current);
      setRemoved(new Set());
    } catch (error) {
      if (current !== null && current !== review) onChanged(withReview(line, current));
      const fields = fieldErrorsOf(error);
      setErrors((previous) => ({ ...previous, rating: fields.rating, text: fields.text }));
      setFailure(failureMessage(error, t.failed));
      setPhase({ kind: 'idle' });
      return;
    }

    // the photos, one per request, in the order chosen
    const queue = photos;
    let failed = 0;
    for (const [index, photo] of queue.entries()) {
      setPhase({ kind: 'uploading', index: index + 1, count: queue.length });
      setPhotos((list) => list.map((entry) => (entry.key === photo.key ? { ...entry, status: 'uploading', error: undefined } : entry)));
      try {
        current = await reviewsApi.addPhoto(current.id, photo.file);
        setReview(current);
        forgetPreview(photo.preview);
        setPhotos((list) => list.filter((entry) => entry.key !== photo.key));
      } catch (error) {
        failed += 1;
        const why = failureMessage(error, t.photoFailedFallback);
        setPhotos((list) => list.map((entry) => (entry.key === photo.key ? { ...entry, status: 'failed', error: why } : entry)));
      }
    }
    setPhase({ kind: 'idle' });
    const saved = withReview(line, current);
    if (failed === 0) {
      onSaved(saved, writtenHere.current ? t.thanks : t.updated);
      return;
    }
    onChanged(saved);
    setIsNew(false);
    setNotice(t.photosFailed);
  };

  const status =
    phase.kind === 'uploading' ? t.uploading(phase.index, phase.count) : phase.kind === 'saving' ? (isNew ? t.submitting : t.saving) : null;
  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby={headingId} noValidate>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={styles.formTitle}>
        {isNew ? t.heading(line.productName) : t.editHeading(line.productName)}
      </h3>
      <StarPicker
        legend={t.starsLegend}
        value={rating}
        onChange={(stars) => {
          setRating(stars);
          setErrors((current) => ({ ...current, rating: undefined }));
        }}
        error={errors.rating}
        disabled={busy}
      />

      <div className={formStyles.field}>
        <label htmlFor={textId} className={formStyles.label}>
          {t.textLabel} <span className={formStyles.optional}>{t.optional}</span>
        </label>
        <textarea
          id={textId}
          className={`${formStyles.input} ${styles.textarea}`}
          rows={5}
          value={text}
          placeholder={t.textPlaceholder}
          disabled={busy}
          onChange={(event) => {
            setText(event.target.value);
            setErrors((current) => ({ ...current, text: undefined }));
          }}
          aria-invalid={tooLong || errors.text ? true : undefined}
          aria-describedby={[counterId, errors.text || tooLong ? textErrorId : ''].filter(Boolean).join(' ')}
        />
        <p id={counterId} className={tooLong ? styles.counterOver : styles.counter} aria-label={t.counterLabel(text.length)}>
          {t.counter(text.length)}
        </p>
        {(errors.text || tooLong) && (
          <p id={textErrorId} className={formStyles.fieldError}>
            {errors.text ?? t.textTooLong}
          </p>
        )}
      </div>

      <fieldset className={styles.photos}>
        <legend className={formStyles.label}>{t.photosLegend}</legend>
        <ul className={styles.photoList}>
          {kept.map((photo, index) => (
            <li key={`kept-${photo.id}`} className={styles.photo}>
              <img src={photo.url} alt={t.photoAlt(index + 1)} width={88} height={88} className={styles.photoImage} />
              <button
                type="button"
                className={styles.photoRemove}
                disabled={busy}
                onClick={() => setRemoved((current) => new Set([...current, photo.id]))}
              >
                {t.removePhoto(index + 1)}
              </button>
            </li>
          ))}
          {photos.map((photo, index) => {
            const number = kept.length + index + 1;
            return (
              <li key={`new-${photo.key}`} className={styles.photo} data-status={photo.status}>
                {photo.preview ? (
                  <img src={photo.preview} alt={t.photoAlt(number)} width={88} height={88} className={styles.photoImage} />
                ) : (
                  <span className={styles.photoImage} role="img" aria-label={t.photoAlt(number)} />
                )}
                <span className={styles.photoName}>{photo.file.name}</span>
                {photo.status === 'uploading' && <span className={styles.photoState}>{t.photoUploading}</span>}
                {photo.status === 'waiting' && <span className={styles.photoState}>{t.photoWaiting}</span>}
                {photo.status === 'failed' && (
                  <span className={styles.photoError} role="alert">
                    {photo.error}
                  </span>
                )}
                <button type="button" className={styles.photoRemove} disabled={busy} onClick={() => dropPhoto(photo.key)}>
                  {t.removePhoto(number)}
                </button>
              </li>
            );
          })}
        </ul>
        {slots > 0 && (
          <div className={styles.addPhoto}>
            <label htmlFor={photoInputId} className={formStyles.secondary}>
              {t.addPhotos}
            </label>
            <input
              ref={photoInputRef}
              id={photoInputId}
              type="file"
              accept={REVIEW_PHOTO_TYPES.join(',')}
              multiple
              className={styles.fileInput}
              disabled={busy}
              onChange={onChoose}
              aria-describedby={photoHintId}
            />
          </div>
        )}
        <p id={photoHintId} className={formStyles.hint}>
          {t.photosHint}
        </p>
        {errors.photos && <p className={formStyles.fieldError}>{errors.photos}</p>}
      </fieldset>

      <div role="status" aria-live="polite" className={styles.progress}>
        {status}
      </div>
      {failure && (
        <p role="alert" className={formStyles.formError}>
          {failure}
        </p>
      )}
      {notice && <p className={formStyles.formError}>{notice}</p>}
      <div className={formStyles.actions}>
        <button type="submit" className={formStyles.primary} disabled={busy}>
          {isNew ? t.submit : t.save}
        </button>
        <button type="button" className={formStyles.secondary} disabled={busy} onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
