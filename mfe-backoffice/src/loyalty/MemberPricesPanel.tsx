import { useCallback, useId, useState, type FormEvent } from 'react';
import { formatDateTime, formatVnd } from 'shared-contracts';
import { formatVndPlain, LOYALTY_RANKED_TIERS, LOYALTY_TIER_LABELS, type LoyaltyRankedTier } from 'shared-contracts/pricing';
import type { MemberPrice, MemberPricePage, ProductAdminListItem } from 'shared-contracts/schemas';
import { fieldErrorsOf, messageOf } from '../api/apiErrors';
import { LoadFailed, Loading } from '../components/LoadStatus';
import { loadedOf, useAsync } from '../hooks/useAsync';
import { loyaltyApi } from './loyaltyApi';
import { memberPricesText as t } from './memberPricesText';
import styles from './Loyalty.module.css';

/** The product a member price is for: what the form shows and checks the price against. */
export type PickedProduct = Pick<ProductAdminListItem, 'id' | 'name' | 'sku' | 'price'>;

/** The price typed, or why not: a whole number of ₫ above 0 and below the product's normal price (the server checks the same). */
export function checkMemberPrice(text: string, product: PickedProduct | null): { price: number } | { problem: string } {
  const trimmed = text.trim().replace(/\./g, '');
  if (!/^\d{1,12}$/.test(trimmed) || Number(trimmed) < 1) return { problem: t.messages.price };
  const price = Number(trimmed);
  if (product && price >= product.price) return { problem: t.messages.notBelow(formatVndPlain(product.price)) };
  return { price };
}

/**
 * "Giá thành viên" (the admin's, on /admin?view=loyalty): the member prices in force, a form to add or replace one
 * (the product found by SKU or name, the tier, the price), and ending one.
 */
export function MemberPricesPanel() {
  const [page, setPage] = useState(1);
  const read = useCallback((signal: AbortSignal) => loyaltyApi.memberPrices(page, signal), [page]);
  const { state, reload } = useAsync(read, { failedText: t.loadFailed });
  const loaded = loadedOf(state);
  return (
    <section className={styles.panel} aria-labelledby="member-prices-heading">
      <div className={styles.panelHeader}>
        <h2 id="member-prices-heading">{t.heading}</h2>
      </div>
      <p className={styles.muted}>{t.intro}</p>
      <MemberPriceForm
        onSaved={() => {
          if (page === 1) reload('fresh');
          else setPage(1);
        }}
      />
      {loaded.status === 'loading' && <Loading text={t.loading} />}
      {loaded.status === 'failed' && <LoadFailed message={loaded.message} retryLabel={t.retry} onRetry={() => reload('fresh')} />}
      {loaded.status === 'ready' && <MemberPriceList page={loaded.data} onPage={setPage} onEnded={() => reload('fresh')} />}
    </section>
  );
}

