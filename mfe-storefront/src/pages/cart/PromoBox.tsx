import { useState, type FormEvent } from 'react';
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

interface Props {
  items: readonly CartItem[];
  shipping: ShippingSelection;
  loggedIn: boolean;
  /** why the applied code gives nothing now (the cart changed since), from the current quote */
  refusal: string | null;
}

type Status = { kind: 'idle' } | { kind: 'checking' } | { kind: 'applied'; message: string } | { kind: 'refused'; message: string };

/** Type a code or pick a saved one; one code per order. A refusal says why (Vietnamese, from the rules). */
export function PromoBox({ items, shipping, loggedIn, refusal }: Props) {
  const dispatch = useDispatch();
  const applied = useSelector((state: ShopState) => state.promo.appliedPromo);
  const saved = useSelector((state: ShopState) => state.promo.savedPromotions);
  const available = useSelector((state: ShopState) => state.promo.availablePromotions);
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const tryCode = async (input: string) => {
    if (status.kind === 'checking') return;
    setStatus({ kind: 'checking' });
    const result = await checkPromoCode(input, { items, shipping, loggedIn, known: [...available, ...saved] });
    if (result.ok) {
      dispatch(applyPromo(result.promotion));
      setCode('');
      setStatus({ kind: 'applied', message: promoText.applied(result.promotion.code) });
    } else setStatus({ kind: 'refused', message: result.message });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void tryCode(code);
  };

  const onRemove = () => {
    dispatch(removePromo());
    setStatus({ kind: 'applied', message: promoText.removed });
  };

  const savedCard = (promotion: Promotion) => (
    <li key={promotion.id}>
      <span>
        <span className={styles.code}>{promotion.code}</span> · {describeDiscount(promotion)}
      </span>
      <button
        type="button"
        className={`${styles.button} ${styles.small}`}
        aria-label={promoBoxText.useLabel(promotion.code)}
        disabled={status.kind === 'checking' || applied?.code === promotion.code}
        onClick={() => void tryCode(promotion.code)}
      >
        {promoBoxText.use}
      </button>
    </li>
  );

  return (
    <section className={styles.panel} aria-labelledby="promo-heading">
      <h2 id="promo-heading">{promoBoxText.heading}</h2>
      {applied && (
        <div className={styles.applied}>
          <span>
            {promoBoxText.current} <span className={styles.code}>{applied.code}</span> · {describeDiscount(applied)}
          </span>
          <button type="button" className={`${styles.button} ${styles.small}`} aria-label={promoBoxText.removeLabel(applied.code)} onClick={onRemove}>
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
      {loggedIn && (
        <div className={styles.fieldset}>
          <h3>{promoBoxText.savedHeading}</h3>
          {saved.length > 0 ? (
            <ul className={styles.savedList}>{saved.map(savedCard)}</ul>
          ) : (
            <p className={styles.muted}>
              {promoBoxText.noSaved} <Link to="/promotions">{promoBoxText.browse}</Link>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
