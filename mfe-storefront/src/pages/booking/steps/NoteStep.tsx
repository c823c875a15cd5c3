import { useId } from 'react';
import { symptomGroups } from 'shared-contracts/diagnostics';
import { NOTE_MAX_LENGTH } from '../bookingReducer';
import { SYMPTOMS_MAX } from '../bookingSymptoms';
import { bookingText as t } from '../bookingText';
import { StepActions } from '../BookingFields';
import styles from '../BookingPage.module.css';
import type { StepProps } from './stepProps';

/** The vocabulary in the groups of the diagnostics page (by the part of the vehicle an owner would think of). */
const GROUPS = symptomGroups();

/**
 * Step 5. What the customer noticed (optional: the symptoms of the vocabulary, ticked in advance when the link
 * carried ?symptom=…, e.g. from the diagnostics page) and an optional note for the technician.
 */
export function NoteStep({ state, dispatch }: StepProps) {
  const id = useId();
  const chosen = state.symptoms.length;
  const full = chosen >= SYMPTOMS_MAX;
  return (
    <div className={styles.wizard}>
      <fieldset className={styles.fieldset} aria-describedby={`${id}-symptoms-hint ${id}-symptoms-count`}>
        <legend className={styles.legend}>{t.symptomsLegend}</legend>
        <p id={`${id}-symptoms-hint`} className={styles.hint}>
          {t.symptomsHint(SYMPTOMS_MAX)}
        </p>
        {GROUPS.map((group) => (
          <fieldset key={group.id} className={styles.symptomGroup}>
            <legend className={styles.groupLegend}>{group.label}</legend>
            <ul className={styles.options}>
              {group.symptoms.map((symptom) => {
                const checked = state.symptoms.includes(symptom.code);
                return (
                  <li key={symptom.code}>
                    <label className={styles.option}>
                      <input
                        type="checkbox"
                        name="symptom"
                        value={symptom.code}
                        checked={checked}
                        disabled={!checked && full}
                        onChange={() => dispatch({ type: 'symptomToggled', code: symptom.code })}
                      />
                      <span className={styles.optionText}>{symptom.label}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
        <p id={`${id}-symptoms-count`} className={styles.hint}>
          {full ? t.symptomsFull(SYMPTOMS_MAX) : t.symptomsChosen(chosen, SYMPTOMS_MAX)}
        </p>
      </fieldset>
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
