import { formatVnd, messages } from 'shared-contracts';
import type { CheckoutAttempt } from '../../cart/checkoutAttempt';
import cartStyles from '../cart/CartPage.module.css';
import styles from './CheckoutPage.module.css';

const text = messages.checkout;

/**
 * The order sent earlier that got no answer, as the customer saw it, with a retry that sends it again under its
 * own Idempotency-Key (the server answers the order if it was placed). Shown when the form cannot send that same
 * body: the server's cart lost the lines with the order, or the cart or the form changed since.
 */
export function PendingOrder({ attempt, placing, placingLabel, cartDiffers, onRetry }: {
  attempt: CheckoutAttempt;
  placing: boolean;
  placingLabel: string;
  /** the cart holds another order now: placing it is a new order */
  cartDiffers: boolean;
  onRetry: () => void;
}) {
  return (
    <section className={cartStyles.panel} aria-labelledby="checkout-pending-heading" data-testid="pending-order">
      <h2 id="checkout-pending-heading">{text.pendingHeading}</h2>
      <p role="alert" className={cartStyles.error}>
        {text.pendingText}
      </p>
      <ul className={styles.summaryLines}>
        {attempt.lines.map((line) => (
          <li key={line.id}>
            <span>{`${line.name} × ${line.quantity}`}</span>
            <span>{formatVnd(line.price * line.quantity)}</span>
          </li>
        ))}
      </ul>
      {cartDiffers && <p className={cartStyles.muted}>{text.pendingDiffers}</p>}
      <button type="button" className={cartStyles.primary} disabled={placing} onClick={onRetry}>
        {placing ? placingLabel : text.retry}
      </button>
    </section>
  );
}
