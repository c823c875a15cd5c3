import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatVnd } from 'shared-contracts';
import type { WishlistItem } from 'shared-contracts/schemas';
import { mergeGuestWishlist } from 'shared-contracts/wishlist';
import { PageIntro } from '../../components/PageIntro';
import { loadedOf, useAsync } from '../../hooks/useAsync';
import { vi } from '../../i18n/vi';
import { wishlistApi } from './wishlistApi';
import { wishlistText } from './wishlistText';
import styles from './WishlistPage.module.css';

type OptIn = 'notifyPriceDrop' | 'notifyBackInStock';

const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

interface ItemProps {
  item: WishlistItem;
  onOptIn: (item: WishlistItem, optIn: OptIn, on: boolean) => void;
  onRemove: (item: WishlistItem) => void;
}

function WishlistEntry({ item, onOptIn, onRemove }: ItemProps) {
  const headingId = `wishlist-item-${item.productId}`;
  const dropped = item.price < item.priceWhenAdded;
  const optIns: Array<[OptIn, string]> = [
    ['notifyPriceDrop', wishlistText.notifyPriceDrop],
    ['notifyBackInStock', wishlistText.notifyBackInStock],
  ];
  return (
    <li>
      <article className={styles.card} aria-labelledby={headingId} data-testid="wishlist-item">
        {item.image ? (
          <img src={item.image} alt="" width={96} height={72} loading="lazy" className={styles.image} />
        ) : (
          <span className={styles.image} aria-hidden="true" />
        )}
        <div className={styles.body}>
          <h2 id={headingId}>
            <Link to={`/products/${item.slug}`}>{item.name}</Link>
          </h2>
          <p className={styles.price}>
            <span className={styles.current} data-testid="wishlist-price">
              {formatVnd(item.price)}
            </span>
            {dropped && (
              <span className={styles.dropped}>
                <del>{wishlistText.droppedFrom(item.priceWhenAdded)}</del>
              </span>
            )}
          </p>
          {!item.available && <p className={styles.out}>{wishlistText.outOfStock}</p>}
          <fieldset className={styles.optIns}>
            <legend className={styles.visuallyHidden}>{item.name}</legend>
            {optIns.map(([key, label]) => (
              <label key={key}>
                <input type="checkbox" checked={item[key]} onChange={(event) => onOptIn(item, key, event.target.checked)} />
                {label}
              </label>
            ))}
          </fieldset>
          <div className={styles.actions}>
            {item.available && (
              // the cart belongs to the storefront: its product page adds to the cart
              <Link to={`/products/${item.slug}`} className={`${styles.button} ${styles.primary}`} aria-label={wishlistText.buyLabel(item.name)}>
                {wishlistText.buy}
              </Link>
            )}
            <button type="button" className={styles.button} aria-label={wishlistText.removeLabel(item.name)} onClick={() => onRemove(item)}>
              {wishlistText.remove}
            </button>
          </div>
        </div>
      </article>
    </li>
  );
}

/** The saved products; hearts given as a guest just before the login are merged first (the storefront's merge may still run; merging is idempotent). */
async function readWishlist(signal: AbortSignal): Promise<WishlistItem[]> {
  await mergeGuestWishlist(wishlistApi).catch(() => null);
  return (await wishlistApi.get(signal)).items;
}

/**
 * 'Sản phẩm yêu thích' (login-guarded by the shell): the customer's saved products, newest first, with the
 * price now (struck "Giảm từ …" when it dropped since saving), the two opt-ins saved at once, and removal.
 */
export function WishlistPage() {
  const { state: loaded, reload, setData } = useAsync(readWishlist, {});
  const state = loadedOf(loaded);
  const [announcement, setAnnouncement] = useState('');

  const replace = (productId: number, change: (item: WishlistItem) => WishlistItem) =>
    setData((items) => items && items.map((item) => (item.productId === productId ? change(item) : item)));

  const onOptIn = (item: WishlistItem, optIn: OptIn, on: boolean) => {
    const label = optIn === 'notifyPriceDrop' ? wishlistText.notifyPriceDrop : wishlistText.notifyBackInStock;
    replace(item.productId, (current) => ({ ...current, [optIn]: on }));
    wishlistApi.save(item.productId, { [optIn]: on }).then(
      (saved) => {
        replace(item.productId, () => saved);
        setAnnouncement(wishlistText.saved(label, on, item.name));
      },
      (error: unknown) => {
        replace(item.productId, (current) => ({ ...current, [optIn]: !on }));
        setAnnouncement(errorText(error, wishlistText.saveFailed));
      },
    );
  };

  const onRemove = (item: WishlistItem) => {
    wishlistApi.remove(item.productId).then(
      (wishlist) => {
        setData(() => wishlist.items);
        setAnnouncement(wishlistText.removed(item.name));
      },
      (error: unknown) => setAnnouncement(errorText(error, wishlistText.saveFailed)),
    );
  };

  return (
    <div className={styles.page}>
      <PageIntro title={vi.wishlist.title} description={vi.wishlist.description} />
      <p role="status" aria-live="polite" className={styles.visuallyHidden}>
        {announcement}
      </p>
      {state.status === 'loading' && <p>{wishlistText.loading}</p>}
      {state.status === 'failed' && (
        <div role="alert" className={styles.error}>
          <p>{wishlistText.loadFailed}</p>
          <button type="button" className={styles.button} onClick={() => reload('fresh')}>
            {wishlistText.retry}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.data.length === 0 && (
        <div className={styles.panel}>
          <p>{wishlistText.empty}</p>
          <p>
            <Link to="/products">{wishlistText.browse}</Link>
          </p>
        </div>
      )}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul className={styles.list} aria-label={wishlistText.listLabel}>
          {state.data.map((item) => (
            <WishlistEntry key={item.productId} item={item} onOptIn={onOptIn} onRemove={onRemove} />
          ))}
        </ul>
      )}
    </div>
  );
}

export default WishlistPage;
