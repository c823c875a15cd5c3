import { useCallback, useEffect, useId, useState } from 'react';
import { formatVnd } from 'shared-contracts';
import type { PartsProduct } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { partsRequestsApi } from './partsRequestsApi';
import { partsRequestsText } from './partsRequestsText';
import styles from './PartsRequests.module.css';

const t = partsRequestsText.form;
/** A search goes out this long after the last keystroke. */
export const PART_SEARCH_DELAY_MS = 300;

type Results = { kind: 'loading'; parts: PartsProduct[] } | { kind: 'failed'; message: string; parts: PartsProduct[] } | { kind: 'ready'; parts: PartsProduct[] };

/** Parts that fit the vehicle first (the server orders them so; kept so here whatever the answer's order), stable otherwise. */
export const compatibleFirst = (parts: PartsProduct[]) => [...parts].sort((a, b) => Number(b.compatible) - Number(a.compatible));

interface Props {
  orderId: number;
  vehicleModel: string;
  selected: PartsProduct | null;
  onSelect: (part: PartsProduct) => void;
  /** Changes when the floor changed (stock moved): the results are read again. */
  refreshKey: number;
  error: string | null;
}

/**
 * T4's product search: the parts for the order's vehicle (GET /service-orders/:id/parts), those compatible with
 * its model first, each with its price and what the centre has available; one is chosen from a radio group of
 * large options.
 */
export function PartSearch({ orderId, vehicleModel, selected, onSelect, refreshKey, error }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), PART_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const readParts = useCallback(
    async (signal: AbortSignal) => compatibleFirst(await partsRequestsApi.searchParts(orderId, term, signal)),
    [orderId, term],
  );
  // the last results stay listed while a search runs, and after a failed one
  const { state } = useAsync(readParts, { failedText: t.searchFailed, start: 'keep', reloadKey: refreshKey });
  const results: Results = state.loading
    ? { kind: 'loading', parts: state.data ?? [] }
    : state.error !== null
      ? { kind: 'failed', message: state.error, parts: state.data ?? [] }
      : { kind: 'ready', parts: state.data ?? [] };

  const parts = results.parts;
  const errorId = `${id}-error`;

  return (
    <div className={styles.form}>
      <div className={styles.field}>
        <label htmlFor={`${id}-q`}>{t.search}</label>
        <input
          id={`${id}-q`}
          type="search"
          className={styles.input}
          autoComplete="off"
          maxLength={60}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className={styles.hint}>
          {t.searchHint(vehicleModel)}
        </p>
      </div>

      <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined} aria-busy={results.kind === 'loading'}>
        <legend className={styles.legend}>
          {t.results}
          {results.kind !== 'loading' || parts.length > 0 ? ` (${t.resultsCount(parts.length)})` : ''}
        </legend>
        {selected && <p className={styles.hint}>{t.chosen(selected.name)}</p>}
        {error && (
          <p id={errorId} className={styles.fieldError}>
            {error}
          </p>
        )}
        <p className={styles.hint} aria-live="polite">
          {results.kind === 'loading' ? t.searching : results.kind === 'ready' && parts.length === 0 ? t.noResults : ''}
        </p>
        {results.kind === 'failed' && (
          <p role="alert" className={styles.fieldError}>
            {results.message}
          </p>
        )}
        {parts.length > 0 && (
          <ul className={styles.options}>
            {parts.map((part) => (
              <li key={part.id}>
                <label className={styles.option}>
                  <input type="radio" name={`${id}-part`} value={part.id} checked={selected?.id === part.id} onChange={() => onSelect(part)} />
                  <span className={styles.optionFace}>
                    <span className={styles.optionName}>{part.name}</span>
                    <span className={styles.optionMeta}>
                      <span>{part.sku}</span>
                      <span>{formatVnd(part.price)}</span>
                      {part.compatible && <span className={styles.compatible}>{t.compatible(vehicleModel)}</span>}
                      {part.availability.available > 0 ? <span>{t.available(part.availability.available)}</span> : <span className={styles.out}>{t.outOfStock}</span>}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </div>
  );
}
