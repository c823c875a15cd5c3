import { formatVnd } from 'shared-contracts';
import type { ProductMemberPrice } from 'shared-contracts/schemas';
import { productsText as text } from './productsText';
import styles from './ProductDetailPage.module.css';

/** Under the price: "Giá thành viên hạng Vàng trở lên: 1.200.000 ₫", one line per tier in force (lowest tier first). */
export function MemberPrices({ prices }: { prices: readonly ProductMemberPrice[] | undefined }) {
  if (!prices || prices.length === 0) return null;
  return (
    <ul className={styles.memberPrices} aria-label={text.memberPrices} data-testid="member-prices">
      {prices.map((entry) => (
        <li key={entry.tier}>
          {text.memberPrice(entry.tierLabel, entry.tier === 'DIAMOND')}: <strong>{formatVnd(entry.price)}</strong>
        </li>
      ))}
    </ul>
  );
}
