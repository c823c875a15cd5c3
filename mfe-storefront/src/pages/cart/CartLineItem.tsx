import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatVnd } from 'shared-contracts';
import { CART_LINE_ISSUE_LABELS, type CartLineIssue, type FitStatus } from 'shared-contracts/pricing';
import type { CartItem } from '../../cart/cartSlice';
import { PriceChangeText, priceChangeOf } from '../../components/PriceChange';
import { FitWarning } from '../../vehicleFit';
import styles from './CartPage.module.css';

/** Line issues that stop the checkout (a changed price only informs). */
export const BLOCKING_ISSUES: readonly CartLineIssue[] = ['out_of_stock', 'insufficient_stock', 'unavailable'];

export const lineText = {
  unitPrice: (price: string) => `Đơn giá: ${price}`,
  package: 'Gói dịch vụ',
  quantityGroup: (name: string) => `Số lượng ${name}`,
  quantity: (name: string) => `Số lượng ${name}`,
  decrease: (name: string) => `Giảm số lượng ${name}`,
  increase: (name: string) => `Tăng số lượng ${name}`,
  remove: 'Xóa',
  removeLabel: (name: string) => `Xóa ${name} khỏi giỏ hàng`,
  onlyLeft: (stock: number) => `Chỉ còn ${stock} sản phẩm trong kho`,
  lineTotal: 'Thành tiền:',
};

function issueText(issue: CartLineIssue, item: CartItem): string {
  if (issue === 'insufficient_stock' && item.stock !== null && item.stock > 0) return lineText.onlyLeft(item.stock);
  return CART_LINE_ISSUE_LABELS[issue];
}

interface Props {
  item: CartItem;
  busy: boolean;
  /** whether the product fits the chosen vehicle (a note when it does not; the checkout stays open) */
  fit?: FitStatus;
  /** resolves false when the change was refused (the field shows the quantity again) */
  onQuantity: (quantity: number) => Promise<boolean>;
  onRemove: () => void;
}

/** One cart line: image, name, unit price, issues, the fit warning, quantity stepper, line total, remove. */
export function CartLineItem({ item, busy, fit, onQuantity, onRemove }: Props) {
  const [draft, setDraft] = useState(String(item.quantity));
  useEffect(() => setDraft(String(item.quantity)), [item.quantity]);

  const commit = () => {
    const wanted = Number.parseInt(draft, 10);
    if (!Number.isFinite(wanted) || wanted === item.quantity) {
      setDraft(String(item.quantity));
      return;
    }
    void onQuantity(wanted).then((done) => {
      if (!done) setDraft(String(item.quantity));
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };

  const href = item.kind === 'product' ? `/products/${item.slug}` : `/packages#${item.slug}`;
  const atStock = item.stock !== null && item.quantity >= item.stock;
  return (
    <li className={`${styles.line} ${item.issues.length > 0 ? styles.flagged : ''}`} data-testid={`cart-line-${item.id}`}>
      {item.image ? <img src={item.image} alt="" width={96} height={72} loading="lazy" decoding="async" className={styles.image} /> : <span className={styles.image} aria-hidden="true" />}
      <div className={styles.info}>
        <h3 className={styles.name}>
          <Link to={href}>{item.name}</Link>
        </h3>
        {item.kind === 'package' && <p className={styles.muted}>{lineText.package}</p>}
        <p className={styles.muted}>{lineText.unitPrice(formatVnd(item.price))}</p>
        {item.issues.length > 0 && (
          <ul className={styles.issues}>
            {item.issues.map((issue) => {
              const change = issue === 'price_changed' ? priceChangeOf(item) : null;
              return <li key={issue}>{change ? <PriceChangeText change={change} /> : `⚠ ${issueText(issue, item)}`}</li>;
            })}
          </ul>
        )}
        <FitWarning fit={fit} />
      </div>
      <div className={styles.stepper} role="group" aria-label={lineText.quantityGroup(item.name)}>
        <button type="button" aria-label={lineText.decrease(item.name)} disabled={busy} onClick={() => void onQuantity(item.quantity - 1)}>
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={item.stock ?? 99}
          aria-label={lineText.quantity(item.name)}
          value={draft}
          disabled={busy}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <button type="button" aria-label={lineText.increase(item.name)} disabled={busy || atStock} onClick={() => void onQuantity(item.quantity + 1)}>
          +
        </button>
      </div>
      <p className={styles.lineTotal}>
        <span className={styles.visuallyHidden}>{lineText.lineTotal} </span>
        {formatVnd(item.price * item.quantity)}
      </p>
      <button type="button" className={styles.remove} aria-label={lineText.removeLabel(item.name)} disabled={busy} onClick={onRemove}>
        {lineText.remove}
      </button>
    </li>
  );
}
