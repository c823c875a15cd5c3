import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatVnd } from 'shared-contracts';
import type { InventoryChange, InventoryItem, InventoryPage, InventorySummary } from 'shared-contracts/schemas';
import { messageOf } from '../frontDesk/apiRead';
import { inventoryApi } from './inventoryApi';
import { inventoryText } from './inventoryText';
import { MinStockCell } from './MinStockCell';
import { Pager } from './Pager';
import styles from './Inventory.module.css';

const t = inventoryText.table;
const n = inventoryText.count;
export const INVENTORY_TABLE_PAGE_SIZE = 50;

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; page: InventoryPage };

interface Props {
  centreId: number | undefined;
  centreName: string;
  /** Changes when the stock may have changed (a write here, a floor change): the page is read again. */
  refreshKey: number;
  /** Manager and admin: receive, adjust, min stock. */
  canWrite: boolean;
  onReceive: (item: InventoryItem | null) => void;
  onAdjust: (item: InventoryItem) => void;
  onChanged: (change: InventoryChange | null, message: string) => void;
}

/**
 * M2: the centre's stock — product, SKU, on hand, reserved, available, min stock (edited in place), value at
 * the sale price — with a diacritics-free search, 'Chỉ hàng sắp hết', pages, the totals over every matching
 * row, and the low rows marked in words as well as colour.
 */
export function InventoryTable({ centreId, centreName, refreshKey, canWrite, onReceive, onAdjust, onChanged }: Props) {
  const ids = { q: useId(), low: useId() };
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [lowOnly, setLowOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [summary, setSummary] = useState<InventorySummary | null>(null);
  const inflight = useRef<AbortController | null>(null);

  // the centre's whole stock in figures (not only the rows shown)
  useEffect(() => {
    const controller = new AbortController();
    inventoryApi.summary(centreId, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setSummary(answer);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [centreId, refreshKey]);

  const load = useCallback(() => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    inventoryApi.page({ centreId, q, lowOnly, page, pageSize: INVENTORY_TABLE_PAGE_SIZE }, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        // a page past the end (rows went away): the last page there is
        if (answer.items.length === 0 && answer.totalPages > 0 && page > answer.totalPages) setPage(answer.totalPages);
        else setState({ kind: 'ready', page: answer });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((current) => (current.kind === 'ready' ? current : { kind: 'failed', message: messageOf(error, inventoryText.loadFailed) }));
      },
    );
  }, [centreId, q, lowOnly, page]);

  useEffect(() => {
    load();
    return () => inflight.current?.abort();
  }, [load, refreshKey]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
    setPage(1);
  };

  const data = state.kind === 'ready' ? state.page : null;

  return (
    <section className={styles.panel} aria-labelledby="inventory-heading">
      <div className={styles.panelHeader}>
        <h2 id="inventory-heading">{t.heading}</h2>
        {canWrite && (
          <button type="button" className={styles.action} onClick={() => onReceive(null)}>
            {t.receiveAll}
          </button>
        )}
      </div>

      {summary && <h3 className={styles.visuallyHidden}>{t.summary}</h3>}
      {summary && (
        <dl className={styles.summary}>
          <div>
            <dt>{t.products}</dt>
            <dd>{n(summary.products)}</dd>
          </div>
          <div>
            <dt>{t.onHandUnits}</dt>
            <dd>{n(summary.onHandUnits)}</dd>
          </div>
          <div>
            <dt>{t.reservedUnits}</dt>
            <dd>{n(summary.reservedUnits)}</dd>
          </div>
          <div>
            <dt>{t.value}</dt>
            <dd>{formatVnd(summary.value)}</dd>
          </div>
          <div>
            <dt>{t.lowCount}</dt>
            <dd>{n(summary.lowCount)}</dd>
          </div>
        </dl>
      )}

      <form className={styles.toolbar} role="search" onSubmit={search}>
        <div className={styles.field}>
          <label htmlFor={ids.q}>{t.search}</label>
          <input id={ids.q} type="search" className={styles.input} maxLength={100} value={text} onChange={(event) => setText(event.target.value)} aria-describedby={`${ids.q}-hint`} />
          <p id={`${ids.q}-hint`} className={styles.hint}>
            {t.searchHint}
          </p>
        </div>
        <button type="submit" className={styles.secondary}>
          {t.searchSubmit}
        </button>
        <label className={styles.check} htmlFor={ids.low}>
          <input
            id={ids.low}
            type="checkbox"
            checked={lowOnly}
            onChange={(event) => {
              setLowOnly(event.target.checked);
              setPage(1);
            }}
          />
          {t.lowOnly}
        </label>
      </form>

      {state.kind === 'loading' && <p className={styles.muted}>{inventoryText.loading}</p>}
      {state.kind === 'failed' && (
        <p role="alert" className={styles.alert}>
          {state.message}{' '}
          <button type="button" className={styles.secondary} onClick={load}>
            {inventoryText.retry}
          </button>
        </p>
      )}

      {data && (
        <>
          {data.items.length === 0 ? (
            <p className={styles.muted}>{t.empty}</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className={styles.visuallyHidden}>{t.caption(centreName)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.product}</th>
                    <th scope="col">{t.sku}</th>
                    <th scope="col" className={styles.numeric}>
                      {t.onHand}
                    </th>
                    <th scope="col" className={styles.numeric}>
                      {t.reserved}
                    </th>
                    <th scope="col" className={styles.numeric}>
                      {t.available}
                    </th>
                    <th scope="col" className={styles.numeric}>
                      {t.minStock}
                    </th>
                    <th scope="col" className={styles.numeric}>
                      {t.value}
                    </th>
                    {canWrite && <th scope="col">{t.actions}</th>}
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.productId} className={item.low ? styles.lowRow : undefined} data-low={item.low || undefined}>
                      <th scope="row">
                        {item.name}
                        {item.low && <span className={`${styles.badge} ${styles.badgeLow}`}>{t.lowBadge}</span>}
                        {!item.isActive && <span className={`${styles.badge} ${styles.badgeInactive}`}>{t.inactive}</span>}
                      </th>
                      <td>{item.sku}</td>
                      <td className={styles.numeric}>{n(item.onHand)}</td>
                      <td className={styles.numeric}>{n(item.reserved)}</td>
                      <td className={styles.numeric}>{n(item.available)}</td>
                      <td className={styles.numeric}>
                        {canWrite ? <MinStockCell key={`${item.productId}-${item.minStock}`} centreId={centreId} item={item} onSaved={onChanged} /> : n(item.minStock)}
                      </td>
                      <td className={styles.numeric}>{formatVnd(item.value)}</td>
                      {canWrite && (
                        <td>
                          <div className={styles.buttons}>
                            {item.isActive && (
                              <button type="button" className={styles.secondary} aria-label={t.receiveLabel(item.name)} onClick={() => onReceive(item)}>
                                {t.receive}
                              </button>
                            )}
                            <button type="button" className={styles.secondary} aria-label={t.adjustLabel(item.name)} onClick={() => onAdjust(item)}>
                              {t.adjust}
                            </button>
                          </div>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className={styles.hint}>{t.valueNote}</p>
          {data.totalPages > 1 && <Pager what={t.heading.toLowerCase()} page={data.page} totalPages={data.totalPages} total={data.total} onPage={setPage} />}
        </>
      )}
    </section>
  );
}
