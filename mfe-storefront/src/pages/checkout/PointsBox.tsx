import type { ChangeEvent, KeyboardEvent, Ref } from 'react';
import { formatVnd } from 'shared-contracts';
import type { PointsOffer } from 'shared-contracts/schemas';
import { formatPoints } from '../../format/points';
import cartStyles from '../cart/CartPage.module.css';
import styles from './CheckoutPage.module.css';

export const pointsText = {
  heading: 'Dùng điểm thưởng',
  /** Bạn có 12.500 điểm (trị giá 125.000 ₫) */
  balance: (points: number, value: number) => `Bạn có ${formatPoints(points)} điểm (trị giá ${formatVnd(value)})`,
  input: 'Số điểm muốn dùng',
  placeholder: 'Ví dụ: 1000',
  /** = 50.000 ₫ */
  value: (value: number) => `= ${formatVnd(value)}`,
  max: 'Dùng tối đa',
  /** Tối thiểu 100 điểm, tối đa 50% tiền hàng (đơn này dùng được tối đa 2.500 điểm). */
  rules: (offer: PointsOffer) =>
    `${offer.minimum > 1 ? `Tối thiểu ${formatPoints(offer.minimum)} điểm, tối đa` : 'Tối đa'} ${offer.capPercent}% tiền hàng (đơn này dùng được tối đa ${formatPoints(offer.maxUsable)} điểm).`,
  notUsable: 'Đơn hàng này chưa đủ điều kiện dùng điểm thưởng.',
};

/** The most the API takes in one request (pointsInputSchema). */
const MAX_POINTS = 100_000_000;

/** The points the field holds: its digits only ("2.000" as a Vietnamese types it is 2000), at most the API's limit. */
export function pointsDraftOf(input: string): string {
  const digits = input.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 9);
  return digits !== '' && Number(digits) > MAX_POINTS ? String(MAX_POINTS) : digits;
}

/** The number of points a draft asks for (empty: none). */
export function pointsOf(draft: string): number {
  return draft === '' ? 0 : Number.parseInt(draft, 10);
}

interface Props {
  offer: PointsOffer;
  /** the field's digits (pointsDraftOf) */
  draft: string;
  onChange: (draft: string) => void;
  /** why the chosen points cannot be used (Vietnamese), from the quote or from placing the order */
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * "Dùng điểm thưởng" at checkout: the member's balance and its worth, the points to use with their worth as typed,
 * "Dùng tối đa" (the most this order may use) and the rules. The quote is asked again with the points a moment after
 * the typing pauses; the server's refusal shows under the field.
 */
export function PointsBox({ offer, draft, onChange, error, inputRef }: Props) {
  const chosen = pointsOf(draft);
  const usable = offer.maxUsable > 0 && offer.maxUsable >= offer.minimum;
  const describedBy = ['checkout-points-value', 'checkout-points-hint', error ? 'checkout-points-error' : null].filter(Boolean).join(' ');

  const onInput = (event: ChangeEvent<HTMLInputElement>) => onChange(pointsDraftOf(event.target.value));
  // Enter in this field applies the points (the quote follows the field); it never places the order.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  return (
    <section className={cartStyles.panel} aria-labelledby="checkout-points-heading">
      <h2 id="checkout-points-heading">{pointsText.heading}</h2>
      <p data-testid="points-balance">{pointsText.balance(offer.balance, offer.balance * offer.pointValue)}</p>
      <div className={cartStyles.field}>
        <label htmlFor="checkout-points">{pointsText.input}</label>
        <div className={styles.pointsRow}>
          <input
            ref={inputRef}
            id="checkout-points"
            name="points"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={pointsText.placeholder}
            value={draft}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={onInput}
            onKeyDown={onKeyDown}
          />
          <output id="checkout-points-value" htmlFor="checkout-points" className={styles.pointsValue}>
            {pointsText.value(chosen * offer.pointValue)}
          </output>
          <button type="button" className={`${cartStyles.button} ${cartStyles.small}`} disabled={!usable} onClick={() => onChange(String(offer.maxUsable))}>
            {pointsText.max}
          </button>
        </div>
        <p id="checkout-points-hint" className={cartStyles.muted}>
          {usable ? pointsText.rules(offer) : `${pointsText.notUsable} ${pointsText.rules(offer)}`}
        </p>
        {error && (
          <p id="checkout-points-error" role="alert" className={cartStyles.fieldError}>
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
