import { useCallback, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CustomerSearchResult } from 'shared-contracts/schemas';
import { useFloorEvents } from '../floorEvents';
import { latestOf, useAsync } from '../hooks/useAsync';
import { CustomerDetailView } from './CustomerDetailView';
import { frontDeskApi } from './frontDeskApi';
import { frontDeskText } from './frontDeskText';
import styles from './FrontDesk.module.css';

const t = frontDeskText.customers;
const MIN_QUERY = 2;

type Results = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; customers: CustomerSearchResult[] };

/**
 * S4: search the centre's customers (≥ 2 characters) over name, phone, email and plate; then a read-only detail.
 * An exact phone or plate also finds another centre's customer (a walk-in): name, phone and vehicles only. The
 * detail is asked with the query they were found by (the API shows such a customer only for it).
 */
export function CustomerSearch() {
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const customerId = Number(params.get('id')) || null;
  const [text, setText] = useState(query);
  const [tooShort, setTooShort] = useState(false);
  const searching = query.length >= MIN_QUERY;
  const readCustomers = useCallback((signal: AbortSignal) => frontDeskApi.searchCustomers(query, signal), [query]);
  const found = latestOf(useAsync(readCustomers, { failedText: frontDeskText.loadFailed, enabled: searching }).state);
  const results: Results = !searching
    ? { kind: 'idle' }
    : found.status === 'ready'
      ? { kind: 'ready', customers: found.data }
      : found.status === 'failed'
        ? { kind: 'failed', message: found.message }
        : { kind: 'loading' };

  const readDetail = useCallback(
    (signal: AbortSignal) => frontDeskApi.customer(customerId ?? 0, signal, query || undefined),
    [customerId, query],
  );
  // another customer starts afresh; a live reload keeps the record on screen, and a failure replaces it
  const { state: detailState, reload: reloadDetail } = useAsync(readDetail, { failedText: frontDeskText.loadFailed, enabled: customerId !== null });
  const detail = latestOf(detailState);
  const loadDetail = useCallback(() => reloadDetail(), [reloadDetail]);

  // what another desk changes (an appointment, a service order) shows up in the open record
  useFloorEvents(() => loadDetail());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value.length < MIN_QUERY) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    setParams({ q: value });
  };

  const open = (id: number) => setParams(query ? { q: query, id: String(id) } : { id: String(id) });
  const backToResults = () => setParams(query ? { q: query } : {});

  if (customerId !== null) {
    return (
      <section className={styles.panel} aria-label={t.search}>
        <button type="button" className={styles.secondary} onClick={backToResults}>
          {t.backToResults}
        </button>
        {detail.status === 'loading' && <p>{t.loadingDetail}</p>}
        {detail.status === 'failed' && (
          <p role="alert" className={styles.failed}>
            {detail.message}{' '}
            <button type="button" className={styles.secondary} onClick={loadDetail}>
              {frontDeskText.retry}
            </button>
          </p>
        )}
        {detail.status === 'ready' && <CustomerDetailView customer={detail.data} />}
      </section>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="customer-search-heading">
      <h2 id="customer-search-heading">{t.search}</h2>
      <form role="search" aria-labelledby="customer-search-heading" className={styles.toolbar} noValidate onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={inputId}>{t.searchLabel}</label>
          <input
            id={inputId}
            type="search"
            className={styles.input}
            value={text}
            maxLength={60}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={tooShort ? true : undefined}
            aria-describedby={tooShort ? `${inputId}-error` : undefined}
          />
          {tooShort && (
            <p id={`${inputId}-error`} className={styles.fieldError}>
              {t.minLength}
            </p>
          )}
        </div>
        <button type="submit" className={styles.primary}>
          {t.searchButton}
        </button>
      </form>
      <p role="status" className={styles.muted}>
        {results.kind === 'loading' ? t.searching : results.kind === 'ready' ? (results.customers.length === 0 ? t.none : t.results(results.customers.length)) : ''}
      </p>
      {results.kind === 'failed' && (
        <p role="alert" className={styles.failed}>
          {results.message}
        </p>
      )}
      {results.kind === 'ready' && results.customers.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.phone}</th>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.plates}</th>
                <th scope="col">
                  <span className={styles.visuallyHidden}>{t.view}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {results.customers.map((customer) => (
                <tr key={customer.id}>
                  <th scope="row">{customer.fullName}</th>
                  <td>{customer.phone ?? '—'}</td>
                  <td>{customer.access === 'full' ? customer.email : <span className={styles.muted}>{t.otherCentre}</span>}</td>
                  <td>{customer.plates.join(', ') || '—'}</td>
                  <td>
                    <button type="button" className={styles.secondary} aria-label={t.viewLabel(customer.fullName)} onClick={() => open(customer.id)}>
                      {t.view}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
