import { vietnamLocalDateTimeOf, withVietnamOffset } from 'shared-contracts/calendar';
import { Fragment, useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, errorDataOf, messages } from 'shared-contracts';
import { messageOf } from '../api/apiErrors';
import { useAsync } from '../hooks/useAsync';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import styles from './CatalogueAdmin.module.css';

/**
 * The scaffolding the catalogue's editors (products, promotions) share: loading the item, the save from the
 * version edited (a 409 shows the current values and keeps what the user typed), the server's field errors beside
 * each field, and the form's messages.
 */

/** The server's field messages by path ('price', 'images.0.alt'); a top-level field also gets its first nested one. */
export function errorsByField(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string> = {};
  for (const entry of error.errors) {
    result[entry.field] ??= entry.message;
    result[entry.field.split('.')[0]!] ??= entry.message;
  }
  return result;
}

/** An ISO instant ↔ the value of a datetime-local input in Vietnam (UTC+7, no daylight saving). */
export const toLocalInput = (iso: string | null) => (iso ? vietnamLocalDateTimeOf(iso) : '');
export const fromLocalInput = (value: string) => (value ? withVietnamOffset(value) : null);

export interface EditorText {
  loadFailed: string;
  stale: string;
  created: string;
  saved: string;
}

export interface EditorFormOptions<Item, Values> {
  /** null: a new item. */
  itemId: number | null;
  empty: Values;
  /** Stable references (module-level): the item is read again when they or `itemId` change. */
  load: (id: number, signal: AbortSignal) => Promise<Item>;
  valuesOf: (item: Item) => Values;
  text: EditorText;
  /** Between the form's id and the field's name in the inputs' ids. */
  fieldPrefix: string;
  /** After a save answered 409 (another admin saved first). */
  onStale?: () => void;
}

/** The ARIA attributes of an input with an error line. */
export interface Described {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export function useEditorForm<Item extends { id: number; version: number }, Values>({ itemId, empty, load, valuesOf, text, fieldPrefix, onStale }: EditorFormOptions<Item, Values>) {
  const id = useId();
  const [values, setValues] = useState<Values>(empty);
  const [version, setVersion] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [current, setCurrent] = useState<Item | null>(null);
  const [busy, setBusy] = useState(false);

