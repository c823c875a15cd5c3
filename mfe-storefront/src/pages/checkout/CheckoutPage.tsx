import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { ApiError, loginRedirectPath, messages } from 'shared-contracts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from 'shared-contracts/pricing';
import type { Order, OrderCreateInput, ShippingChoiceInput } from 'shared-contracts/schemas';
import { ERROR_CODES } from 'shared-contracts/errors';
import { cartReady, cartService, shopStore } from '../../cart/cartOwner';
import type { ShopState } from '../../cart/shopStore';
import { useSession } from '../../cart/useSession';
import { Skeleton } from '../../components/Async';
import { PageIntro } from '../../components/PageIntro';
import { PriceChangeText, priceChangeOf } from '../../components/PriceChange';
import { errorMessage } from '../../hooks/useAsync';
import { usePageMeta } from '../../hooks/usePageMeta';
import { vi } from '../../i18n/vi';
import { BLOCKING_ISSUES } from '../cart/CartLineItem';
import { useLineFits } from '../cart/lineFits';
import { useOrderQuote, type QuoteView } from '../cart/orderQuote';
import { FitWarning } from '../../vehicleFit';
import { OrderTotals } from '../cart/OrderTotals';
import { ShippingChoice, ShippingOptions } from '../cart/ShippingChoice';
import { removePromo } from '../promotions/promoSlice';
import { checkoutApi, newIdempotencyKey, orderRefused } from '../../cart/checkoutApi';
import { checkoutAttemptInput, dropCheckoutAttempt, newCheckoutAttempt, readCheckoutAttempt, saveCheckoutAttempt, type CheckoutAttempt } from '../../cart/checkoutAttempt';
import {
  checkoutValuesOf,
  paymentMethodsFor,
  serverFieldErrors,
  toOrderInput,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutValues,
} from './checkoutForm';
import { setShipping, type ShippingSelection } from '../../cart/checkoutSlice';
import { askCompanyInvoice, CompanyInvoiceSection, companyInvoiceText, NO_COMPANY_INVOICE, type CompanyInvoice } from './CompanyInvoiceSection';
import { listPriceOf, MemberLinePrice } from './MemberLinePrice';
import { OrderPlaced } from './OrderPlaced';
import { PendingOrder } from './PendingOrder';
import { PointsBox, pointsDraftOf, pointsOf } from './PointsBox';
import { CheckoutWardField, useSavedDeliveryAddress } from './CheckoutWardField';
import cartStyles from '../cart/CartPage.module.css';
import styles from './CheckoutPage.module.css';

export const checkoutText = {
  description: 'Nhập thông tin người nhận, chọn cách nhận hàng và phương thức thanh toán, rồi đặt hàng.',
  loginNeeded: 'Vui lòng đăng nhập để thanh toán.',
  login: 'Đăng nhập',
  empty: 'Giỏ hàng của bạn đang trống.',
  continueShopping: 'Tiếp tục mua sắm',
  backToCart: 'Quay lại giỏ hàng',
  recipientHeading: 'Người nhận',
  deliveryHeading: 'Nhận hàng',
  paymentHeading: 'Phương thức thanh toán',
  summaryHeading: 'Đơn hàng của bạn',
  labels: {
    recipientName: 'Họ và tên người nhận',
    phone: 'Số điện thoại di động',
    ward: 'Phường/xã',
    street: 'Số nhà, tên đường',
    note: 'Ghi chú cho đơn hàng',
  },
  optional: '(không bắt buộc)',
  phoneHint: 'Ví dụ 0912 345 678',
  vietQrHint: 'Bạn sẽ nhận mã VietQR để chuyển khoản ngay sau khi đặt hàng.',
  placeOrder: 'Đặt hàng',
  placing: 'Đang đặt hàng...',
  fixErrors: 'Vui lòng kiểm tra lại các trường được đánh dấu.',
  blocked: 'Một số sản phẩm trong giỏ đã hết hàng hoặc không đủ số lượng. Vui lòng cập nhật giỏ hàng.',
  blockedAtCentre: 'Trung tâm đã chọn không đủ hàng cho đơn này. Vui lòng chọn trung tâm khác, giao hàng tận nơi hoặc giảm số lượng.',
  noneAtCentre: 'Trung tâm đã chọn đã hết sản phẩm này',
  onlyAtCentre: (available: number) => `Trung tâm đã chọn chỉ còn ${available} sản phẩm`,
  recalculating: 'Đang tính tổng tiền...',
  pricesChanged: 'Giá của một số sản phẩm đã thay đổi từ khi thêm vào giỏ. Tổng tiền đã được tính lại theo giá mới.',
  pricesChangedAtPlacing: 'Giá của một số sản phẩm vừa thay đổi. Vui lòng xem lại giá mới trong đơn hàng rồi bấm "Đặt hàng" lần nữa.',
  promoNotApplied: (code: string, reason: string) => `Mã ${code} chưa được áp dụng: ${reason}`,
  pointsNotUsable: 'Chưa đặt được hàng: không dùng được số điểm thưởng đã chọn. Vui lòng xem lại mục "Dùng điểm thưởng".',
  line: (name: string, quantity: number) => `${name} × ${quantity}`,
};

