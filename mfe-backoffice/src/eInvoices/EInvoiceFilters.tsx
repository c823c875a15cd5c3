import { E_INVOICE_KIND_LABELS, E_INVOICE_KINDS, E_INVOICE_STATUS_LABELS, E_INVOICE_STATUSES, type EInvoiceKind, type EInvoiceStatus } from 'shared-contracts/backoffice';
import { DateRangeForm } from '../dateRange';
import type { EInvoiceFilter, SaleKind } from './eInvoicesApi';
import { eInvoiceText as t } from './eInvoiceText';
import styles from './EInvoices.module.css';

const SALE_KINDS: readonly SaleKind[] = ['WEB_ORDER', 'SERVICE_INVOICE'];

interface Props {
  filter: EInvoiceFilter;
  /** A new filter: back to its first page. */
  onChange: (filter: EInvoiceFilter) => void;
}

/** The list's filters: status, kind and sale kind apply as chosen; the range of dates with its "Xem". */
export function EInvoiceFilters({ filter, onChange }: Props) {
  const set = (change: Partial<EInvoiceFilter>) => onChange({ ...filter, ...change, page: 1 });
  return (
    <div className={styles.filters}>
      <fieldset className={styles.selects}>
        <legend className={styles.legend}>{t.filters}</legend>
        <label>
          <span>{t.status}</span>
          <select value={filter.status ?? ''} onChange={(event) => set({ status: (event.target.value || undefined) as EInvoiceStatus | undefined })}>
            <option value="">{t.all}</option>
            {E_INVOICE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {E_INVOICE_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.kind}</span>
          <select value={filter.kind ?? ''} onChange={(event) => set({ kind: (event.target.value || undefined) as EInvoiceKind | undefined })}>
            <option value="">{t.all}</option>
            {E_INVOICE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {E_INVOICE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.saleKind}</span>
          <select value={filter.saleKind ?? ''} onChange={(event) => set({ saleKind: (event.target.value || undefined) as SaleKind | undefined })}>
            <option value="">{t.all}</option>
            {SALE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t.saleKinds[kind]}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <DateRangeForm value={{ from: filter.from, to: filter.to }} onShow={(range) => set(range)} buttonClassName={styles.showButton} />
    </div>
  );
}
