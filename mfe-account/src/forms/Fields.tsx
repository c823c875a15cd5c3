import { useId, useState, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { vi } from '../i18n/vi';
import type { BoundField } from './useForm';
import styles from './Form.module.css';

interface CommonProps<K extends string> extends BoundField<K> {
  label: string;
  hint?: string;
  required?: boolean;
  /** shows "(không bắt buộc)" after the label */
  optional?: boolean;
  disabled?: boolean;
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {label}
      {optional && <span className={styles.optional}> {vi.form.optional}</span>}
    </label>
  );
}

function Messages({ hintId, errorId, hint, error }: { hintId: string; errorId: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
    </>
  );
}

interface TextFieldProps<K extends string> extends CommonProps<K> {
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  placeholder?: string;
  maxLength?: number;
  min?: string;
  max?: string;
  /** transforms what is typed before it is stored (e.g. digits only) */
  sanitize?: (value: string) => string;
  /** an element after the input, inside the same row (e.g. a show-password button) */
  addon?: ReactNode;
}

/** A labelled input with its hint and error, wired for screen readers (aria-invalid, aria-describedby). */
export function TextField<K extends string>(props: TextFieldProps<K>) {
  const { name, value, error, onChange, inputRef, label, hint, required, optional, disabled, type = 'text', sanitize, addon, ...rest } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <Label htmlFor={id} label={label} optional={optional} />
      <div className={styles.inputRow}>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={type}
          className={styles.input}
          value={value}
          required={required}
          disabled={disabled}
          onChange={(event) => onChange(sanitize ? sanitize(event.target.value) : event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && hintId, error && errorId)}
          {...rest}
        />
        {addon}
      </div>
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField<K extends string>(props: Omit<TextFieldProps<K>, 'type' | 'addon'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={`${visible ? vi.form.hidePassword : vi.form.showPassword}: ${props.label}`}
        >
          {visible ? vi.form.hidePassword : vi.form.showPassword}
        </button>
      }
    />
  );
}

interface SelectFieldProps<K extends string> extends CommonProps<K> {
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
}

export function SelectField<K extends string>(props: SelectFieldProps<K>) {
  const { name, value, error, onChange, inputRef, label, hint, required, optional, disabled, options, placeholder } = props;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <Label htmlFor={id} label={label} optional={optional} />
      <select
        ref={inputRef}
        id={id}
        name={name}
        className={styles.input}
        value={value}
        required={required}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages hintId={hintId} errorId={errorId} hint={hint} error={error} />
    </div>
  );
}

/** A message about the whole form: an error (role=alert) or a confirmation (role=status). */
export function FormNotice({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <p className={tone === 'error' ? styles.formError : styles.formSuccess} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

export const GENDER_OPTIONS = [
  { value: 'MALE', label: vi.gender.MALE },
  { value: 'FEMALE', label: vi.gender.FEMALE },
] as const;
