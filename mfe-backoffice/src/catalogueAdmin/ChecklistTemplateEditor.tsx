import { useEffect, useState } from 'react';
import { SERVICE_LIMITS } from 'shared-contracts/backoffice';
import { ComponentPicker, componentName } from './ComponentPicker';
import type { EditorForm } from './editorForm';
import { serviceText } from './serviceAdminText';
import styles from './CatalogueAdmin.module.css';
import rows from './ServiceAdmin.module.css';
import picker from './ComponentPicker.module.css';

const t = serviceText.checklist;

export interface ChecklistItemValue {
  code: string;
  label: string;
}

/**
 * A service's checklist template: ordered items, each a component (a searchable picker of the components
 * prediction knows, by Vietnamese name with the code as a hint) and what to check. Add, remove, move up and down with buttons; after a move the focus
 * stays on the moved item's button and the new position is announced.
 */
export function ChecklistTemplateEditor({ form, items, onChange }: { form: EditorForm; items: readonly ChecklistItemValue[]; onChange: (items: ChecklistItemValue[]) => void }) {
  // The control to focus after a change (and the one to take when it is disabled: the top item's "up").
  const [focus, setFocus] = useState<{ wanted: string; fallback: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const idOf = (action: string, index: number) => form.fieldId(`checklist.${index}.${action}`);

  useEffect(() => {
    if (!focus) return;
    const wanted = document.getElementById(focus.wanted) as HTMLButtonElement | null;
    const fallback = document.getElementById(focus.fallback);
    (wanted && !wanted.disabled ? wanted : fallback)?.focus();
    setFocus(null);
  }, [focus]);

  const update = (index: number, change: Partial<ChecklistItemValue>) => onChange(items.map((item, at) => (at === index ? { ...item, ...change } : item)));
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const next = [...items];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
    setFocus({ wanted: idOf(by < 0 ? 'up' : 'down', target), fallback: idOf(by < 0 ? 'down' : 'up', target) });
    setAnnouncement(t.moved(target + 1));
  };
  const remove = (index: number) => onChange(items.filter((_, at) => at !== index));
  const add = () => {
    onChange([...items, { code: '', label: '' }]);
    setFocus({ wanted: idOf('code', items.length), fallback: idOf('code', items.length) });
  };

  return (
    <fieldset className={styles.wide}>
      <legend>{t.legend}</legend>
      <p className={styles.hint}>
        {serviceText.ordersKeepNote} {t.count(items.length, SERVICE_LIMITS.checklistMax)}
      </p>
      {form.errorOf('checklist')}
      {items.length === 0 && <p>{t.empty}</p>}
      <ol className={rows.rows}>
        {items.map((item, index) => {
          const position = index + 1;
          return (
            <li key={index} className={picker.row}>
              <ComponentPicker
                id={form.fieldId(`checklist.${index}.code`)}
                label={t.code(position)}
                value={item.code}
                onChange={(code) => update(index, { code, label: item.label || componentName(code) })}
                {...form.described(`checklist.${index}.code`)}
              />
              <label htmlFor={form.fieldId(`checklist.${index}.label`)} className={styles.visuallyHidden}>
                {t.label(position)}
              </label>
              <input
                id={form.fieldId(`checklist.${index}.label`)}
                className={`${styles.input} ${picker.label}`}
                value={item.label}
                maxLength={SERVICE_LIMITS.checklistLabelMax}
                onChange={(event) => update(index, { label: event.target.value })}
                {...form.described(`checklist.${index}.label`)}
              />
              <span className={styles.buttons}>
                <button type="button" id={idOf('up', index)} className={styles.secondary} aria-label={t.up(position)} disabled={index === 0} onClick={() => move(index, -1)}>
                  {t.upText}
                </button>
                <button type="button" id={idOf('down', index)} className={styles.secondary} aria-label={t.down(position)} disabled={index === items.length - 1} onClick={() => move(index, 1)}>
                  {t.downText}
                </button>
                <button type="button" className={styles.secondary} aria-label={t.remove(position)} onClick={() => remove(index)}>
                  {t.removeText}
                </button>
              </span>
              {form.errorOf(`checklist.${index}.code`)}
              {form.errorOf(`checklist.${index}.label`)}
            </li>
          );
        })}
      </ol>
      <button type="button" className={styles.secondary} onClick={add} disabled={items.length >= SERVICE_LIMITS.checklistMax}>
        {t.add}
      </button>
      <p role="status" className={styles.visuallyHidden}>
        {announcement}
      </p>
    </fieldset>
  );
}