  // a new item loads nothing; an item read fills the form with its values, to save from its version
  const read = useCallback((signal: AbortSignal) => load(itemId ?? 0, signal), [itemId, load]);
  const { state, setData } = useAsync(read, {
    failedText: text.loadFailed,
    enabled: itemId !== null,
    // the item just created, now under its id: keep the saved form on screen while it is read again
    start: (now) => (now.data && now.data.id === itemId ? 'keep' : 'fresh'),
    onData: (loaded) => {
      setValues(valuesOf(loaded));
      setVersion(loaded.version);
    },
  });
  const item = state.data ?? null;
  const loadError = state.error;
  // edits not saved: the form differs from the item as read or saved (or from the empty form of a new item)
  const dirty = JSON.stringify(values) !== JSON.stringify(item ? valuesOf(item) : empty);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((before) => ({ ...before, [key]: value }));
  const fieldId = (name: string) => `${id}-${fieldPrefix}${name}`;
  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className={styles.fieldError}>
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string): Described => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(name)}-error` } : {});

  /** Creates (a new item) or saves from the version edited; `onSaved` after the form shows the saved values. */
  async function submit(create: () => Promise<Item>, save: (itemId: number, version: number) => Promise<Item>, onSaved: (saved: Item) => void) {
    setBusy(true);
    setErrors({});
    setMessage(null);
    setDone('');
    try {
      const saved = itemId === null || version === null ? await create() : await save(itemId, version);
      setData(() => saved);
      setValues(valuesOf(saved));
      setVersion(saved.version);
      setCurrent(null);
      setDone(itemId === null ? text.created : text.saved);
      onSaved(saved);
    } catch (error) {
      const data = errorDataOf(error);
      if (error instanceof ApiError && error.status === 409 && data && typeof data.current === 'object' && data.current !== null) {
        // Another admin saved first: show what is saved now, keep what this user typed, save from the new version.
        const now = data.current as Item;
        setCurrent(now);
        setVersion(now.version);
        setMessage(text.stale);
        onStale?.();
      } else {
        setErrors(errorsByField(error));
        setMessage(messageOf(error, text.loadFailed));
      }
    } finally {
      setBusy(false);
    }
  }

  /** The form takes the saved values shown beside it. */
  function takeCurrent() {
    if (current === null) return;
    setData(() => current);
    setValues(valuesOf(current));
    setCurrent(null);
    setMessage(null);
  }

  /** A save of another part of the item (a product's fitment rows) moved it to `next`: the form saves from it now. */
  function adoptVersion(next: number) {
    setVersion(next);
    setData((before) => (before ? { ...before, version: next } : before));
    setCurrent((before) => (before ? { ...before, version: next } : before));
  }

  return { id, item, values, setValues, set, loadError, errors, setErrors, message, done, current, busy, dirty, fieldId, errorOf, described, submit, takeCurrent, version, adoptVersion };
}

/** What a field needs of the form: its input's id, its error line and the input's error attributes. */
export interface EditorForm {
  fieldId: (name: string) => string;
  errorOf: (name: string) => ReactNode;
  described: (name: string) => Described;
}

/** A labelled field: the control (given its id and error attributes), an optional hint, then its error line. */
export function FormField({
  form,
  name,
  label,
  wide = false,
  hint,
  children,
}: {
  form: EditorForm;
  name: string;
  label: ReactNode;
  wide?: boolean;
  hint?: ReactNode;
  children: (control: Described & { id: string }) => ReactNode;
}) {
  return (
    <div className={wide ? styles.wide : styles.field}>
      <label htmlFor={form.fieldId(name)}>{label}</label>
      {children({ id: form.fieldId(name), ...form.described(name) })}
      {hint !== undefined && hint !== null && hint !== false && <p className={styles.hint}>{hint}</p>}
      {form.errorOf(name)}
    </div>
  );
}

/** A load that failed: the message alone. */
export function EditorLoadError({ message }: { message: string }) {
  return (
    <section className={styles.panel}>
      <p className={styles.alert} role="alert">
        {message}
      </p>
    </section>
  );
}

/** The save's failure (an alert) and success (a status line) messages. */
export function EditorMessages({ message, done }: { message: string | null; done: string }) {
  return (
    <>
      {message && (
        <p className={styles.alert} role="alert">
          {message}
        </p>
      )}
      <p className={styles.done} role="status">
        {done}
      </p>
    </>
  );
}

/** After a 409: the values saved now ([label, value] rows), and the button that takes them into the form. */
export function CurrentValues({ label, useLabel, onUse, rows }: { label: string; useLabel: string; onUse: () => void; rows: readonly (readonly [ReactNode, ReactNode])[] }) {
  return (
    <div className={styles.current} aria-label={label}>
      <strong>{label}</strong>
      <dl>
        {rows.map(([term, value], index) => (
          <Fragment key={index}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <button type="button" className={styles.secondary} onClick={onUse}>
        {useLabel}
      </button>
    </div>
  );
}

/** A select's options: [value, label] pairs. */
export function Options({ entries }: { entries: readonly (readonly [string | number, ReactNode])[] }) {
  return (
    <>
      {entries.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

/** What the admin typed into a number field: '' while empty, else the number (the server refuses a bad one by name). */
export const numberOrEmpty = (text: string): number | '' => (text.trim() === '' ? '' : Number(text));

interface FieldProps<Value> {
  form: EditorForm;
  name: string;
  label: ReactNode;
  value: Value;
  onChange: (value: Value) => void;
  wide?: boolean;
  hint?: ReactNode;
}

/** A one-line text field. */
export function TextField({ form, name, label, value, onChange, wide, hint }: FieldProps<string>) {
  return (
    <FormField form={form} name={name} label={label} wide={wide} hint={hint}>
      {(control) => <input {...control} className={styles.input} value={value} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

/** A text area. */
export function TextAreaField({ form, name, label, value, onChange, rows }: FieldProps<string> & { rows: number }) {
  return (
    <FormField form={form} name={name} label={label} wide>
      {(control) => <textarea {...control} className={styles.textarea} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

/** A whole-number field: '' while empty (the server names a missing one). */
export function NumberField({ form, name, label, value, onChange, hint }: FieldProps<number | ''>) {
  return (
    <FormField form={form} name={name} label={label} hint={hint}>
      {(control) => <input {...control} className={styles.input} inputMode="numeric" value={value} onChange={(event) => onChange(numberOrEmpty(event.target.value))} />}
    </FormField>
  );
}

/** A number field that may stay empty: null then. */
export function OptionalNumberField({ form, name, label, value, onChange }: FieldProps<number | null>) {
  return (
    <FormField form={form} name={name} label={label}>
      {(control) => (
        <input {...control} className={styles.input} inputMode="numeric" value={value ?? ''} onChange={(event) => onChange(event.target.value.trim() === '' ? null : Number(event.target.value))} />
      )}
    </FormField>
  );
}

/** The position in the lists: a number, 0 when empty. */
export function SortOrderField({ form, label, value, onChange }: Omit<FieldProps<number>, 'name'>) {
  return (
    <FormField form={form} name="sortOrder" label={label}>
      {(control) => <input {...control} className={styles.input} inputMode="numeric" value={value} onChange={(event) => onChange(Number(event.target.value) || 0)} />}
    </FormField>
  );
}

/** A select of [value, label] entries. */
export function SelectField<Value extends string>({ form, name, label, value, onChange, entries }: FieldProps<Value> & { entries: readonly (readonly [string | number, ReactNode])[] }) {
  return (
    <FormField form={form} name={name} label={label}>
      {(control) => (
        <select {...control} className={styles.select} value={value} onChange={(event) => onChange(event.target.value as Value)}>
          <Options entries={entries} />
        </select>
      )}
    </FormField>
  );
}

/** An editor's buttons: save (not for a reader) and close. */
export function EditorButtons({ readOnly, busy, saveText, closeText, onClose }: { readOnly: boolean; busy: boolean; saveText: string; closeText: string; onClose: () => void }) {
  return (
    <div className={styles.buttons}>
      {!readOnly && (
        <button type="submit" className={styles.primary} disabled={busy}>
          {saveText}
        </button>
      )}
      <button type="button" className={styles.secondary} onClick={onClose}>
        {closeText}
      </button>
    </div>
  );
}

/**
 * On an item's page: the page's title is the item's (document title too), and once the form is on screen the first
 * field has the focus (the heading for a reader, whose fields are off), so the form is in view and typing starts there.
 */
export function useItemPageFocus(ready: boolean, title: string, readOnly: boolean) {
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!ready || !title) return undefined;
    // after the shell's own title for the route, which its page wrapper sets in the same commit
    const timer = setTimeout(() => {
      document.title = `${title} | ${messages.brand.name}`;
    }, 0);
    return () => clearTimeout(timer);
  }, [ready, title]);
  useEffect(() => {
    if (!ready || focused.current) return;
    focused.current = true;
    const first = readOnly ? null : formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])');
    (first ?? headingRef.current)?.focus();
  }, [ready, readOnly]);
  return { formRef, headingRef };
}

/**
 * An item page's editor: a failed load's message, or an empty busy panel while the item loads, else the title (the
 * page's h1), the save's messages, the current values after a 409, the form (its fields off for a reader and while
 * saving; the first field focused) and what follows. Leaving with edits not saved asks first.
 */
export function EditorPanel({
  form,
  loading,
  title,
  readOnly,
  onSubmit,
  notice,
  current,
  buttons,
  after,
  children,
}: {
  form: { id: string; loadError: string | null; message: string | null; done: string; busy: boolean; dirty: boolean };
  loading: boolean;
  title: string;
  readOnly: boolean;
  onSubmit: (event: FormEvent) => void;
  notice?: ReactNode;
  current: ReactNode;
  buttons: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  const ready = !form.loadError && !loading;
  const { formRef, headingRef } = useItemPageFocus(ready, title, readOnly);
  if (form.loadError) return <EditorLoadError message={form.loadError} />;
  if (loading) return <section className={styles.panel} aria-busy="true" />;
  return (
    <section className={styles.panel} aria-labelledby={`${form.id}-title`}>
      <UnsavedChangesGuard when={!readOnly && form.dirty} />
      <h1 id={`${form.id}-title`} ref={headingRef} tabIndex={-1} className={styles.itemTitle}>
        {title}
      </h1>
      {notice}
      <EditorMessages message={form.message} done={form.done} />
      {current}
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <fieldset disabled={readOnly || form.busy} className={styles.fields}>
          {children}
        </fieldset>
        {buttons}
      </form>
      {after}
    </section>
  );
}