const FIELD_ORDER: readonly CheckoutField[] = ['recipientName', 'phone', 'ward', 'street', 'centreId', 'paymentMethod', 'note'];

type Status = { kind: 'idle' } | { kind: 'placing' } | { kind: 'failed'; message: string } | { kind: 'placed'; order: Order; companyInvoice?: string };

function Checkout() {
  const dispatch = useDispatch();
  const session = useSession();
  const items = useSelector((state: ShopState) => state.cart.items);
  const applied = useSelector((state: ShopState) => state.promo.appliedPromo);
  const shipping = useSelector((state: ShopState) => state.checkout.shipping);
  const userId = session?.user.id ?? null;
  const [loaded, setLoaded] = useState(false);
  const [company, setCompany] = useState<CompanyInvoice>(NO_COMPANY_INVOICE);
  /**
   * The order this customer sent without getting an answer (here, after a reload or in another tab): its
   * Idempotency-Key stays with it until the page hears the order or a refusal.
   */
  const [pending, setPending] = useState<CheckoutAttempt | null>(() => readCheckoutAttempt(userId));
  // The form as that order was sent, so that "Đặt hàng" sends the same body again (the same key).
  const [values, setValues] = useState<CheckoutValues>(() =>
    pending
      ? checkoutValuesOf(checkoutAttemptInput(pending))
      : {
          recipientName: session?.user.fullName ?? '',
          phone: session?.user.phoneNumber ?? '',
          ward: '',
          wardCode: null,
          street: '',
          note: '',
          paymentMethod: shipping.method === 'pickup' ? 'PAY_AT_PICKUP' : 'COD',
        },
  );
  /** The points to use as typed (digits; the unanswered order's, if any), and why placing refused them. */
  const [pointsDraft, setPointsDraft] = useState(() => pointsDraftOf(String((pending && checkoutAttemptInput(pending).points) || '')));
  const [pointsRefused, setPointsRefused] = useState<{ message: string; quoted: QuoteView | null } | null>(null);
  /** Raised to ask the quote again (placing refused the points: the balance may have moved). */
  const [quoteRevision, setQuoteRevision] = useState(0);
  const pointsRef = useRef<HTMLInputElement>(null);
  const points = pointsOf(pointsDraft);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const formRef = useRef<HTMLFormElement>(null);
  /** The unit price each line first showed on this page: a change after that is named on the line too. */
  const shownPrices = useRef(new Map<string, number>());
  /** The quoted prices the cart was last refreshed for (once per quote that disagrees with the cart). */
  const refreshedFor = useRef<string | null>(null);
  usePageMeta(vi.checkout.title, checkoutText.description);

  useEffect(() => setPending(readCheckoutAttempt(userId)), [userId]);

  useEffect(() => {
    let current = true;
    cartReady
      .then(() => cartService.idle())
      .then(() => current && setLoaded(true));
    return () => {
      current = false;
    };
  }, [session?.user.id]);

  // the payment methods follow the fulfilment (COD with a delivery, pay at pick-up with a pick-up)
  useEffect(() => {
    const offered = paymentMethodsFor(shipping);
    if (!offered.includes(values.paymentMethod)) setValues((previous) => ({ ...previous, paymentMethod: offered[0]! }));
  }, [shipping, values.paymentMethod]);

  // The carrier's service the customer picked (null: the quote's cheapest); the ward picker's code asks for live fees.
  const [shippingPick, setShippingPick] = useState<ShippingChoiceInput | null>(null);
  const wardCode = (values as { wardCode?: string }).wardCode ?? null;
  const quote = useOrderQuote(status.kind === 'placed' ? [] : items, applied, shipping, session !== null, { points, revision: quoteRevision, wardCode, shippingChoice: shippingPick });
  // the chosen vehicle: a product line that does not fit it is pointed out (the order can still be placed)
  const fits = useLineFits(status.kind === 'placed' ? [] : items, session !== null);
  const onShipping = useCallback((next: ShippingSelection) => dispatch(setShipping(next)), [dispatch]);
  // The profile's saved delivery address fills the empty form (not an order being sent again).
  useSavedDeliveryAddress(session !== null && pending === null, setValues, shipping, onShipping);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [event.target.name]: event.target.value };
    setValues(next);
    if (submitted) setErrors(validateCheckout(next, shipping));
    if (status.kind === 'failed') setStatus({ kind: 'idle' });
  };

  const onPoints = (draft: string) => {
    setPointsDraft(draft);
    setPointsRefused(null);
    if (status.kind === 'failed') setStatus({ kind: 'idle' });
  };

  const focusFirstError = (fieldErrors: CheckoutErrors) => {
    const first = FIELD_ORDER.find((field) => fieldErrors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#checkout-${first}, [name="${first}"]`)?.focus();
  };

  const blocked = items.some((item) => item.issues.some((issue) => BLOCKING_ISSUES.includes(issue)));
  // A pick-up draws on the chosen centre's shelf: the quote's lines say what it has (the cart's, what ships online).
  const quoted = (quote.status === 'ready' ? quote.quote.lines : null) ?? [];
  const shortAtCentre = shipping.method === 'pickup' && quoted.some((line) => line.issues.some((issue) => BLOCKING_ISSUES.includes(issue)));

  const view = quote.status === 'ready' ? quote.quote : quote.status === 'loading' ? quote.previous : null;
  // The member's points: offered while there is a balance (or points chosen, so they can be changed). The quote's
  // refusal is of the points asked (not of an earlier quote still shown while it answers); placing's refusal is
  // shown until the quote asked again after it answers.
  const pointsOffer = view?.points ?? null;
  const readyQuote = quote.status === 'ready' ? quote.quote : null;
  const quotedPointsError = points > 0 ? (readyQuote?.pointsError ?? null) : null;
  const pointsError = (pointsRefused && (readyQuote === null || readyQuote === pointsRefused.quoted) ? pointsRefused.message : null) ?? quotedPointsError;
  const summaryLines = view?.lines ?? items;
  // Each line's price change since the customer added it (or since this page showed it), at the price quoted now.
  const priceChanges = new Map(
    summaryLines.flatMap((line) => {
      const item = items.find((entry) => entry.id === line.id);
      // A member price is not a change: the change is measured on the price without it.
      const change = item ? priceChangeOf(item, listPriceOf(line), shownPrices.current.get(line.id)) : null;
      return change ? [[line.id, change] as const] : [];
    }),
  );

  useEffect(() => {
    if (!loaded) return;
    for (const line of summaryLines) if (!shownPrices.current.has(line.id)) shownPrices.current.set(line.id, listPriceOf(line));
  });

  // A quote at a price the cart does not have yet (changed since the cart was read): the cart is read again, so
  // that its lines name the change and the order is sent at the price shown.
  const staleCartKey =
    quote.status === 'ready' && quoted.some((line) => items.some((item) => item.id === line.id && item.price !== listPriceOf(line)))
      ? quoted.map((line) => `${line.id}:${listPriceOf(line)}`).join(',')
      : null;
  useEffect(() => {
    if (staleCartKey === null || refreshedFor.current === staleCartKey) return;
    refreshedFor.current = staleCartKey;
    void cartService.refresh().catch(() => undefined);
  }, [staleCartKey]);

  /** Sends an order attempt; its key is kept (stored with the cart) until the answer says placed or refused. */
  const send = async (attempt: CheckoutAttempt, input: OrderCreateInput) => {
    if (status.kind === 'placing') return;
    // one attempt is stored at a time: a changed order takes the place of an unanswered one (the page warned)
    const replaced = pending && pending.key !== attempt.key ? pending : null;
    saveCheckoutAttempt(attempt);
    setStatus({ kind: 'placing' });
    try {
      const order = await checkoutApi.placeOrder(input, attempt.key);
      // Placed (or the order that key placed before, replayed): the key is done with.
      dropCheckoutAttempt(attempt.key);
      setPending(null);
      // The company's VAT invoice is asked for once the order exists; a refusal leaves the order placed.
      const companyInvoice = company.wanted
        ? await askCompanyInvoice(order.code, company).then(
            () => companyInvoiceText.sent,
            (error: unknown) => companyInvoiceText.failed(errorMessage(error)),
          )
        : undefined;
      setStatus({ kind: 'placed', order, companyInvoice });
      dispatch(removePromo());
      // the ordered lines have left the server's cart
      void cartService.refresh().catch(() => undefined);
    } catch (error) {
      if (!orderRefused(error)) {
        // No answer (network, timeout, 5xx): the order may have been placed. The key and the cart stay, so that a
        // retry, here or after a reload, gets that order instead of a second one.
        setPending(attempt);
        setStatus({ kind: 'idle' });
        return;
      }
      // Refused, so not placed: the key is done with; an unanswered order it replaced is offered again.
      dropCheckoutAttempt(attempt.key);
      if (replaced) saveCheckoutAttempt(replaced);
      setPending(replaced);
      if (error instanceof ApiError) {
        if (error.code === ERROR_CODES.OUT_OF_STOCK || error.code === ERROR_CODES.PRICE_CHANGED) void cartService.refresh().catch(() => undefined);
        if (error.code === ERROR_CODES.POINTS_REFUSED || error.code === ERROR_CODES.POINTS_INSUFFICIENT) {
          // The points cannot pay (the rules, or the balance moved): said at the field; the quote asked again.
          setPointsRefused({ message: error.message, quoted: readyQuote });
          setQuoteRevision((revision) => revision + 1);
          setStatus({ kind: 'failed', message: checkoutText.pointsNotUsable });
          pointsRef.current?.focus();
          return;
        }
        if (error.code === ERROR_CODES.PRICE_CHANGED) {
          // The form stays as filled in; the lines show the new prices and what they were.
          setStatus({ kind: 'failed', message: checkoutText.pricesChangedAtPlacing });
          return;
        }
        if (error.errors.length > 0) {
          const serverErrors = serverFieldErrors(error.errors);
          setErrors(serverErrors);
          focusFirstError(serverErrors);
        }
      }
      setStatus({ kind: 'failed', message: errorMessage(error) });
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (status.kind === 'placing') return;
    setSubmitted(true);
    const fieldErrors = validateCheckout(values, shipping);
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) {
      focusFirstError(fieldErrors);
      return;
    }
    if (blocked || shortAtCentre) {
      setStatus({ kind: 'failed', message: blocked ? checkoutText.blocked : checkoutText.blockedAtCentre });
      return;
    }
    if (pointsError) {
      setStatus({ kind: 'failed', message: checkoutText.pointsNotUsable });
      pointsRef.current?.focus();
      return;
    }
    // The unit prices shown: a member's price where the quote gave one (the server checks it is still theirs).
    const input = withShippingChoice(
      toOrderInput(values, shipping, items.map((item) => ({ ...item, price: (view?.lines ?? []).find((line) => line.id === item.id && listPriceOf(line) === item.price)?.price ?? item.price })), applied?.code ?? null, points),
      view,
    );
    const body = JSON.stringify(input);
    // One Idempotency-Key per order body: the same body keeps its key (stored, or this page's), another gets a new one.
    const same = [readCheckoutAttempt(userId), pending].find((candidate) => candidate?.userId === userId && candidate.body === body);
    await send(same ?? newCheckoutAttempt(userId!, newIdempotencyKey(), body, items), input);
  };

  /** Sends the unanswered order again exactly as it was sent, under its own key. */
  const retryPending = () => {
    if (pending) void send(pending, checkoutAttemptInput(pending));
  };

  const intro = <PageIntro title={vi.checkout.title} description={checkoutText.description} />;
  const failure = status.kind === 'failed' && (
    <p role="alert" className={cartStyles.error}>
      {status.message}
    </p>
  );

  if (!session) {
    return (
      <>
        {intro}
        <div className={cartStyles.empty}>
          <p>{checkoutText.loginNeeded}</p>
          <Link to={loginRedirectPath('/checkout')} className={cartStyles.primary}>
            {checkoutText.login}
          </Link>
        </div>
      </>
    );
  }

  if (status.kind === 'placed') {
    return (
      <>
        {intro}
        <OrderPlaced order={status.order} companyInvoice={status.companyInvoice} />
      </>
    );
  }

  if (!loaded) {
    return (
      <>
        {intro}
        <Skeleton count={4} variant="line" />
      </>
    );
  }

  const pendingOrder = (cartDiffers: boolean) =>
    pending && <PendingOrder attempt={pending} placing={status.kind === 'placing'} placingLabel={checkoutText.placing} cartDiffers={cartDiffers} onRetry={retryPending} />;

  if (items.length === 0) {
    // An order that got no answer may have taken the server's cart with it: that order is shown, with its retry.
    if (pending) {
      return (
        <>
          {intro}
          {pendingOrder(false)}
        </>
      );
    }
    return (
      <>
        {intro}
        {failure}
        <div className={cartStyles.empty}>
          <p>{checkoutText.empty}</p>
          <Link to="/products" className={cartStyles.primary}>
            {checkoutText.continueShopping}
          </Link>
        </div>
      </>
    );
  }

  const field = (name: 'recipientName' | 'phone' | 'ward' | 'street', type: 'text' | 'tel', autoComplete: string, maxLength: number, hint?: string) => {
    const error = errors[name];
    const describedBy = [hint ? `checkout-${name}-hint` : null, error ? `checkout-${name}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className={cartStyles.field}>
        <label htmlFor={`checkout-${name}`}>{checkoutText.labels[name]}</label>
        <input
          id={`checkout-${name}`}
          name={name}
          type={type}
          value={values[name]}
          autoComplete={autoComplete}
          maxLength={maxLength}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={onChange}
        />
        {hint && (
          <p id={`checkout-${name}-hint`} className={cartStyles.muted}>
            {hint}
          </p>
        )}
        {error && (
          <p id={`checkout-${name}-error`} className={cartStyles.fieldError}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const hasErrors = Object.keys(errors).length > 0;
  const placing = status.kind === 'placing';
  // The form sends the unanswered order again (same body, same key) unless the cart or the form changed since.
  const pendingIsThisForm = pending !== null && pending.body === JSON.stringify(toOrderInput(values, shipping, items, applied?.code ?? null, points));

  return (
    <>
      {intro}
      {!pendingIsThisForm && pendingOrder(true)}
      <form ref={formRef} className={cartStyles.layout} onSubmit={onSubmit} noValidate aria-busy={placing}>
        <div className={cartStyles.fieldset}>
          <section className={cartStyles.panel} aria-labelledby="checkout-recipient-heading">
            <h2 id="checkout-recipient-heading">{checkoutText.recipientHeading}</h2>
            {field('recipientName', 'text', 'name', 100)}
            {field('phone', 'tel', 'tel', 20, checkoutText.phoneHint)}
          </section>
          <section className={cartStyles.panel} aria-labelledby="checkout-delivery-heading">
            <h2 id="checkout-delivery-heading">{checkoutText.deliveryHeading}</h2>
            <ShippingChoice
              idPrefix="checkout-shipping"
              shipping={shipping}
              onChange={onShipping}
              centreError={errors.centreId}
              deliveryFields={
                <>
                  {shipping.method === 'delivery' && <CheckoutWardField label={checkoutText.labels.ward} province={shipping.province} values={values} setValues={setValues} error={errors.ward} />}
                  {field('street', 'text', 'street-address', 200)}
                </>
              }
            />
            {shipping.method === 'delivery' && (
              <ShippingOptions
                idPrefix="checkout-shipping"
                options={view?.shippingOptions ?? []}
                chosen={view?.shippingChoice ?? null}
                notice={wardCode ? (view?.shippingNotice ?? null) : null}
                loading={quote.status === 'loading' && wardCode !== null}
                onChoose={setShippingPick}
              />
            )}
          </section>
          <section className={cartStyles.panel} aria-labelledby="checkout-payment-heading">
            <h2 id="checkout-payment-heading">{checkoutText.paymentHeading}</h2>
            <fieldset className={cartStyles.fieldset} aria-describedby={errors.paymentMethod ? 'checkout-paymentMethod-error' : undefined}>
              <legend className={cartStyles.visuallyHidden}>{checkoutText.paymentHeading}</legend>
              {paymentMethodsFor(shipping).map((method: PaymentMethod) => (
                <label key={method} className={cartStyles.choice}>
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={method}
                    checked={values.paymentMethod === method}
                    onChange={() => setValues((previous) => ({ ...previous, paymentMethod: method }))}
                  />
                  <span>
                    {PAYMENT_METHOD_LABELS[method]}
                    {method === 'VIETQR' && (
                      <>
                        <br />
                        <span className={cartStyles.muted}>{checkoutText.vietQrHint}</span>
                      </>
                    )}
                  </span>
                </label>
              ))}
            </fieldset>
            {errors.paymentMethod && (
              <p id="checkout-paymentMethod-error" className={cartStyles.fieldError}>
                {errors.paymentMethod}
              </p>
            )}
            <div className={cartStyles.field}>
              <label htmlFor="checkout-note">
                {checkoutText.labels.note} <span className={cartStyles.muted}>{checkoutText.optional}</span>
              </label>
              <textarea
                id="checkout-note"
                name="note"
                rows={3}
                maxLength={500}
                value={values.note}
                aria-invalid={errors.note ? true : undefined}
                aria-describedby={errors.note ? 'checkout-note-error' : undefined}
                onChange={onChange}
              />
              {errors.note && (
                <p id="checkout-note-error" className={cartStyles.fieldError}>
                  {errors.note}
                </p>
              )}
            </div>
            <CompanyInvoiceSection value={company} onChange={setCompany} />
          </section>
          {pointsOffer && (pointsOffer.balance > 0 || points > 0) && (
            <PointsBox offer={pointsOffer} draft={pointsDraft} onChange={onPoints} error={pointsError} inputRef={pointsRef} />
          )}
        </div>
        <section className={cartStyles.panel} aria-labelledby="checkout-summary-heading">
          <h2 id="checkout-summary-heading">{checkoutText.summaryHeading}</h2>
          <ul className={styles.summaryLines}>
            {summaryLines.map((line) => (
              <li key={line.id} data-testid={`checkout-line-${line.id}`}>
                <span>
                  {checkoutText.line(line.name, line.quantity)}
                  {priceChanges.has(line.id) && (
                    <span className={styles.priceNote}>
                      <PriceChangeText change={priceChanges.get(line.id)!} />
                    </span>
                  )}
                  {shipping.method === 'pickup' && line.kind === 'product' && line.issues.includes('out_of_stock') && <span className={styles.stockNote}>{checkoutText.noneAtCentre}</span>}
                  <FitWarning fit={fits.get(line.id)} />
                  {shipping.method === 'pickup' && line.kind === 'product' && line.issues.includes('insufficient_stock') && (
                    <span className={styles.stockNote}>{checkoutText.onlyAtCentre(line.stock ?? 0)}</span>
                  )}
                </span>
                <MemberLinePrice line={line} />
              </li>
            ))}
          </ul>
          {priceChanges.size > 0 && (
            <p role="status" className={cartStyles.warning}>
              {checkoutText.pricesChanged}
            </p>
          )}
          <div role="status" aria-live="polite" className={cartStyles.muted}>
            {quote.status === 'loading' && checkoutText.recalculating}
          </div>
          {quote.status === 'error' && (
            <p role="alert" className={cartStyles.error}>
              {quote.message}
            </p>
          )}
          {view && <OrderTotals quote={view} />}
          {applied && view && !view.promotion && view.promoError && (
            <p role="alert" className={cartStyles.warning}>
              {checkoutText.promoNotApplied(applied.code, view.promoError.message)}
            </p>
          )}
          {blocked && (
            <p role="alert" className={cartStyles.warning}>
              {checkoutText.blocked}
            </p>
          )}
          {!blocked && shortAtCentre && (
            <p role="alert" className={cartStyles.warning}>
              {checkoutText.blockedAtCentre}
            </p>
          )}
          {failure}
          {pendingIsThisForm && (
            <p role="alert" className={cartStyles.error}>
              {messages.checkout.notConfirmed}
            </p>
          )}
          {submitted && hasErrors && status.kind !== 'failed' && (
            <p role="alert" className={cartStyles.error}>
              {checkoutText.fixErrors}
            </p>
          )}
          <button type="submit" className={cartStyles.primary} disabled={placing}>
            {placing ? checkoutText.placing : checkoutText.placeOrder}
          </button>
          <Link to="/cart">{checkoutText.backToCart}</Link>
        </section>
      </form>
    </>
  );
}

/** /checkout (login required; the shell guards it): recipient, delivery or pick-up, payment, summary, place the order. */
export function CheckoutPage() {
  return (
    <Provider store={shopStore}>
      <Checkout />
    </Provider>
  );
}

export default CheckoutPage;

/** The carrier's option the totals show, with its fee: the server quotes it again and refuses a fee that moved. */
function withShippingChoice(input: OrderCreateInput, view: QuoteView | null | undefined): OrderCreateInput {
  const choice = view?.shippingChoice;
  return choice ? { ...input, shippingChoice: { ...choice, fee: view.shippingFee } } : input;
}
