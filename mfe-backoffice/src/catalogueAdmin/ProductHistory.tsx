import { useCallback, useId, useState } from 'react';
import { PRODUCT_STATUS_LABELS, type ProductStatus } from 'shared-contracts/backoffice';
import type { ProductAdminOptions } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import { catalogueAdminApi } from './catalogueAdminApi';
import { ChangeTable } from './ChangeHistory';
import { catalogueText as t, formatDateTime, formatVnd } from './catalogueAdminText';
import styles from './CatalogueAdmin.module.css';

const MONEY_FIELDS = new Set(['price', 'compareAtPrice', 'salePrice']);

/** A recorded value as the admin reads it: money in VND, names for ids, labels for statuses. */
function shown(field: string, value: unknown, options: ProductAdminOptions): string {
  if (value === null || value === undefined || value === '') return '—';
  if (MONEY_FIELDS.has(field) && typeof value === 'number') return formatVnd(value);
  if (field === 'categoryId') return options.categories.find((entry) => entry.id === value)?.name ?? String(value);
  if (field === 'brandId') return options.brands.find((entry) => entry.id === value)?.name ?? String(value);
  if (field === 'status') return PRODUCT_STATUS_LABELS[value as ProductStatus] ?? String(value);
  if (field === 'vatRate') return `${String(value)} %`;
  if ((field === 'saleStartsAt' || field === 'saleEndsAt') && typeof value === 'string') return formatDateTime(value);
  if (field === 'images' && Array.isArray(value)) return value.map((image: { alt?: string }) => image.alt ?? '').join(', ');
  if (field === 'specifications' && Array.isArray(value)) return value.map((spec: { label: string; value: string }) => `${spec.label}: ${spec.value}`).join('; ');
  if (Array.isArray(value)) return value.join(', ');
  const text = String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** A product's change history (who, when, field, before → after), with its price history one click away. */
export function ProductHistory({ productId, reloadKey, options }: { productId: number; reloadKey: number; options: ProductAdminOptions }) {
  const id = useId();
  const [onlyPrice, setOnlyPrice] = useState(false);
  const read = useCallback((signal: AbortSignal) => catalogueAdminApi.history(productId, onlyPrice ? 'price' : undefined, signal), [productId, onlyPrice]);
  const { state } = useAsync(read, { reloadKey, start: 'keep' });
  const changes = state.data ?? [];
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{onlyPrice ? t.priceHistory : t.history}</h3>
      <div className={styles.buttons}>
        <button type="button" className={styles.secondary} aria-pressed={onlyPrice} onClick={() => setOnlyPrice((value) => !value)}>
          {onlyPrice ? t.allHistory : t.priceHistory}
        </button>
      </div>
      {state.error && <p className={styles.alert}>{state.error}</p>}
      {state.data && changes.length === 0 && <p>{t.noHistory}</p>}
      {changes.length > 0 && (
        <ChangeTable changes={changes} fieldLabel={(field) => t.fields[field] ?? field} cells={(change) => [shown(change.field, change.before, options), shown(change.field, change.after, options)]} />
      )}
    </section>
  );
}
