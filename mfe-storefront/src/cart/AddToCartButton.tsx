import { addToCart, cartItemOf, type CartProduct } from './addToCart';
import styles from './AddToCartButton.module.css';

const LABEL = 'Thêm vào giỏ';
const SOLD_OUT = 'Hết hàng';

/** 'Thêm vào giỏ' for one product; disabled (and saying so) when it is out of stock. */
export function AddToCartButton({ product, quantity = 1, large = false }: { product: CartProduct; quantity?: number; large?: boolean }) {
  const soldOut = product.stock <= 0;
  return (
    <button
      type="button"
      className={`${styles.button} ${large ? styles.large : ''}`}
      disabled={soldOut}
      aria-label={`${soldOut ? SOLD_OUT : LABEL}: ${product.name}`}
      onClick={() => void addToCart(cartItemOf(product), quantity)}
    >
      {soldOut ? SOLD_OUT : LABEL}
    </button>
  );
}
