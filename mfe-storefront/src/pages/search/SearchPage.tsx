import { useCallback, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatVnd } from 'shared-contracts';
import type { SearchCardResult, SearchHitType } from 'shared-contracts/schemas';
import { storefrontApi } from '../../api/storefrontApi';
import { Async, EmptyState, Skeleton } from '../../components/Async';
import { CatalogueImage } from '../../components/CatalogueImage';
import { PageIntro } from '../../components/PageIntro';
import { useAsync } from '../../hooks/useAsync';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';
import { fitKeyOf, fitQueryOfKey, useChosenVehicle } from '../../vehicleFit';
import styles from './SearchPage.module.css';

export const SEARCH_PAGE_LIMIT = 50;
const MAX_QUERY = 100;
/** A row's thumbnail box (SearchPage.module.css: 72 × 54, the image fitted in it): the card form carries the image's URL only. */
const THUMB_WIDTH = 72;
const THUMB_HEIGHT = 54;

const text = {
  titleFor: (q: string) => `Tìm kiếm: “${q}”`,
  resultsFor: (q: string) => `Kết quả tìm kiếm cho “${q}”`,
  formLabel: 'Tìm lại',
  inputLabel: 'Từ khóa',
  submit: 'Tìm kiếm',
  prompt: 'Nhập từ khóa để tìm sản phẩm, dịch vụ hoặc gói dịch vụ.',
  none: (q: string) => `Không tìm thấy kết quả nào cho “${q}”. Hãy thử từ khóa khác hoặc xem danh sách sản phẩm.`,
  browse: 'Xem tất cả sản phẩm',
  count: (shown: number, total: number) => (shown < total ? `Hiển thị ${shown} trên ${total} kết quả` : `${total} kết quả`),
  types: { product: 'Sản phẩm', service: 'Dịch vụ', package: 'Gói dịch vụ' } satisfies Record<SearchHitType, string>,
  from: 'Giá',
};

function Results({ result }: { result: SearchCardResult }) {
  return (
    <>
      <p className={styles.count} role="status">
        {text.count(result.hits.length, result.total)}
      </p>
      <ul className={styles.list}>
        {result.hits.map((hit) => (
          <li key={hit.url} className={styles.hit}>
            {hit.image ? (
              <CatalogueImage image={{ url: hit.image, width: THUMB_WIDTH, height: THUMB_HEIGHT }} alt="" sizes="72px" className={styles.thumb} />
            ) : (
              <span className={styles.thumb} aria-hidden="true" />
            )}
            <div>
              <p className={styles.type}>{text.types[hit.type]}</p>
              <h2 className={styles.title}>
                <Link to={hit.url}>{hit.title}</Link>
              </h2>
              {hit.subtitle && <p className={styles.subtitle}>{hit.subtitle}</p>}
            </div>
            <p className={styles.price}>
              <span className={styles.hidden}>{text.from}: </span>
              {formatVnd(hit.price)}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /search?q=: every product, service and package matching the words (the header's search box links here). */
export function SearchPage() {
  const [query, setQuery] = useSearchParams();
  const q = (query.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const [draft, setDraft] = useState(q);
  const [lastQ, setLastQ] = useState(q);
  if (lastQ !== q) {
    // the URL changed (back button, header search): show its words in the field
    setLastQ(q);
    setDraft(q);
  }
  usePageMeta(q ? text.titleFor(q) : vi.search.title, vi.search.description);
  // the chosen vehicle goes along, so that the search may narrow to the parts that fit it
  const fitKey = fitKeyOf(useChosenVehicle());
  const readResults = useCallback(
    (signal: AbortSignal): Promise<SearchCardResult | null> =>
      !q ? Promise.resolve(null) : fitKey ? storefrontApi.search(q, SEARCH_PAGE_LIMIT, signal, fitQueryOfKey(fitKey)) : storefrontApi.search(q, SEARCH_PAGE_LIMIT, signal),
    [q, fitKey],
  );
  const results = useAsync(readResults, {});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    setQuery(next ? { q: next } : {});
  };

  return (
    <>
      <PageIntro title={vi.search.title} description={q ? text.resultsFor(q) : vi.search.description} />
      <form role="search" aria-label={text.formLabel} onSubmit={submit} className={styles.form}>
        <label htmlFor="search-page-input" className={styles.hidden}>
          {text.inputLabel}
        </label>
        <input id="search-page-input" type="search" value={draft} maxLength={MAX_QUERY} onChange={(event) => setDraft(event.target.value)} />
        <button type="submit">{text.submit}</button>
      </form>
      {!q ? (
        <EmptyState>{text.prompt}</EmptyState>
      ) : (
        <Async load={results} skeleton={<Skeleton count={4} variant="line" />} isEmpty={(result) => !result || result.hits.length === 0} empty={<><p>{text.none(q)}</p><Link to="/products">{text.browse}</Link></>}>
          {(result) => result && <Results result={result} />}
        </Async>
      )}
    </>
  );
}

export default SearchPage;
