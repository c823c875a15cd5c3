import { useId } from 'react';
import { NOTE_MAX_LENGTH } from '../bookingReducer';
import { bookingText as t } from '../bookingText';
import { StepActions } from '../BookingFields';
import styles from '../BookingPage.module.css';
import type { StepProps } from './stepProps';

/** Step 5. An optional note for the technician. */
export function NoteStep({ state, dispatch }: StepProps) {
  const id = useId();
  return (
    <div className={styles.wizard}>
      <div className={styles.field}>
        <label htmlFor={id}>{t.note}</label>
        <textarea
          id={id}
          name="note"
          className={styles.input}
          rows={5}
          maxLength={NOTE_MAX_LENGTH}
          value={state.note}
          onChange={(event) => dispatch({ type: 'noteChanged', note: event.target.value })}
          aria-describedby={`${id}-hint ${id}-count`}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {t.noteHint(NOTE_MAX_LENGTH)}
        </p>
        <p id={`${id}-count`} className={styles.hint}>
          {t.noteCount(state.note.length, NOTE_MAX_LENGTH)}
        </p>
      </div>
      <StepActions onBack={() => dispatch({ type: 'back' })}>
        <button type="button" className={styles.primary} onClick={() => dispatch({ type: 'next' })}>
          {t.next}
        </button>
      </StepActions>
    </div>
  );
}
