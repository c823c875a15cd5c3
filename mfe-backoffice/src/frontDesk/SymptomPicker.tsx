import { useId, useState } from 'react';
import { foldedWords, foldVietnamese } from 'shared-contracts';
import { SYMPTOM_GROUPS, type SymptomCode, type SymptomGroup } from 'shared-contracts/diagnostics';
import { frontDeskText } from './frontDeskText';
import styles from './FrontDesk.module.css';

const t = frontDeskText.checkIn;

/** The groups with only the symptoms whose label holds every folded word of the query (all of them for a blank one). */
export function filterSymptomGroups(groups: readonly SymptomGroup[], query: string): SymptomGroup[] {
  const words = foldedWords(query);
  if (words.length === 0) return [...groups];
  return groups
    .map((group) => ({ ...group, symptoms: group.symptoms.filter((symptom) => words.every((word) => foldVietnamese(symptom.label).includes(word))) }))
    .filter((group) => group.symptoms.length > 0);
}

interface Props {
  chosen: ReadonlySet<SymptomCode>;
  fromCustomer: ReadonlySet<SymptomCode>;
  onToggle: (code: SymptomCode) => void;
}

/**
 * The check-in's symptom checkboxes in their groups, with a search box above that narrows them (diacritics and case
 * ignored) so that staff reach a symptom without tabbing through every checkbox. A ticked symptom stays chosen
 * while the search hides it (the count says so).
 */
export function SymptomPicker({ chosen, fromCustomer, onToggle }: Props) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const groups = filterSymptomGroups(SYMPTOM_GROUPS, query);
  const shown = new Set(groups.flatMap((group) => group.symptoms.map((symptom) => symptom.code)));
  const hiddenChosen = [...chosen].filter((code) => !shown.has(code)).length;

  return (
    <>
      <div className={styles.field}>
        <label htmlFor={searchId}>{t.symptomSearch}</label>
        <input
          id={searchId}
          type="search"
          className={styles.input}
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          // Enter in the search box filters; it does not submit the check-in.
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          aria-describedby={`${searchId}-hint`}
        />
        <p id={`${searchId}-hint`} className={styles.hint}>
          {t.symptomSearchHint}
        </p>
      </div>
      <div className={styles.symptomGroups} aria-live="polite">
        {groups.length === 0 && <p className={styles.hint}>{t.symptomNoMatch}</p>}
        {hiddenChosen > 0 && <p className={styles.hint}>{t.symptomsHidden(hiddenChosen)}</p>}
        {groups.map((group) => (
          <fieldset key={group.id} className={styles.symptomGroup}>
            <legend className={styles.symptomGroupLegend}>{group.label}</legend>
            <ul className={styles.symptomOptions}>
              {group.symptoms.map((symptom) => (
                <li key={symptom.code}>
                  <label className={styles.symptomOption}>
                    <input type="checkbox" name="symptoms" value={symptom.code} checked={chosen.has(symptom.code)} onChange={() => onToggle(symptom.code)} />
                    <span>
                      {symptom.label}
                      {fromCustomer.has(symptom.code) && <span className={styles.symptomTag}> · {t.symptomFromCustomer}</span>}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
      </div>
    </>
  );
}
