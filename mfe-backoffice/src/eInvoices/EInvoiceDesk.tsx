import { useCallback, useState } from 'react';
import { E_INVOICE_PAGE_SIZE, type EInvoiceAction } from 'shared-contracts/backoffice';
import { formatCalendarDate, vietnamDateOf } from 'shared-contracts/calendar';
import type { EInvoice } from 'shared-contracts/schemas';
import { openApiFile } from '../api/apiFiles';
import { isConflict, messageOf } from '../api/apiErrors';
import { ListingState } from '../components/DeskParts';
import { lastDays } from '../dateRange';
import { keepUnlessFailed, loadedOf, useAsync } from '../hooks/useAsync';
import { EInvoiceCard } from './EInvoiceCard';
import { EInvoiceExport } from './EInvoiceExport';
import { EInvoiceFilters } from './EInvoiceFilters';
import { EInvoiceReasonDialog, type CorrectionAction } from './EInvoiceReasonDialog';
import { eInvoicesApi, type EInvoiceFilter } from './eInvoicesApi';
import { apiPathOf } from './eInvoiceFormat';
import { eInvoiceText as t } from './eInvoiceText';
import { UncoveredSalesPanel } from './UncoveredSalesPanel';
import desk from '../components/DeskPanels.module.css';
import styles from './EInvoices.module.css';

/** How often the list and the check are read again: a retry's outcome or a new failure shows without reloading. */
export const E_INVOICE_POLL_MS = 20_000;
/** The list's default range: the last 30 days (the API's own default). */
const DEFAULT_DAYS = 30;

const readCheck = (signal: AbortSignal) => eInvoicesApi.check(signal);

interface Props {
  /** Today's local date (tests fix it). */
  today?: string;
}

type Notice = { kind: 'done' | 'failed'; text: string };

/**
 * "Hóa đơn điện tử", the owner's desk: the daily check "Bán hàng chưa có hóa đơn" on top, then the invoices of the
 * chosen range (newest first, a page at a time) with the actions the machine allows. Both are read again every 20 s,
 * keeping what is on screen; every action reloads them, and a 409 (the invoice changed meanwhile) shows the server's
 * message first.
 */
export function EInvoiceDesk({ today = vietnamDateOf(Date.now()) }: Props) {
  const [filter, setFilter] = useState<EInvoiceFilter>(() => ({ ...lastDays(DEFAULT_DAYS, today), page: 1 }));
  const readList = useCallback((signal: AbortSignal) => eInvoicesApi.list(filter, signal), [filter]);
  const list = useAsync(readList, { failedText: t.loadFailed, start: keepUnlessFailed, poll: { everyMs: E_INVOICE_POLL_MS } });
  const check = useAsync(readCheck, { failedText: t.checkFailed, poll: { everyMs: E_INVOICE_POLL_MS } });
  const { reload: reloadList } = list;
  const { reload: reloadCheck } = check;

  const [busyId, setBusyId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dialog, setDialog] = useState<{ action: CorrectionAction; invoice: EInvoice } | null>(null);

  const reloadAll = useCallback(() => {
    reloadList('keep');
    reloadCheck('keep');
  }, [reloadList, reloadCheck]);

  const failure = (error: unknown): Notice => ({ kind: 'failed', text: messageOf(error, isConflict(error) ? t.conflict : t.actionFailed) });

  const retry = async (id: number) => {
    setBusyId(id);
    setNotice(null);
    try {
      await eInvoicesApi.retry(id);
      setNotice({ kind: 'done', text: t.retried });
    } catch (error) {
      setNotice(failure(error));
    } finally {
      setBusyId(null);
      reloadAll();
    }
  };

  const act = (action: EInvoiceAction, invoice: EInvoice) => {
    if (action === 'retry') void retry(invoice.id);
    else {
      setNotice(null);
      setDialog({ action, invoice });
    }
  };

  const finished = (result: { done: CorrectionAction } | { conflict: unknown }) => {
    setDialog(null);
    const done = { adjust: t.adjustedDone, replace: t.replacedDone, notice: t.noticeDone } as const;
    setNotice('done' in result ? { kind: 'done', text: done[result.done] } : failure(result.conflict));
    reloadAll();
  };

  const openPdf = (invoice: EInvoice) => {
    if (!invoice.pdfUrl) return;
    setNotice(null);
    openApiFile(apiPathOf(invoice.pdfUrl)).catch((error: unknown) => setNotice({ kind: 'failed', text: messageOf(error, t.pdfFailed) }));
  };

  const shown = loadedOf(list.state);
  const data = shown.status === 'ready' ? shown.data : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || E_INVOICE_PAGE_SIZE))) : 1;

  return (
    <div className={styles.desk}>
      <UncoveredSalesPanel state={check.state} busyId={busyId} onRetry={(id) => void retry(id)} onReload={() => reloadCheck('fresh')} />

      {notice && (
        <p role={notice.kind === 'failed' ? 'alert' : 'status'} className={`${styles.notice} ${notice.kind === 'failed' ? desk.error : desk.done}`}>
          {notice.text}
        </p>
      )}

      <section className={desk.panel} aria-labelledby="e-invoice-list-heading" aria-busy={list.state.loading}>
        <h2 id="e-invoice-list-heading">{t.listHeading}</h2>
        <EInvoiceFilters filter={filter} onChange={setFilter} />
        {data && list.state.error && (
          <p role="alert" className={desk.error}>
            {list.state.error}{' '}
            <button type="button" className={styles.inlineButton} onClick={() => reloadList('keep')}>
              {t.retryLoad}
            </button>
          </p>
        )}
        <ListingState listing={shown} loadingText={t.loading} retryText={t.retryLoad} onRetry={() => reloadList('fresh')} />
        {data && (
          <>
            <p className={styles.caption}>{t.caption(formatCalendarDate(data.from), formatCalendarDate(data.to), data.total)}</p>
            {data.items.length === 0 ? (
              <p>{t.empty}</p>
            ) : (
              <ol className={styles.list}>
                {data.items.map((invoice) => (
                  <li key={invoice.id}>
                    <EInvoiceCard invoice={invoice} busy={busyId === invoice.id} onAction={act} onPdf={openPdf} />
                  </li>
                ))}
              </ol>
            )}
            {pages > 1 && (
              <nav className={desk.pager} aria-label={t.pager}>
                <button type="button" disabled={data.page <= 1} onClick={() => setFilter({ ...filter, page: data.page - 1 })}>
                  {t.previous}
                </button>
                <span>{t.page(data.page, pages)}</span>
                <button type="button" disabled={data.page >= pages} onClick={() => setFilter({ ...filter, page: data.page + 1 })}>
                  {t.next}
                </button>
              </nav>
            )}
          </>
        )}
      </section>

      <EInvoiceExport today={today} />

      {dialog && <EInvoiceReasonDialog action={dialog.action} invoice={dialog.invoice} onFinished={finished} onClose={() => setDialog(null)} />}
    </div>
  );
}
