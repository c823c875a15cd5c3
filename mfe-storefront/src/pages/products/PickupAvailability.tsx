import { useCallback, useState } from 'react';
import { storefrontApi } from '../../api/storefrontApi';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { productsText as text } from './productsText';
import styles from './ProductDetailPage.module.css';

/** Centres listed before "Xem thêm": the box's reserved height holds the heading and this many lines plus one. */
const SHOWN = 3;

/**
 * "Nhận tại cửa hàng" under the stock line: the centres that have the product for pick-up now (GET
 * /api/products/:slug/availability), read after the product itself. Its box keeps the same height while
 * loading, when answered and on failure (no layout shift); more than SHOWN centres open on the reader's click.
 */
export function PickupAvailability({ slug }: { slug: string }) {
  const readAvailability = useCallback((signal: AbortSignal) => storefrontApi.availability(slug, signal), [slug]);
  const state = loadedOf(useAsync(readAvailability, {}).state);
  const [expanded, setExpanded] = useState(false);
  const stocked = state.status === 'ready' ? state.data.pickup.filter((centre) => centre.available > 0) : [];
  const shown = expanded ? stocked : stocked.slice(0, SHOWN);
  const hidden = stocked.length - shown.length;

  return (
    <section className={styles.pickup} aria-labelledby="pickup-heading" aria-busy={state.status === 'loading'} data-testid="pickup">
      <h2 id="pickup-heading" className={styles.pickupHeading}>
        {text.pickup.heading}
      </h2>
      {state.status === 'loading' && <p className={styles.muted}>{text.pickup.loading}</p>}
      {state.status === 'failed' && <p className={styles.muted}>{text.pickup.failed}</p>}
      {state.status === 'ready' && stocked.length === 0 && <p className={styles.muted}>{text.pickup.none}</p>}
      {shown.length > 0 && (
        <ul className={styles.pickupList}>
          {shown.map((centre) => (
            <li key={centre.centreId}>{text.pickup.available(centre.available, centre.centreName)}</li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <button type="button" className={styles.pickupMore} onClick={() => setExpanded(true)}>
          {text.pickup.more(hidden)}
        </button>
      )}
    </section>
  );
}