function MemberPriceList({ page, onPage, onEnded }: { page: MemberPricePage; onPage: (page: number) => void; onEnded: () => void }) {
  const [ending, setEnding] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const end = async (entry: MemberPrice) => {
    setEnding(entry.id);
    setError(null);
    setDone(null);
    try {
      await loyaltyApi.endMemberPrice(entry.id);
      setDone(t.messages.ended);
      onEnded();
    } catch (failure) {
      setError(messageOf(failure, t.endFailed));
    } finally {
      setEnding(null);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="member-prices-list-heading">
      <h3 id="member-prices-list-heading">{t.listHeading}</h3>
      {error && (
        <p role="alert" className={styles.alert}>
          {error}
        </p>
      )}
      {done && (
        <p role="status" className={styles.done}>
          {done}
        </p>
      )}
      {page.items.length === 0 ? (
        <p className={styles.muted}>{t.empty}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className={styles.muted}>{t.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columns.product}</th>
                <th scope="col">{t.columns.sku}</th>
                <th scope="col" className={styles.numeric}>
                  {t.columns.normalPrice}
                </th>
                <th scope="col">{t.columns.tier}</th>
                <th scope="col" className={styles.numeric}>
                  {t.columns.price}
                </th>
                <th scope="col">{t.columns.since}</th>
                <th scope="col">{t.columns.by}</th>
                <th scope="col">{t.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">{entry.productName}</th>
                  <td>{entry.sku}</td>
                  <td className={styles.numeric}>{formatVnd(entry.normalPrice)}</td>
                  <td>{t.tierFrom(entry.tierLabel)}</td>
                  <td className={styles.numeric}>{formatVnd(entry.price)}</td>
                  <td>
                    <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  </td>
                  <td>{entry.createdBy?.fullName ?? t.system}</td>
                  <td>
                    <button type="button" className={styles.secondary} disabled={ending !== null} aria-label={t.endLabel(entry.productName, entry.tierLabel)} onClick={() => void end(entry)}>
                      {ending === entry.id ? t.ending : t.end}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.totalPages > 1 && (
        <div className={styles.pager}>
          <button type="button" className={styles.secondary} disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
            {t.previous}
          </button>
          <span>{t.page(page.page, page.totalPages)}</span>
          <button type="button" className={styles.secondary} disabled={page.page >= page.totalPages} onClick={() => onPage(page.page + 1)}>
            {t.next}
          </button>
        </div>
      )}
    </section>
  );
}

type Found = { kind: 'idle' } | { kind: 'searching' } | { kind: 'failed'; message: string } | { kind: 'ready'; items: PickedProduct[] };
type Field = 'productId' | 'minTier' | 'price';

function MemberPriceForm({ onSaved }: { onSaved: () => void }) {
  const formId = useId();
  const idOf = (field: Field | 'search') => `${formId}-${field}`;
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found>({ kind: 'idle' });
  const [product, setProduct] = useState<PickedProduct | null>(null);
  const [tier, setTier] = useState<LoyaltyRankedTier>('GOLD');
  const [priceText, setPriceText] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const serverFields = fieldErrorsOf(error);
  const messageFor = (field: Field) => problems[field] ?? serverFields[field] ?? null;

  const search = async () => {
    const q = query.trim();
    if (q === '') return;
    setFound({ kind: 'searching' });
    try {
      const page = await loyaltyApi.findProducts(q);
      setFound({ kind: 'ready', items: page.items });
    } catch (failure) {
      setFound({ kind: 'failed', message: messageOf(failure, t.searchFailed) });
    }
  };

  const choose = (picked: PickedProduct) => {
    setProduct(picked);
    setFound({ kind: 'idle' });
    setQuery('');
    setProblems(({ productId: _dropped, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setError(null);
    const found: Partial<Record<Field, string>> = {};
    if (!product) found.productId = t.messages.product;
    const checked = checkMemberPrice(priceText, product);
    if ('problem' in checked) found.price = checked.problem;
    setProblems(found);
    const first = (['productId', 'price'] as const).find((field) => found[field]);
    if (first || !product || !('price' in checked)) {
      if (first) document.getElementById(idOf(first === 'productId' ? 'search' : first))?.focus();
      return;
    }
    setBusy(true);
    try {
      await loyaltyApi.setMemberPrice({ productId: product.id, minTier: tier, price: checked.price });
      setDone(true);
      setProduct(null);
      setPriceText('');
      onSaved();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const otherError = error !== null && !serverFields.productId && !serverFields.minTier && !serverFields.price;
  const errorOf = (field: Field) =>
    messageFor(field) && (
      <span id={`${idOf(field)}-error`} role="alert" className={styles.fieldError}>
        {messageFor(field)}
      </span>
    );

  return (
    <section className={styles.section} aria-labelledby="member-price-form-heading">
      <h3 id="member-price-form-heading">{t.formHeading}</h3>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="member-price-form-heading">
        <div className={styles.field}>
          {product ? (
            <>
              <span>{t.columns.product}</span>
              <span>
                {t.chosen(product.name, product.sku, formatVnd(product.price))}{' '}
                <button type="button" className={styles.secondary} onClick={() => setProduct(null)}>
                  {t.change}
                </button>
              </span>
            </>
          ) : (
            <>
              <label htmlFor={idOf('search')}>{t.product}</label>
              <span>
                <input
                  id={idOf('search')}
                  type="search"
                  className={styles.input}
                  autoComplete="off"
                  maxLength={100}
                  value={query}
                  aria-invalid={messageFor('productId') ? true : undefined}
                  aria-describedby={[`${idOf('search')}-hint`, messageFor('productId') ? `${idOf('productId')}-error` : null].filter(Boolean).join(' ')}
                  onChange={(event) => setQuery(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter') return;
                    event.preventDefault();
                    void search();
                  }}
                />{' '}
                <button type="button" className={styles.secondary} onClick={() => void search()}>
                  {t.search}
                </button>
              </span>
              <span id={`${idOf('search')}-hint`} className={styles.hint}>
                {t.productHint}
              </span>
            </>
          )}
          {errorOf('productId')}
          <span className={styles.hint} aria-live="polite">
            {found.kind === 'searching' ? t.searching : found.kind === 'ready' && found.items.length === 0 ? t.noneFound : ''}
          </span>
          {found.kind === 'failed' && <span className={styles.fieldError}>{found.message}</span>}
          {found.kind === 'ready' && found.items.length > 0 && (
            <ul aria-label={t.results}>
              {found.items.map((item) => (
                <li key={item.id}>
                  <button type="button" className={styles.secondary} aria-label={t.choose(item.name)} onClick={() => choose(item)}>
                    {item.name} · {item.sku} · {formatVnd(item.price)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={styles.fields}>
          <div className={styles.field}>
            <label htmlFor={idOf('minTier')}>{t.tier}</label>
            <select id={idOf('minTier')} className={styles.input} value={tier} onChange={(event) => setTier(event.target.value as LoyaltyRankedTier)}>
              {LOYALTY_RANKED_TIERS.map((code) => (
                <option key={code} value={code}>
                  {LOYALTY_TIER_LABELS[code]}
                </option>
              ))}
            </select>
            {errorOf('minTier')}
          </div>
          <div className={styles.field}>
            <label htmlFor={idOf('price')}>{t.price}</label>
            <input
              id={idOf('price')}
              className={styles.input}
              inputMode="numeric"
              autoComplete="off"
              value={priceText}
              aria-invalid={messageFor('price') ? true : undefined}
              aria-describedby={[`${idOf('price')}-hint`, messageFor('price') ? `${idOf('price')}-error` : null].filter(Boolean).join(' ')}
              onChange={(event) => {
                setPriceText(event.target.value);
                setProblems(({ price: _dropped, ...rest }) => rest);
              }}
            />
            <span id={`${idOf('price')}-hint`} className={styles.hint}>
              {t.priceHint}
            </span>
            {errorOf('price')}
          </div>
        </div>
        {otherError && (
          <p role="alert" className={styles.alert}>
            {messageOf(error, t.saveFailed)}
          </p>
        )}
        {done && (
          <p role="status" className={styles.done}>
            {t.messages.set}
          </p>
        )}
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? t.saving : t.save}
        </button>
      </form>
    </section>
  );
}
