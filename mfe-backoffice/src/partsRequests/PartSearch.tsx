import { useEffect, useId, useRef, useState } from 'react';
import { formatVnd } from 'shared-contracts';
import type { PartsProduct } from 'shared-contracts/schemas';
import { messageOf } from '../frontDesk/apiRead';
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
  const [results, setResults] = useState<Results>({ kind: 'loading', parts: [] });
  const inflight = useRef<AbortController | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), PART_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    setResults((current) => ({ kind: 'loading', parts: current.parts }));
    partsRequestsApi.searchParts(orderId, term, controller.signal).then(
      (parts) => {
        if (!controller.signal.aborted) setResults({ kind: 'ready', parts: compatibleFirst(parts) });
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setResults((current) => ({ kind: 'failed', message: messageOf(failure, t.searchFailed), parts: current.parts }));
      },
    );
    return () => controller.abort();
  }, [orderId, term, refreshKey]);

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
