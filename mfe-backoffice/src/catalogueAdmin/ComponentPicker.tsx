import { useState, type KeyboardEvent } from 'react';
import { foldedWords, foldVietnamese } from 'shared-contracts';
import { CHECKLIST_COMPONENT_LABELS } from 'shared-contracts/backoffice';
import { serviceText } from './serviceAdminText';
import styles from './ComponentPicker.module.css';

const t = serviceText.checklist;

export interface ComponentOption {
  code: string;
  label: string;
  /** The folded label and code the search matches against. */
  folded: string;
}

const OPTIONS: readonly ComponentOption[] = Object.entries(CHECKLIST_COMPONENT_LABELS)
  .sort(([, a], [, b]) => a.localeCompare(b, 'vi'))
  .map(([code, label]) => ({ code, label, folded: `${foldVietnamese(label)} ${foldVietnamese(code.replace(/_/g, ' '))}` }));

/** The components whose Vietnamese name (or code) holds every folded word of the query; all for a blank query. */
export function filterComponents(query: string): readonly ComponentOption[] {
  const words = foldedWords(query);
  if (words.length === 0) return OPTIONS;
  return OPTIONS.filter((option) => words.every((word) => option.folded.includes(word)));
}

/** The Vietnamese name of a checklist component, or the code itself for one the shop no longer knows. */
export function componentName(code: string): string {
  return CHECKLIST_COMPONENT_LABELS[code] ?? code;
}

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A checklist item's component: a combobox showing the Vietnamese name, with the internal code as a small hint
 * under it; typing narrows the list by name or code (diacritics and case ignored). Arrow keys move through the
 * list, Enter chooses, Escape closes and puts back the chosen name. Names wrap instead of being cut off.
 */
export function ComponentPicker({ id, label, value, onChange, ...described }: Props) {
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = query !== null;
  const matches = open ? filterComponents(query) : OPTIONS;
  const listId = `${id}-list`;
  const optionId = (code: string) => `${id}-option-${code}`;
  const activeOption = open ? matches[Math.min(active, matches.length - 1)] : undefined;

  const close = () => {
    setQuery(null);
    setActive(0);
  };
  const choose = (code: string) => {
    onChange(code);
    close();
  };
  const openWith = (text: string) => {
    setQuery(text);
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        openWith('');
        const at = OPTIONS.findIndex((option) => option.code === value);
        setActive(at < 0 ? 0 : at);
        return;
      }
      const by = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => Math.max(0, Math.min(matches.length - 1, Math.min(at, matches.length - 1) + by)));
    } else if (event.key === 'Enter') {
      // Enter chooses the highlighted component; it never submits the service form.
      event.preventDefault();
      if (activeOption) choose(activeOption.code);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  return (
    <div className={styles.picker}>
      <input
        id={id}
        type="text"
        role="combobox"
        className={styles.input}
        autoComplete="off"
        placeholder={t.choose}
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeOption.code) : undefined}
        aria-invalid={described['aria-invalid']}
        aria-describedby={described['aria-describedby']}
        value={open ? query : value ? componentName(value) : ''}
        onChange={(event) => openWith(event.target.value)}
        onFocus={(event) => event.target.select()}
        onClick={() => !open && openWith('')}
        onKeyDown={onKeyDown}
        onBlur={() => open && close()}
      />
      {value && (
        <span className={styles.code}>
          {t.codeHint(value)}
        </span>
      )}
      <ul id={listId} role="listbox" aria-label={label} className={styles.list} hidden={!open}>
        {open && matches.length === 0 && <li className={styles.empty}>{t.noMatch}</li>}
        {open &&
          matches.map((option) => (
            <li
              key={option.code}
              id={optionId(option.code)}
              role="option"
              aria-selected={option.code === activeOption?.code}
              className={option.code === activeOption?.code ? `${styles.option} ${styles.active}` : styles.option}
              // Choose on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option.code);
              }}
            >
              <span>{option.label}</span> <span className={styles.optionCode}>{option.code}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
