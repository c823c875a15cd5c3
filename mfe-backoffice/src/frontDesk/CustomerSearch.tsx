import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CustomerSearchResult, StaffCustomerDetail } from 'shared-contracts/schemas';
import { useFloorEvents } from '../floorEvents';
import { messageOf } from './apiRead';
import { CustomerDetailView } from './CustomerDetailView';
import { frontDeskApi } from './frontDeskApi';
import { frontDeskText } from './frontDeskText';
import styles from './FrontDesk.module.css';

const t = frontDeskText.customers;
const MIN_QUERY = 2;

type Results = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; customers: CustomerSearchResult[] };
type Detail = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; customer: StaffCustomerDetail };

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
  const [results, setResults] = useState<Results>({ kind: 'idle' });
  const [detail, setDetail] = useState<Detail>({ kind: 'loading' });
  const detailRequest = useRef<AbortController | null>(null);

  useEffect(() => {
    if (query.length < MIN_QUERY) {
      setResults({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    setResults({ kind: 'loading' });
    frontDeskApi.searchCustomers(query, controller.signal).then(
      (customers) => setResults({ kind: 'ready', customers }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResults({ kind: 'failed', message: messageOf(error, frontDeskText.loadFailed) });
      },
    );
    return () => controller.abort();
  }, [query]);

  const loadDetail = useCallback(() => {
    if (customerId === null) return;
    detailRequest.current?.abort();
    const controller = new AbortController();
    detailRequest.current = controller;
    frontDeskApi.customer(customerId, controller.signal, query || undefined).then(
      (customer) => {
        if (!controller.signal.aborted) setDetail({ kind: 'ready', customer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setDetail({ kind: 'failed', message: messageOf(error, frontDeskText.loadFailed) });
      },
    );
  }, [customerId, query]);

  useEffect(() => {
    setDetail({ kind: 'loading' });
    loadDetail();
    return () => detailRequest.current?.abort();
  }, [loadDetail]);

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
        {detail.kind === 'loading' && <p>{t.loadingDetail}</p>}
        {detail.kind === 'failed' && (
          <p role="alert" className={styles.failed}>
            {detail.message}{' '}
            <button type="button" className={styles.secondary} onClick={loadDetail}>
              {frontDeskText.retry}
            </button>
          </p>
        )}
        {detail.kind === 'ready' && <CustomerDetailView customer={detail.customer} />}
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
