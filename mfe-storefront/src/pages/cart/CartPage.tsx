import { useCallback, useState } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router-dom';
import { storefrontApi } from '../../api/storefrontApi';
import { cartReady, cartService, shopStore } from '../../cart/cartOwner';
import type { ShopState } from '../../cart/shopStore';
import { useSession } from '../../cart/useSession';
import { readCheckoutAttempt } from '../../cart/checkoutAttempt';
import { messages } from 'shared-contracts';
import { Skeleton } from '../../components/Async';
import { PageIntro } from '../../components/PageIntro';
import { useAsync } from '../../hooks/useAsync';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';
import { setShipping, type ShippingSelection } from '../../cart/checkoutSlice';
import { setAvailablePromotions, setSavedPromotions } from '../promotions/promoSlice';
import { BLOCKING_ISSUES, CartLineItem } from './CartLineItem';
import { useLineFits } from './lineFits';
import { useOrderQuote } from './orderQuote';
import { OrderTotals, OrderTotalsPending } from './OrderTotals';
import { PromoBox, SavedPromotions, usePromoCode } from './PromoBox';
import { ShippingChoice } from './ShippingChoice';
import styles from './CartPage.module.css';

export const cartText = {
  checking: 'Đang kiểm tra giá và tồn kho...',
  checkFailed: 'Chưa kiểm tra được giá và tồn kho mới nhất. Giỏ hàng bên dưới có thể chưa cập nhật.',
  empty: 'Giỏ hàng của bạn đang trống.',
  continueShopping: 'Tiếp tục mua sắm',
  linesHeading: 'Sản phẩm trong giỏ',
  count: (count: number) => `${count} sản phẩm`,
  clear: 'Xóa toàn bộ giỏ hàng',
  summaryHeading: 'Tóm tắt đơn hàng',
  shippingHeading: 'Nhận hàng',
  recalculating: 'Đang tính lại tổng tiền...',
  checkout: 'Thanh toán',
  blocked: 'Vui lòng cập nhật hoặc xóa các sản phẩm được đánh dấu trước khi thanh toán.',
  guestNote: 'Bạn sẽ đăng nhập ở bước thanh toán; giỏ hàng của bạn được giữ nguyên.',
  previewNote: 'Giá, phí vận chuyển và mã khuyến mãi được kiểm tra lại khi thanh toán.',
  chooseCentre: 'Chọn trung tâm nhận hàng để tính tổng tiền.',
};

