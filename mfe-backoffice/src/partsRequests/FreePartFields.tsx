import type { ReactNode } from 'react';
import { FREE_PART_DESCRIPTION_MAX, PARTS_REASON_MAX } from 'shared-contracts/backoffice';
import { partsRequestsText } from './partsRequestsText';
import styles from './PartsRequests.module.css';

const t = partsRequestsText.free;

/** A part chosen from the catalogue, or one described because the catalogue lacks it (issue 36). */
export type FreePartKind = 'catalogue' | 'free';

/** The least a description says (as the server requires). */
export const FREE_PART_DESCRIPTION_MIN = 3;

/** The description's error as the server words it, or null when it may be sent. */
export function freePartDescriptionError(description: string): string | null {
  const length = description.trim().length;
  if (length < FREE_PART_DESCRIPTION_MIN) return t.descriptionRequired;
  return length > FREE_PART_DESCRIPTION_MAX ? t.descriptionTooLong : null;
}

interface Props {
  /** The form's id: the fields' ids start with it (`${idPrefix}-description` is focused on an error). */
  idPrefix: string;
  kind: FreePartKind;
  onKind: (kind: FreePartKind) => void;
  description: string;
  onDescription: (text: string) => void;
  note: string;
  onNote: (text: string) => void;
  errors: { description?: string; note?: string };
  /** The catalogue's product picker, shown while the part is chosen from the catalogue. */
  children: ReactNode;
}

/**
 * T4's choice of a part outside the catalogue: ticking "Phụ tùng ngoài danh mục" swaps the product picker for a
 * description (3..200 characters, what the parts desk looks for) and a note for the desk.
 */
export function FreePartFields({ idPrefix: id, kind, onKind, description, onDescription, note, onNote, errors, children }: Props) {
  const length = description.trim().length;
  return (
    <>
      <div className={styles.field}>
        <label className={styles.kind}>
          <input
            type="checkbox"
            checked={kind === 'free'}
            onChange={(event) => onKind(event.target.checked ? 'free' : 'catalogue')}
            aria-describedby={`${id}-kind-hint`}
          />
          <span>{t.free}</span>
        </label>
        <p id={`${id}-kind-hint`} className={styles.hint}>
          {t.explain}
        </p>
      </div>

      {kind === 'catalogue' ? (
        children
      ) : (
        <>
          <div className={styles.field}>
            <label htmlFor={`${id}-description`}>{t.description}</label>
            <input
              id={`${id}-description`}
              className={styles.input}
              autoComplete="off"
              value={description}
              onChange={(event) => onDescription(event.target.value)}
              aria-required="true"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={`${id}-description-hint${errors.description ? ` ${id}-description-error` : ''}`}
            />
            <p id={`${id}-description-hint`} className={styles.hint}>
              {t.descriptionHint(length)}
            </p>
            {errors.description && (
              <p id={`${id}-description-error`} className={styles.fieldError}>
                {errors.description}
              </p>
            )}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-note`}>{t.note}</label>
            <textarea
              id={`${id}-note`}
              className={styles.textarea}
              maxLength={PARTS_REASON_MAX}
              value={note}
              onChange={(event) => onNote(event.target.value)}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={`${id}-note-hint${errors.note ? ` ${id}-note-error` : ''}`}
            />
            <p id={`${id}-note-hint`} className={styles.hint}>
              {t.noteHint}
            </p>
            {errors.note && (
              <p id={`${id}-note-error`} className={styles.fieldError}>
                {errors.note}
              </p>
            )}
          </div>
        </>
      )}
    </>
  );
}
