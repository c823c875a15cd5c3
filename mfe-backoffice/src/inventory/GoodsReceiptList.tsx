import { useCallback, useState } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { latestOf, useAsync } from '../hooks/useAsync';
import { inventoryApi } from './inventoryApi';
import { inventoryText } from './inventoryText';
import { LoadStatus } from './LoadStatus';
import { Pager } from './Pager';
import styles from '../components/StockPanels.module.css';
import own from './StockWorkspace.module.css';

const t = inventoryText.receipts;
const n = inventoryText.count;
export const RECEIPTS_PAGE_SIZE = 10;

interface Props {
  centreId: number | undefined;
  locationName: string;
  refreshKey: number;
}

/** The location's recent goods receipts, newest first: when, supplier, reference, units, cost, who; the lines on demand. */
export function GoodsReceiptList({ centreId, locationName, refreshKey }: Props) {
  const [page, setPage] = useState(1);
  const read = useCallback((signal: AbortSignal) => inventoryApi.goodsReceipts({ centreId, page, pageSize: RECEIPTS_PAGE_SIZE }, signal), [centreId, page]);
  const { state: loaded, reload } = useAsync(read, { failedText: inventoryText.loadFailed, start: 'keep', reloadKey: refreshKey });
  const state = latestOf(loaded);
  const data = state.status === 'ready' ? state.data : null;
  const totalPages = data ? Math.ceil(data.total / data.pageSize) : 0;

  return (
    <section className={styles.panel} aria-labelledby="receipts-heading">
      <h2 id="receipts-heading">{t.heading}</h2>
      <LoadStatus state={state} onRetry={() => reload()} />
      {data &&
        (data.items.length === 0 ? (
          <p className={styles.muted}>{t.empty}</p>
        ) : (
          <>
            <ul className={styles.list} aria-label={t.caption(locationName)}>
              {data.items.map((receipt) => (
                <li key={receipt.id} className={own.receipt}>
                  <p>
                    <strong>{receipt.supplier}</strong>
                    {receipt.reference && <span className={styles.hint}> · {receipt.reference}</span>}
                  </p>
                  <dl className={styles.facts}>
                    <dt>{t.at}</dt>
                    <dd>
                      <time dateTime={receipt.receivedAt}>{formatDateTime(receipt.receivedAt)}</time>
                    </dd>
                    <dt>{t.quantity}</dt>
                    <dd>
                      {n(receipt.totalQuantity)} ({t.linesSummary(receipt.lines.length)})
                    </dd>
                    <dt>{t.cost}</dt>
                    <dd>{formatVnd(receipt.totalCost)}</dd>
                    <dt>{t.by}</dt>
                    <dd>{receipt.receivedBy.name}</dd>
                  </dl>
                  <details>
                    <summary>{t.details(receipt.id)}</summary>
                    <ul>
                      {receipt.lines.map((line) => (
                        <li key={line.productId}>
                          {t.lineDetail(line.productName, line.sku, n(line.quantity), formatVnd(line.unitCost))} = {formatVnd(line.lineCost)}
                        </li>
                      ))}
                    </ul>
                    {receipt.note && <p className={styles.hint}>{receipt.note}</p>}
                  </details>
                </li>
              ))}
            </ul>
            {totalPages > 1 && <Pager what={t.heading.toLowerCase()} page={data.page} totalPages={totalPages} total={data.total} onPage={setPage} />}
          </>
        ))}
    </section>
  );
}
