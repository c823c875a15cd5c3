import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { apiClient, formatVnd, messages, readData } from 'shared-contracts';
import type { SearchCardResult } from 'shared-contracts/schemas';
import { useAsync } from '../hooks/useAsync';
import headerStyles from './Header.module.css';
import styles from './SearchBox.module.css';

/** Instant results wait this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Instant results start at this many characters (Enter searches any length). */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_BOX_LIMIT = 6;

const text = {
  placeholder: 'Tìm phụ tùng, dịch vụ...',
  results: 'Kết quả tìm kiếm',
  searching: 'Đang tìm...',
  none: 'Không tìm thấy kết quả phù hợp.',
  count: (count: number) => `Có ${count} kết quả. Dùng phím mũi tên để chọn.`,
  all: (q: string) => `Xem tất cả kết quả cho “${q}”`,
  types: { product: 'Sản phẩm', service: 'Dịch vụ', package: 'Gói dịch vụ' },
};

type Results = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; result: SearchCardResult } | { status: 'error'; message: string };

export function searchPagePath(q: string): string {
  return `/search?q=${encodeURIComponent(q)}`;
}

/**
 * The header's search: a button opens a combobox with instant results (GET /api/search, debounced);
 * arrows move through them, Enter opens the chosen one (or the full results page), Escape closes.
 */
export function SearchBox() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const location = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const q = query.trim();
  const asked = open && q.length >= SEARCH_MIN_LENGTH;

  // instant results, asked for once the typing pauses; a newer query cancels the older request. The card form (issue
  // 70 §2): what a row shows; the fields read here are the same in the full form an older API answers with.
  const read = useCallback(
    (signal: AbortSignal) => readData<SearchCardResult>(apiClient.get('/search', { query: { q, limit: SEARCH_BOX_LIMIT, view: 'card' }, signal })),
    [q],
  );
  const { state } = useAsync(read, { enabled: asked, delayMs: SEARCH_DEBOUNCE_MS });
  const results: Results = !asked
    ? { status: 'idle' }
    : state.error !== null
      ? { status: 'error', message: state.error }
      : state.data !== undefined
        ? { status: 'ready', result: state.data }
        : { status: 'loading' };
  const hits = results.status === 'ready' ? results.result.hits : [];
  // another query: no result chosen
  useEffect(() => setActive(-1), [asked, q]);

  // another page: close
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  // a click outside closes
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const go = (path: string) => {
    setOpen(false);
    setQuery('');
    navigate(path);
  };

  const choose = () => {
    const hit = hits[active];
    if (hit) go(hit.url);
    else if (q) go(searchPagePath(q));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // handled here rather than by the form's submit, so the chosen result wins over the full results page
      event.preventDefault();
      choose();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? hits.length - 1 : index - 1));
    }
  };

  const showPanel = open && q.length >= SEARCH_MIN_LENGTH && results.status !== 'idle';
  return (
    <div className={headerStyles.search} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={headerStyles.iconButton}
        aria-label={messages.header.search}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <div className={styles.popup}>
          <form role="search" aria-label={messages.header.search} onSubmit={(event: FormEvent) => event.preventDefault()}>
            <input
              // the box opens on the search button's press: typing starts at once
              // eslint-disable-next-line jsx-a11y/no-autofocus -- opened on purpose by the user
              autoFocus
              type="search"
              role="combobox"
              className={styles.input}
              value={query}
              maxLength={100}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder={text.placeholder}
              aria-label={messages.header.search}
              aria-autocomplete="list"
              aria-expanded={showPanel && hits.length > 0}
              aria-controls={listId}
              aria-activedescendant={active >= 0 && hits[active] ? `${listId}-${active}` : undefined}
            />
          </form>
          <div role="status" className={styles.status}>
            {showPanel && results.status === 'loading' && text.searching}
            {showPanel && results.status === 'error' && results.message}
            {showPanel && results.status === 'ready' && (hits.length === 0 ? text.none : <span className={styles.hidden}>{text.count(hits.length)}</span>)}
          </div>
          <ul id={listId} role="listbox" aria-label={text.results} className={styles.list} hidden={!showPanel || hits.length === 0}>
            {hits.map((hit, index) => (
              // the keyboard chooses through the combobox (arrows and Enter, aria-activedescendant); the pointer here
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- listbox option of the combobox pattern
              <li
                key={hit.url}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                onPointerEnter={() => setActive(index)}
                onClick={() => go(hit.url)}
              >
                <span className={styles.title}>{hit.title}</span>
                <span className={styles.meta}>
                  {text.types[hit.type]} · {formatVnd(hit.price)}
                </span>
              </li>
            ))}
          </ul>
          {showPanel && results.status === 'ready' && (
            <Link to={searchPagePath(q)} className={styles.all} onClick={() => setOpen(false)}>
              {text.all(q)}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
