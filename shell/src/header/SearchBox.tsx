import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from 'shared-contracts';
import styles from './Header.module.css';

/** The search button: opens a field; submitting searches the products catalogue. */
export function SearchBox() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    setOpen(false);
    navigate(`/products?q=${encodeURIComponent(q)}`);
  };

  return (
    <div className={styles.search}>
      <button type="button" className={styles.iconButton} aria-label={messages.header.search} aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <form className={styles.searchForm} role="search" onSubmit={submit}>
          <input
            autoFocus
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Tìm phụ tùng, dịch vụ..."
            aria-label={messages.header.search}
            onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
          />
        </form>
      )}
    </div>
  );
}
