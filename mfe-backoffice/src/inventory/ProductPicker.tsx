import { useCallback, useEffect, useRef, useState } from 'react';
import { useAsync } from '../hooks/useAsync';
import { inventoryApi, type ProductOption } from './inventoryApi';
import { inventoryText } from './inventoryText';
import styles from '../components/StockPanels.module.css';

const t = inventoryText.picker;
/** A search goes out this long after the last keystroke. */
export const PICK_DELAY_MS = 300;

type Found = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; options: ProductOption[] };

interface Props {
  id: string;
  label: string;
  value: ProductOption | null;
  onChange: (value: ProductOption | null) => void;
  centreId: number | undefined;
  error?: string | null;
  /** Offer 'Bỏ chọn' once chosen (an optional filter). */
  clearable?: boolean;
}

/**
 * Picks one product: a search box (name or SKU, diacritics ignored) and the matches as buttons, the centre's
 * own products first with what it has of each; once chosen, the product and 'Đổi sản phẩm'.
 */
export function ProductPicker({ id, label, value, onChange, centreId, error = null, clearable = false }: Props) {
  const [text, setText] = useState('');
  // the search sent: PICK_DELAY_MS after the last keystroke, at once when the box is emptied
  const [term, setTerm] = useState('');
  const changeButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const refocus = useRef<'input' | 'change' | null>(null);

  useEffect(() => {
    const next = text.trim();
    const timer = setTimeout(() => setTerm(next), next === '' ? 0 : PICK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const readOptions = useCallback((signal: AbortSignal) => inventoryApi.productOptions(term, centreId, signal), [term, centreId]);
  const { state } = useAsync(readOptions, { failedText: inventoryText.loadFailed, enabled: value === null && term !== '' });
  const found: Found =
    text.trim() === '' || term === ''
      ? { kind: 'idle' }
      : state.loading
        ? { kind: 'loading' }
        : state.error !== null
          ? { kind: 'failed', message: state.error }
          : state.data !== undefined
            ? { kind: 'ready', options: state.data }
            : { kind: 'idle' };

  // keep the keyboard where the user is after choosing or changing
  useEffect(() => {
    if (refocus.current === 'change') changeButton.current?.focus();
    if (refocus.current === 'input') input.current?.focus();
    refocus.current = null;
  }, [value]);

  const errorId = `${id}-error`;
  const choose = (option: ProductOption) => {
    refocus.current = 'change';
    setText('');
    onChange(option);
  };

  if (value !== null) {
    return (
      <div className={styles.field}>
        <span className={styles.legend}>{label}</span>
        <div className={styles.toolbar}>
          <span>{t.chosen(value.name, value.detail)}</span>
          <button
            ref={changeButton}
            type="button"
            className={styles.secondary}
            aria-label={clearable ? t.clearLabel(label, value.name) : t.changeLabel(label, value.name)}
            onClick={() => {
              refocus.current = 'input';
              onChange(null);
            }}
          >
            {clearable ? t.clear : t.change}
          </button>
        </div>
        {error && (
          <p id={errorId} className={styles.fieldError}>
            {error}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="search"
        className={styles.input}
        autoComplete="off"
        maxLength={100}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches (it does not send the form around the picker); with matches shown, it takes the first
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (found.kind === 'ready' && found.options[0]) choose(found.options[0]);
          else setTerm(text.trim());
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        {t.hint}
      </p>
      {error && (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      )}
      <p className={styles.hint} aria-live="polite">
        {found.kind === 'loading' ? t.searching : found.kind === 'ready' ? (found.options.length === 0 ? t.none : t.results(found.options.length)) : ''}
      </p>
      {found.kind === 'failed' && <p className={styles.fieldError}>{found.message}</p>}
      {found.kind === 'ready' && found.options.length > 0 && (
        <ul className={styles.picks} aria-label={label}>
          {found.options.map((option) => (
            <li key={option.productId}>
              <button
                type="button"
                className={styles.pick}
                aria-label={t.choose(option.name)}
                onClick={() => choose(option)}
              >
                <strong>{option.name}</strong>
                <span className={styles.hint}>
                  {option.detail} · {option.onHand === null ? t.notStocked : t.stocked(option.onHand)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
