import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatVnd } from 'shared-contracts';
import { nextSearchOffset, SEARCH_PAGE_SIZE } from 'shared-contracts/pricing';
import type { SearchCardResult, SearchHitType } from 'shared-contracts/schemas';
import { storefrontApi } from '../../api/storefrontApi';
import { Async, EmptyState, Skeleton } from '../../components/Async';
import { CatalogueImage } from '../../components/CatalogueImage';
import { PageIntro } from '../../components/PageIntro';
import { useAsync, type Async as Load } from '../../hooks/useAsync';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';
import { fitKeyOf, fitQueryOfKey, useChosenVehicle } from '../../vehicleFit';
import styles from './SearchPage.module.css';

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
  more: 'Xem thêm kết quả',
  moreLoading: 'Đang tải thêm kết quả…',
};

/** The hits on screen, and where the next page starts (null: none left to ask for). */
interface Shown {
  result: SearchCardResult;
  next: number | null;
}

/** The next page appended to what is shown: hits already there (the catalogue changed between pages) left out. */
function appendPage(shown: Shown, page: SearchCardResult): Shown {
  const known = new Set(shown.result.hits.map((hit) => hit.url));
  const added = page.hits.filter((hit) => !known.has(hit.url));
  // Nothing new (an API that ignores `offset` answers the first page again): no further page is offered.
  const next = added.length === 0 || shown.next === null ? null : nextSearchOffset(shown.next + page.hits.length, page.total);
  return { result: { ...page, hits: [...shown.result.hits, ...added] }, next };
}

function Results({ shown, moreState, onMore }: { shown: Shown; moreState: Load<Shown | null>['moreState']; onMore: () => void }) {
  const { result, next } = shown;
  const list = useRef<HTMLUListElement>(null);
  // The first hit a "Xem thêm" asked for: its link takes the focus once the page is shown (the button may be gone).
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null) return;
    focusFrom.current = null;
    const rows = list.current?.children;
    if (!rows || rows.length === 0) return;
    rows[Math.min(from, rows.length - 1)]?.querySelector('a')?.focus();
  }, [shown]);
  const { loading, error } = moreState;
  const more = () => {
    if (loading) return;
    focusFrom.current = result.hits.length;
    onMore();
  };
  return (
    <>
      <p className={styles.count} role="status">
        {text.count(result.hits.length, result.total)}
      </p>
      <ul className={styles.list} ref={list}>
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
      {next !== null && (
        <div className={styles.more}>
          {error !== null && (
            <p className={styles.moreError} role="alert">
              {error}
            </p>
          )}
          {/* aria-disabled, not disabled, while loading: a disabled button would drop the keyboard's focus */}
          <button type="button" onClick={more} aria-disabled={loading}>
            {loading ? text.moreLoading : text.more}
          </button>
        </div>
      )}
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
    async (signal: AbortSignal): Promise<Shown | null> => {
      if (!q) return null;
      const result = await (fitKey ? storefrontApi.search(q, SEARCH_PAGE_SIZE, signal, fitQueryOfKey(fitKey)) : storefrontApi.search(q, SEARCH_PAGE_SIZE, signal));
      return { result, next: nextSearchOffset(result.hits.length, result.total) };
    },
    [q, fitKey],
  );
  const results = useAsync(readResults, {});
  const { more } = results;
  const showMore = useCallback(
    () =>
      more(
        (signal, shown) => storefrontApi.search(q, SEARCH_PAGE_SIZE, signal, fitKey ? fitQueryOfKey(fitKey) : undefined, shown?.next ?? undefined),
        (shown, page) => shown && appendPage(shown, page),
      ),
    [more, q, fitKey],
  );

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
        <Async load={results} skeleton={<Skeleton count={4} variant="line" />} isEmpty={(shown) => !shown || shown.result.hits.length === 0} empty={<><p>{text.none(q)}</p><Link to="/products">{text.browse}</Link></>}>
          {(shown) => shown && <Results shown={shown} moreState={results.moreState} onMore={showMore} />}
        </Async>
      )}
    </>
  );
}

export default SearchPage;
