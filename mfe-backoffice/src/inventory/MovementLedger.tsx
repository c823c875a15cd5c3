import { useCallback, useId, useState } from 'react';
import { formatDateTime } from 'shared-contracts';
import { isCalendarDate } from 'shared-contracts/calendar';
import { latestOf, useAsync } from '../hooks/useAsync';
import { inventoryApi, type ProductOption } from './inventoryApi';
import { STOCK_MOVEMENT_KIND_LABELS, STOCK_MOVEMENT_KINDS, type StockMovementKind } from './inventoryRules';
import { inventoryText } from './inventoryText';
import { LoadStatus } from './LoadStatus';
import { Pager } from './Pager';
import { ProductPicker } from './ProductPicker';
import styles from '../components/StockPanels.module.css';

const t = inventoryText.ledger;
const n = inventoryText.count;
export const LEDGER_PAGE_SIZE = 50;


const isKind = (value: string): value is StockMovementKind => (STOCK_MOVEMENT_KINDS as readonly string[]).includes(value);
const signed = (quantity: number) => (quantity > 0 ? `+${n(quantity)}` : n(quantity));

interface Props {
  centreId: number | undefined;
  refreshKey: number;
  /** The product filter to start with (a link to one product's ledger). */
  initialProduct?: ProductOption | null;
  /** The product filter changed (the stock page keeps it in its URL). */
  onProductChange?: (product: ProductOption | null) => void;
}

/**
 * M2: the centre's stock ledger (append-only: receive, issue, return, adjust), newest first, filtered by
 * product, kind and a range of Vietnamese dates (both inclusive), in pages. The API has no CSV of the ledger yet.
 */
export function MovementLedger({ centreId, refreshKey, initialProduct = null, onProductChange }: Props) {
  const ids = { product: useId(), kind: useId(), from: useId(), to: useId() };
  const [product, setProductState] = useState<ProductOption | null>(initialProduct);
  const setProduct = (value: ProductOption | null) => {
    setProductState(value);
    onProductChange?.(value);
  };
  const [kind, setKind] = useState<StockMovementKind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const rangeInvalid = from !== '' && to !== '' && from > to;

  const readPage = useCallback(
    (signal: AbortSignal) =>
      inventoryApi.movements(
        { centreId, productId: product?.productId, kind: kind === '' ? undefined : kind, from: from || undefined, to: to || undefined, page, pageSize: LEDGER_PAGE_SIZE },
        signal,
      ),
    [centreId, product, kind, from, to, page],
  );
  const { state: loaded, reload } = useAsync(readPage, { failedText: inventoryText.loadFailed, start: 'keep', enabled: !rangeInvalid, reloadKey: refreshKey });
  // other filters keep the rows on screen until the answer; a failure replaces them, until an answer
  const state = latestOf(loaded);

  /** A filter changed: back to the first page. */
  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const setDate = (set: (value: string) => void) => (value: string) => {
    if (value === '' || isCalendarDate(value)) filter(set)(value);
  };

  const data = state.status === 'ready' ? state.data : null;
  const filtered = product !== null || kind !== '' || from !== '' || to !== '';

  return (
    <section className={styles.panel} aria-labelledby="ledger-heading">
      <h2 id="ledger-heading">{t.heading}</h2>
      <div className={styles.toolbar}>
        <ProductPicker id={ids.product} label={t.product} value={product} onChange={filter(setProduct)} centreId={centreId} clearable />
        <div className={styles.field}>
          <label htmlFor={ids.kind}>{t.kind}</label>
          <select id={ids.kind} className={styles.select} value={kind} onChange={(event) => filter(setKind)(isKind(event.target.value) ? event.target.value : '')}>
            <option value="">{t.allKinds}</option>
            {STOCK_MOVEMENT_KINDS.map((value) => (
              <option key={value} value={value}>
                {STOCK_MOVEMENT_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.from}>{t.from}</label>
          <input
            id={ids.from}
            type="date"
            className={styles.input}
            value={from}
            max={to || undefined}
            onChange={(event) => setDate(setFrom)(event.target.value)}
            aria-invalid={rangeInvalid || undefined}
            aria-describedby={rangeInvalid ? `${ids.from}-error` : undefined}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.to}>{t.to}</label>
          <input
            id={ids.to}
            type="date"
            className={styles.input}
            value={to}
            min={from || undefined}
            onChange={(event) => setDate(setTo)(event.target.value)}
            aria-invalid={rangeInvalid || undefined}
            aria-describedby={rangeInvalid ? `${ids.from}-error` : undefined}
          />
        </div>
        {filtered && (
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setProduct(null);
              setKind('');
              setFrom('');
              setTo('');
              setPage(1);
            }}
          >
            {t.clear}
          </button>
        )}
      </div>
      {rangeInvalid && (
        <p id={`${ids.from}-error`} role="alert" className={styles.fieldError}>
          {t.rangeInvalid}
        </p>
      )}

      <LoadStatus state={state} onRetry={() => reload()} />
      {data &&
        (data.items.length === 0 ? (
          <p className={styles.muted}>{t.empty}</p>
        ) : (
          <>
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className={styles.visuallyHidden}>{t.caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.at}</th>
                    <th scope="col">{t.product}</th>
                    <th scope="col">{t.kind}</th>
                    <th scope="col" className={styles.numeric}>
                      {t.quantity}
                    </th>
                    <th scope="col" className={styles.numeric}>
                      {t.onHandAfter}
                    </th>
                    <th scope="col">{t.actor}</th>
                    <th scope="col">{t.reason}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((movement) => (
                    <tr key={movement.id}>
                      <td>
                        <time dateTime={movement.createdAt}>{formatDateTime(movement.createdAt)}</time>
                      </td>
                      <th scope="row">
                        {movement.productName} <span className={styles.hint}>({movement.sku})</span>
                      </th>
                      <td>{movement.kindLabel}</td>
                      <td className={`${styles.numeric} ${movement.quantity > 0 ? styles.positive : styles.negative}`}>{signed(movement.quantity)}</td>
                      <td className={styles.numeric}>{n(movement.onHandAfter)}</td>
                      <td>{movement.actor?.fullName ?? t.system}</td>
                      <td>{[movement.reason, movement.partsRequestId !== null ? t.request(movement.partsRequestId) : null].filter(Boolean).join(' · ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {data.totalPages > 1 && <Pager what={t.heading.toLowerCase()} page={data.page} totalPages={data.totalPages} total={data.total} onPage={setPage} />}
          </>
        ))}
    </section>
  );
}
