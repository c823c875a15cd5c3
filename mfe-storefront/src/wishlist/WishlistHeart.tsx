import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { wishlistStore, type WishlistStore } from './wishlistStore';
import { wishlistText } from './wishlistText';
import styles from './WishlistHeart.module.css';

interface Props {
  productId: number;
  /** the id of the element naming the product (a card's heading), so each heart says which product */
  describedBy?: string;
  className?: string;
  /** the page's store (tests pass their own) */
  store?: WishlistStore;
}

/**
 * The heart of a product card or page: a toggle button (aria-pressed) with a fixed 44 px box, so its state
 * never moves the layout. The hearts shown are loaded once per page view for all hearts together.
 */
export function WishlistHeart({ productId, describedBy, className, store = wishlistStore }: Props) {
  // a new location object is a new page view (react-router keeps it while the page re-renders)
  const view = useLocation();
  useEffect(() => store.load(view), [store, view]);
  const on = useSyncExternalStore(
    store.subscribe,
    () => store.has(productId),
    () => false,
  );
  const label = on ? wishlistText.remove : wishlistText.add;
  return (
    <button
      type="button"
      className={`${styles.heart} ${on ? styles.on : ''} ${className ?? ''}`}
      aria-pressed={on}
      aria-label={label}
      aria-describedby={describedBy}
      title={label}
      data-testid="wishlist-heart"
      onClick={() => void store.toggle(productId)}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 21s-7.5-4.6-9.6-9.3C1 8.4 3.1 4.5 6.9 4.5c2.1 0 3.6 1.1 5.1 3 1.5-1.9 3-3 5.1-3 3.8 0 5.9 3.9 4.5 7.2C19.5 16.4 12 21 12 21z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
