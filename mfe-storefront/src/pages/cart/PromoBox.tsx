import { useRef, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import type { Promotion } from 'shared-contracts/schemas';
import type { CartItem } from '../../cart/cartSlice';
import type { ShopState } from '../../cart/shopStore';
import { describeDiscount } from '../../format/promotionText';
import type { ShippingSelection } from '../../cart/checkoutSlice';
import { applyPromo, removePromo } from '../promotions/promoSlice';
import { checkPromoCode, promoText } from './promoCode';
import styles from './CartPage.module.css';

export const promoBoxText = {
  heading: 'Mã khuyến mãi',
  input: 'Nhập mã khuyến mãi',
  placeholder: 'Ví dụ: SAVE500K',
  apply: 'Áp dụng',
  checking: 'Đang kiểm tra...',
  current: 'Mã đang dùng:',
  remove: 'Bỏ mã',
  removeLabel: (code: string) => `Bỏ mã ${code}`,
  savedHeading: 'Mã bạn đã lưu',
  use: 'Dùng',
  useLabel: (code: string) => `Dùng mã ${code}`,
  noSaved: 'Bạn chưa lưu mã nào.',
  browse: 'Xem các ưu đãi',
  notApplied: (code: string, reason: string) => `Mã ${code} chưa được áp dụng: ${reason}`,
  oneCode: 'Mỗi đơn hàng dùng một mã.',
};

type Status = { kind: 'idle' } | { kind: 'checking' } | { kind: 'applied'; message: string } | { kind: 'refused'; message: string };

/** The cart's one code: what was typed or picked, checked with the shared rules; shared by the code box and the saved codes. */
export interface PromoCodeState {
  applied: Promotion | null;
  status: Status;
  /** Resolves to whether the code was applied. */
  tryCode(input: string): Promise<boolean>;
  remove(): void;
}

export function usePromoCode({ items, shipping, loggedIn }: { items: readonly CartItem[]; shipping: ShippingSelection; loggedIn: boolean }): PromoCodeState {
  const dispatch = useDispatch();
  const applied = useSelector((state: ShopState) => state.promo.appliedPromo);
  const saved = useSelector((state: ShopState) => state.promo.savedPromotions);
  const available = useSelector((state: ShopState) => state.promo.availablePromotions);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const checking = useRef(false);

  const tryCode = async (input: string) => {
    if (checking.current) return false;
    checking.current = true;
    setStatus({ kind: 'checking' });
    try {
      const result = await checkPromoCode(input, { items, shipping, loggedIn, known: [...available, ...saved] });
      if (result.ok) {
        dispatch(applyPromo(result.promotion));
        setStatus({ kind: 'applied', message: promoText.applied(result.promotion.code) });
      } else setStatus({ kind: 'refused', message: result.message });
      return result.ok;
    } finally {
      checking.current = false;
    }
  };

  const remove = () => {
    dispatch(removePromo());
    setStatus({ kind: 'applied', message: promoText.removed });
  };

  return { applied, status, tryCode, remove };
}

/** Type a code; one code per order. A refusal says why (Vietnamese, from the rules). */
export function PromoBox({ promo, refusal }: { promo: PromoCodeState; /** why the applied code gives nothing now (the cart changed since), from the current quote */ refusal: string | null }) {
  const { applied, status } = promo;
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void promo.tryCode(code).then((applied) => applied && setCode(''));
  };

  return (
    <section className={styles.panel} aria-labelledby="promo-heading">
      <h2 id="promo-heading">{promoBoxText.heading}</h2>
      {applied && (
        <div className={styles.applied}>
          <span>
            {promoBoxText.current} <span className={styles.code}>{applied.code}</span> · {describeDiscount(applied)}
          </span>
          <button type="button" className={`${styles.button} ${styles.small}`} aria-label={promoBoxText.removeLabel(applied.code)} onClick={promo.remove}>
            {promoBoxText.remove}
          </button>
        </div>
      )}
      {applied && refusal && (
        <p role="alert" className={styles.warning}>
          {promoBoxText.notApplied(applied.code, refusal)}
        </p>
      )}
      <form className={styles.promoForm} onSubmit={onSubmit} noValidate>
        <div className={styles.field}>
          <label htmlFor="promo-code">{promoBoxText.input}</label>
          <input
            id="promo-code"
            name="promoCode"
            value={code}
            placeholder={promoBoxText.placeholder}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={30}
            aria-describedby="promo-one-code"
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <button type="submit" className={styles.button} disabled={status.kind === 'checking'}>
          {status.kind === 'checking' ? promoBoxText.checking : promoBoxText.apply}
        </button>
      </form>
      <p id="promo-one-code" className={styles.muted}>
        {promoBoxText.oneCode}
      </p>
      <div role="status" aria-live="polite">
        {status.kind === 'applied' && <p className={styles.success}>{status.message}</p>}
      </div>
      {status.kind === 'refused' && (
        <p role="alert" className={styles.error}>
          {status.message}
        </p>
      )}
    </section>
  );
}

/**
 * The customer's saved codes, each with 'Dùng'. Below the order's summary: the list arrives after the page, and there
 * it moves nothing the customer is about to tap (the 'Thanh toán' button).
 */
export function SavedPromotions({ promo }: { promo: PromoCodeState }) {
  const saved = useSelector((state: ShopState) => state.promo.savedPromotions);
  return (
    <section className={styles.panel} aria-labelledby="saved-promotions-heading">
      <h2 id="saved-promotions-heading">{promoBoxText.savedHeading}</h2>
      {saved.length > 0 ? (
        <ul className={styles.savedList}>
          {saved.map((promotion) => (
            <li key={promotion.id}>
              <span>
                <span className={styles.code}>{promotion.code}</span> · {describeDiscount(promotion)}
              </span>
              <button
                type="button"
                className={`${styles.button} ${styles.small}`}
                aria-label={promoBoxText.useLabel(promotion.code)}
                disabled={promo.status.kind === 'checking' || promo.applied?.code === promotion.code}
                onClick={() => void promo.tryCode(promotion.code)}
              >
                {promoBoxText.use}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>
          {promoBoxText.noSaved} <Link to="/promotions">{promoBoxText.browse}</Link>
        </p>
      )}
    </section>
  );
}
