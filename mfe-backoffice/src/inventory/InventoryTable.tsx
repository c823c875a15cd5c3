import { useCallback, useId, useState, type FormEvent } from 'react';
import { formatVnd } from 'shared-contracts';
import type { InventoryChange, InventoryItem, InventoryPage } from 'shared-contracts/schemas';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { inventoryApi } from './inventoryApi';
import { inventoryText } from './inventoryText';
import { LoadStatus } from './LoadStatus';
import { MinStockCell } from './MinStockCell';
import { Pager } from './Pager';
import styles from '../components/StockPanels.module.css';

const t = inventoryText.table;
const n = inventoryText.count;
export const INVENTORY_TABLE_PAGE_SIZE = 50;


interface Props {
  centreId: number | undefined;
  centreName: string;
  /** Changes when the stock may have changed (a write here, a floor change): the page is read again. */
  refreshKey: number;
  /** Manager and admin: receive, adjust, min stock. */
  canWrite: boolean;
  /** 'Nhập kho' from the online warehouse (absent: no such buttons, e.g. on the warehouse itself). */
  onReceive?: (item: InventoryItem | null) => void;
  /** The products' own receiving action (the stock page's goods receipt), per row. */
  rowReceive?: { label: string; labelOf: (name: string) => string; onClick: (item: InventoryItem) => void };
  onAdjust: (item: InventoryItem) => void;
  onChanged: (change: InventoryChange | null, message: string) => void;
}

/**
 * M2: the centre's stock — product, SKU, on hand, reserved, available, min stock (edited in place), value at
 * the sale price — with a diacritics-free search, 'Chỉ hàng sắp hết', pages, the totals over every matching
 * row, and the low rows marked in words as well as colour.
 */
export function InventoryTable({ centreId, centreName, refreshKey, canWrite, onReceive, rowReceive, onAdjust, onChanged }: Props) {
  const ids = { q: useId(), low: useId() };
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [lowOnly, setLowOnly] = useState(false);
  const [page, setPage] = useState(1);
  // the centre's whole stock in figures (not only the rows shown); a failed reload keeps the last figures
  const readSummary = useCallback((signal: AbortSignal) => inventoryApi.summary(centreId, signal), [centreId]);
  const summary = useAsync(readSummary, { start: 'keep', reloadKey: refreshKey }).state.data ?? null;

  const readPage = useCallback(
    async (signal: AbortSignal): Promise<InventoryPage> => {
      const answer = await inventoryApi.page({ centreId, q, lowOnly, page, pageSize: INVENTORY_TABLE_PAGE_SIZE }, signal);
      // a page past the end (rows went away): the last page there is, whose load replaces this one
      if (answer.items.length === 0 && answer.totalPages > 0 && page > answer.totalPages) {
        setPage(answer.totalPages);
        return new Promise<never>(() => undefined);
      }
      return answer;
    },
    [centreId, q, lowOnly, page],
  );
  // other filters or another page keep the rows on screen until the answer, and after a failed reload
  const { state: loaded, reload } = useAsync(readPage, { failedText: inventoryText.loadFailed, start: 'keep', reloadKey: refreshKey });
  const state = loadedOf(loaded);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
    setPage(1);
  };

  const data = state.status === 'ready' ? state.data : null;

  return (
    <section className={styles.panel} aria-labelledby="inventory-heading">
      <div className={styles.panelHeader}>
        <h2 id="inventory-heading">{t.heading}</h2>
        {canWrite && onReceive && (
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

      <LoadStatus state={state} onRetry={() => reload()} />

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
                            {item.isActive && onReceive && (
                              <button type="button" className={styles.secondary} aria-label={t.receiveLabel(item.name)} onClick={() => onReceive(item)}>
                                {t.receive}
                              </button>
                            )}
                            {item.isActive && rowReceive && (
                              <button type="button" className={styles.secondary} aria-label={rowReceive.labelOf(item.name)} onClick={() => rowReceive.onClick(item)}>
                                {rowReceive.label}
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