function Cart() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const session = useSession();
  const loggedIn = session !== null;
  const items = useSelector((state: ShopState) => state.cart.items);
  const itemCount = useSelector((state: ShopState) => state.cart.itemCount);
  const applied = useSelector((state: ShopState) => state.promo.appliedPromo);
  const shipping = useSelector((state: ShopState) => state.checkout.shipping);
  const [loaded, setLoaded] = useState(false);
  const [busyLine, setBusyLine] = useState<string | null>(null);
  // An order sent from /checkout that got no answer: its lines may have left the server's cart with it.
  const pendingOrder = readCheckoutAttempt(session?.user.id ?? null) !== null;
  usePageMeta(vi.cart.title, vi.cart.description);

  // the cart as the server sees it now: current prices, stock and issues (checked again for another user)
  const readCart = useCallback(async (signal: AbortSignal) => {
    await cartReady;
    setLoaded(true);
    await cartService.refresh(signal);
    return true;
  }, []);
  const { state: cartCheck } = useAsync(readCart, { reloadKey: session?.user.id });
  const check = cartCheck.loading ? 'checking' : cartCheck.error !== null ? 'failed' : 'done';

  // what a code is checked against: the active promotions (guest) and the customer's saved ones
  const readPromotions = useCallback(
    async (signal: AbortSignal) => {
      const available = storefrontApi.promotions(signal).then(
        (list) => !signal.aborted && dispatch(setAvailablePromotions(list)),
        () => undefined,
      );
      if (loggedIn)
        await storefrontApi.savedPromotions(signal).then(
          (list) => !signal.aborted && dispatch(setSavedPromotions(list)),
          () => undefined,
        );
      else dispatch(setSavedPromotions([]));
      await available;
      return true;
    },
    [dispatch, loggedIn],
  );
  useAsync(readPromotions, {});

  const quote = useOrderQuote(items, applied, shipping, loggedIn);
  const promo = usePromoCode({ items, shipping, loggedIn });
  // the chosen vehicle: a product line that does not fit it is pointed out (placing the order stays open)
  const fits = useLineFits(items, loggedIn);
  const onShipping = useCallback((next: ShippingSelection) => dispatch(setShipping(next)), [dispatch]);

  const change = async (lineId: string, work: () => Promise<boolean>): Promise<boolean> => {
    setBusyLine(lineId);
    try {
      return await work();
    } finally {
      setBusyLine(null);
    }
  };

  if (!loaded && items.length === 0) {
    return (
      <>
        <PageIntro title={vi.cart.title} description={vi.cart.description} />
        <Skeleton count={3} variant="line" />
      </>
    );
  }

  const pendingNotice = pendingOrder && (
    <p role="status" className={styles.warning} data-testid="cart-pending-order">
      {messages.checkout.pendingOnCart} <Link to="/checkout">{messages.checkout.pendingOnCartLink}</Link>
    </p>
  );

  if (items.length === 0) {
    return (
      <>
        <PageIntro title={vi.cart.title} description={vi.cart.description} />
        {pendingNotice}
        <div className={styles.empty}>
          <p>{cartText.empty}</p>
          <Link to="/products" className={styles.primary}>
            {cartText.continueShopping}
          </Link>
        </div>
      </>
    );
  }

  const blocked = items.some((item) => item.issues.some((issue) => BLOCKING_ISSUES.includes(issue)));
  const view = quote.status === 'ready' ? quote.quote : quote.status === 'loading' ? quote.previous : null;
  const refusal = view && applied && !view.promotion ? (view.promoError?.message ?? null) : null;

  return (
    <>
      <PageIntro title={vi.cart.title} description={vi.cart.description} />
      {pendingNotice}
      <div className={styles.layout}>
        <section aria-labelledby="cart-lines-heading">
          <h2 id="cart-lines-heading" className={styles.visuallyHidden}>
            {cartText.linesHeading}
          </h2>
          <div role="status" aria-live="polite" className={styles.muted}>
            {check === 'checking' ? cartText.checking : cartText.count(itemCount)}
          </div>
          {check === 'failed' && (
            <p role="alert" className={styles.warning}>
              {cartText.checkFailed}
            </p>
          )}
          <ul className={styles.lines}>
            {items.map((item) => (
              <CartLineItem
                key={item.id}
                item={item}
                busy={busyLine === item.id}
                fit={fits.get(item.id)}
                onQuantity={(quantity) => change(item.id, () => cartService.setQuantity(item.id, quantity))}
                onRemove={() => void change(item.id, () => cartService.remove(item.id))}
              />
            ))}
          </ul>
          <div className={styles.toolbar}>
            <Link to="/products">{cartText.continueShopping}</Link>
            <button type="button" className={styles.linkButton} disabled={busyLine !== null} onClick={() => void change('all', () => cartService.clear())}>
              {cartText.clear}
            </button>
          </div>
        </section>
        <div className={styles.fieldset}>
          <PromoBox promo={promo} refusal={refusal} />
          <section className={styles.panel} aria-labelledby="cart-summary-heading">
            <h2 id="cart-summary-heading">{cartText.summaryHeading}</h2>
            <ShippingChoice idPrefix="cart-shipping" shipping={shipping} onChange={onShipping} />
            {/* A line kept for the status, and the totals' place kept until they come: what arrives moves nothing. */}
            <div role="status" aria-live="polite" className={`${styles.muted} ${styles.statusLine}`}>
              {quote.status === 'loading' && cartText.recalculating}
              {quote.status === 'idle' && shipping.method === 'pickup' && cartText.chooseCentre}
            </div>
            {quote.status === 'error' && (
              <p role="alert" className={styles.error}>
                {quote.message}
              </p>
            )}
            {view ? <OrderTotals quote={view} /> : <OrderTotalsPending />}
            {blocked && (
              <p role="alert" className={styles.warning}>
                {cartText.blocked}
              </p>
            )}
            <button type="button" className={styles.primary} disabled={blocked || busyLine !== null} onClick={() => navigate('/checkout')}>
              {cartText.checkout}
            </button>
            {view && !view.authoritative && <p className={styles.muted}>{cartText.previewNote}</p>}
            {!loggedIn && <p className={styles.muted}>{cartText.guestNote}</p>}
          </section>
          {loggedIn && <SavedPromotions promo={promo} />}
        </div>
      </div>
    </>
  );
}

/** The cart: lines with a quantity stepper, the promo box, the shipping choice and the totals; then checkout. */
export function CartPage() {
  return (
    <Provider store={shopStore}>
      <Cart />
    </Provider>
  );
}

export default CartPage;
