import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { useAsync } from '../hooks/useAsync';
import { inventoryApi } from './inventoryApi';
import { inventoryText } from './inventoryText';
import styles from '../components/StockPanels.module.css';

const t = inventoryText.byLocation;
const n = inventoryText.count;

/** Where a location's row leads: the stock page on that location with this product's ledger open. */
export const stockLedgerHref = (stockPath: string, centreId: number, productId: number) => `${stockPath}?centreId=${centreId}&productId=${productId}`;

interface Props {
  productId: number;
  /** The stock page the rows link to (the admin's by default). */
  stockPath?: string;
  /** Changes when the product's stock may have changed: read again. */
  refreshKey?: number;
}

/**
 * One product's stock at every location the caller may see (the online warehouse included): on hand, reserved,
 * available, min stock, and the totals; each location links to its ledger of this product on the stock page.
 */
export function ProductStockByLocation({ productId, stockPath = '/admin/stock', refreshKey = 0 }: Props) {
  const read = useCallback((signal: AbortSignal) => inventoryApi.productStock(productId, signal), [productId]);
  const { state, reload } = useAsync(read, { failedText: inventoryText.loadFailed, reloadKey: refreshKey });
  const data = state.data;
  const headingId = `product-stock-${productId}`;

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{t.heading}</h2>
      {state.loading && !data && <p className={styles.muted}>{inventoryText.loading}</p>}
      {state.error !== null && (
        <p role="alert" className={styles.alert}>
          {state.error}{' '}
          <button type="button" className={styles.secondary} onClick={() => reload()}>
            {inventoryText.retry}
          </button>
        </p>
      )}
      {data &&
        (data.locations.length === 0 ? (
          <p className={styles.muted}>{t.empty}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.visuallyHidden}>{t.caption(data.productName)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.location}</th>
                  <th scope="col" className={styles.numeric}>
                    {inventoryText.table.onHand}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {inventoryText.table.reserved}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {inventoryText.table.available}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {inventoryText.table.minStock}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.locations.map((location) => (
                  <tr key={location.centreId}>
                    <th scope="row">
                      <Link to={stockLedgerHref(stockPath, location.centreId, data.productId)} aria-label={t.ledgerLabel(location.name)}>
                        {location.name}
                      </Link>
                      {location.shipsOnline && <span className={styles.badge}>{t.warehouse}</span>}
                    </th>
                    <td className={styles.numeric}>{n(location.onHand)}</td>
                    <td className={styles.numeric}>{n(location.reserved)}</td>
                    <td className={styles.numeric}>{n(location.available)}</td>
                    <td className={styles.numeric}>{n(location.minStock)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t.total}</th>
                  <td className={styles.numeric}>{n(data.totals.onHand)}</td>
                  <td className={styles.numeric}>{n(data.totals.reserved)}</td>
                  <td className={styles.numeric}>{n(data.totals.available)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        ))}
    </section>
  );
}
