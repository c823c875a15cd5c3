import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus, sessionStore, type Session } from 'shared-contracts';
import { cartApi } from '../../../src/cart/cartApi';
import { cartService, shopStore } from '../../../src/cart/cartOwner';
import { checkoutApi } from '../../../src/cart/checkoutApi';
import { newCheckoutAttempt, saveCheckoutAttempt } from '../../../src/cart/checkoutAttempt';
import { DEFAULT_SHIPPING, setShipping } from '../../../src/cart/checkoutSlice';
import { removePromo, setAvailablePromotions, setSavedPromotions } from '../../../src/pages/promotions/promoSlice';
import * as fixtures from '../../support/fixtures';
import { money } from '../../support/fixtures';
import { answerWithFixtures, api, renderAt } from '../../support/render';
import { battery, cable, customer, fakeServer, freeship, line, member10, premium, quoteOf, save500k, type FakeServerOptions } from '../../support/shopFixtures';

jest.mock('../../../src/api/storefrontApi');
jest.mock('../../../src/cart/cartApi');
jest.mock('../../../src/cart/checkoutApi', () => ({
  ...jest.requireActual('../../../src/cart/checkoutApi'),
  checkoutApi: { quote: jest.fn(), placeOrder: jest.fn() },
}));

const mockedCart = cartApi as jest.Mocked<typeof cartApi>;
const mockedCheckout = checkoutApi as jest.Mocked<typeof checkoutApi>;

/** The cart calls answered by a fake server cart (the server's cart for a customer, validate for a guest). */
function serve(initial: Parameters<typeof fakeServer>[0] = [], options: FakeServerOptions = {}) {
  const server = fakeServer(initial, options);
  for (const key of Object.keys(server.api) as Array<keyof typeof server.api>) (mockedCart[key] as jest.Mock).mockImplementation(server.api[key]);
  return server;
}

async function logIn(session: Session = customer) {
  await act(async () => {
    sessionStore.save(session);
    eventBus.publish('auth/login', { user: session.user, token: session.token });
    await cartService.idle();
  });
}

const summary = () => screen.getByRole('region', { name: 'Tóm tắt đơn hàng' });
const promoBox = () => screen.getByRole('region', { name: 'Mã khuyến mãi' });
const savedCodes = () => screen.getByRole('region', { name: 'Mã bạn đã lưu' });
const total = () => within(summary()).getByTestId('order-total');

beforeEach(async () => {
  jest.resetAllMocks();
  answerWithFixtures();
  api.promotions.mockResolvedValue([save500k, member10, freeship]);
  serve();
  localStorage.clear();
  await act(async () => {
    sessionStore.clear();
    eventBus.publish('auth/logout', { reason: 'user' });
    await cartService.idle();
  });
  shopStore.dispatch(removePromo());
  shopStore.dispatch(setShipping(DEFAULT_SHIPPING));
  shopStore.dispatch(setAvailablePromotions([]));
  shopStore.dispatch(setSavedPromotions([]));
});

describe('the cart page of a guest', () => {
  it('says when the cart is empty and leads back to the products', async () => {
    renderAt('/cart');
    expect(await screen.findByText('Giỏ hàng của bạn đang trống.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tiếp tục mua sắm' })).toHaveAttribute('href', '/products');
  });

  it('lists the lines with image, name, unit price and quantity, checked by the server (price changes flagged)', async () => {
    serve([], { currentPrices: { 'product-7': 1_190_000 } });
    await act(async () => {
      await cartService.add(battery);
      await cartService.add(cable, 2);
      await cartService.add(premium);
    });
    renderAt('/cart');
    const cableLine = await screen.findByTestId('cart-line-product-7');
    await waitFor(() => expect(mockedCart.validate).toHaveBeenCalled());
    expect(mockedCart.validate.mock.calls[0]![0]).toEqual([
      { kind: 'product', refId: 1, quantity: 1, price: 8_900_000 },
      { kind: 'product', refId: 7, quantity: 2, price: 1_250_000 },
      { kind: 'package', refId: 3, quantity: 1, price: 4_990_000 },
    ]);
    // the price it was added at, struck through, and the price now
    const change = await within(cableLine).findByTestId('price-change');
    expect(change).toHaveTextContent(`⚠ Giá đã thay đổi từ khi thêm vào giỏ: Giá cũ ${money(1_250_000)} → giá mới ${money(1_190_000)}`);
    expect(change.querySelector('del')).toHaveTextContent(money(1_250_000));
    expect(change.querySelector('ins')).toHaveTextContent(money(1_190_000));
    expect(within(cableLine).getByRole('link', { name: 'Cáp sạc Type 2' })).toHaveAttribute('href', '/products/cap-sac-type-2');
    expect(within(cableLine).getByText(`Đơn giá: ${money(1_190_000)}`)).toBeInTheDocument();
    expect(within(cableLine).getByRole('spinbutton', { name: 'Số lượng Cáp sạc Type 2' })).toHaveValue(2);
    const batteryLine = screen.getByTestId('cart-line-product-1');
    expect(batteryLine.querySelector('img')).toHaveAttribute('src', '/img/pin.svg');
    expect(within(screen.getByTestId('cart-line-package-3')).getByText('Gói dịch vụ')).toBeInTheDocument();
    // 8.900.000 + 2 × 1.190.000 + 4.990.000, delivered to Hà Nội (30.000 ₫)
    expect(total()).toHaveTextContent(money(8_900_000 + 2_380_000 + 4_990_000 + 30_000));
  });

  it('the stepper changes the quantity (totals follow), 0 removes a line, and Xóa removes it', async () => {
    await act(async () => {
      await cartService.add(cable);
      await cartService.add(premium);
    });
    renderAt('/cart');
    await userEvent.click(await screen.findByRole('button', { name: 'Tăng số lượng Cáp sạc Type 2' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Số lượng Cáp sạc Type 2' })).toHaveValue(2));
    expect(total()).toHaveTextContent(money(2 * 1_250_000 + 4_990_000 + 30_000));

    const quantity = screen.getByRole('spinbutton', { name: 'Số lượng Cáp sạc Type 2' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5{Enter}');
    await waitFor(() => expect(shopStore.getState().cart.itemCount).toBe(6));

    await userEvent.click(screen.getByRole('button', { name: 'Xóa Gói cao cấp khỏi giỏ hàng' }));
    await waitFor(() => expect(screen.queryByTestId('cart-line-package-3')).not.toBeInTheDocument());
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Số lượng Cáp sạc Type 2' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Số lượng Cáp sạc Type 2' }), '0{Enter}');
    expect(await screen.findByText('Giỏ hàng của bạn đang trống.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual({ items: [] });
  });

  it('a line out of stock is flagged and the checkout waits until it is fixed', async () => {
    serve([], { issues: { 'product-1': ['out_of_stock'] } });
    await act(async () => {
      await cartService.add(battery);
    });
    renderAt('/cart');
    expect(await within(await screen.findByTestId('cart-line-product-1')).findByText('⚠ Sản phẩm đã hết hàng')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng cập nhật hoặc xóa các sản phẩm được đánh dấu trước khi thanh toán.');
    expect(screen.getByRole('button', { name: 'Thanh toán' })).toBeDisabled();
  });

  it('applies a typed code with the shared rules (discount in the totals), and says why another is refused', async () => {
    await act(async () => {
      await cartService.add(battery);
    });
    renderAt('/cart');
    await screen.findByTestId('cart-line-product-1');
    const input = within(promoBox()).getByLabelText('Nhập mã khuyến mãi');

    await userEvent.type(input, 'member10');
    await userEvent.click(within(promoBox()).getByRole('button', { name: 'Áp dụng' }));
    expect(await within(promoBox()).findByRole('alert')).toHaveTextContent('Mã chỉ dành cho thành viên. Vui lòng đăng nhập.');

    await userEvent.clear(input);
    await userEvent.type(input, 'KHONGCO');
    await userEvent.click(within(promoBox()).getByRole('button', { name: 'Áp dụng' }));
    expect(await within(promoBox()).findByRole('alert')).toHaveTextContent('Mã khuyến mãi không tồn tại.');

    await userEvent.clear(input);
    await userEvent.type(input, ' save500k ');
    await userEvent.click(within(promoBox()).getByRole('button', { name: 'Áp dụng' }));
    expect(await within(promoBox()).findByRole('status')).toHaveTextContent('Đã áp dụng mã SAVE500K.');
    expect(shopStore.getState().promo.appliedPromo?.code).toBe('SAVE500K');
    expect(within(summary()).getByText('Giảm giá (SAVE500K)')).toBeInTheDocument();
    expect(within(summary()).getByText(`−${money(500_000)}`)).toBeInTheDocument();
    expect(total()).toHaveTextContent(money(8_900_000 - 500_000 + 30_000));
    expect(mockedCheckout.quote).not.toHaveBeenCalled();

    // one code per order: 'Bỏ mã' takes it off again
    await userEvent.click(within(promoBox()).getByRole('button', { name: 'Bỏ mã SAVE500K' }));
    expect(total()).toHaveTextContent(money(8_900_000 + 30_000));
  });

  it('a code whose minimum the cart no longer reaches stays chosen and says why it gives nothing', async () => {
    await act(async () => {
      await cartService.add(battery);
      await cartService.add(cable);
    });
    renderAt('/cart');
    await screen.findByTestId('cart-line-product-1');
    await userEvent.type(within(promoBox()).getByLabelText('Nhập mã khuyến mãi'), 'SAVE500K');
    await userEvent.click(within(promoBox()).getByRole('button', { name: 'Áp dụng' }));
    await within(promoBox()).findByText('Đã áp dụng mã SAVE500K.');
    await userEvent.click(screen.getByRole('button', { name: 'Xóa Pin lithium 48V 20Ah khỏi giỏ hàng' }));
    expect(await within(promoBox()).findByRole('alert')).toHaveTextContent('Mã SAVE500K chưa được áp dụng: Đơn hàng tối thiểu 5.000.000 ₫');
    expect(total()).toHaveTextContent(money(1_250_000 + 30_000));
  });

  it('shipping: delivery priced by province, pick-up at a centre is free', async () => {
    await act(async () => {
      await cartService.add(cable);
    });
    renderAt('/cart');
    await screen.findByTestId('cart-line-product-7');
    expect(total()).toHaveTextContent(money(1_250_000 + 30_000));
    await userEvent.selectOptions(screen.getByLabelText('Tỉnh/thành phố nhận hàng'), 'Lào Cai');
    expect(total()).toHaveTextContent(money(1_250_000 + 50_000));
    expect(within(summary()).getByText('Phí vận chuyển').nextElementSibling).toHaveTextContent(money(50_000));

    await userEvent.click(screen.getByRole('radio', { name: /Nhận tại trung tâm dịch vụ/ }));
    const centre = await screen.findByLabelText('Trung tâm nhận hàng');
    await waitFor(() => expect(centre).toHaveValue(String(fixtures.centres[0]!.id)));
    await userEvent.selectOptions(centre, String(fixtures.centres[1]!.id));
    expect(shopStore.getState().checkout.shipping).toEqual({ method: 'pickup', centreId: 2 });
    expect(within(summary()).getByText('Phí vận chuyển').nextElementSibling).toHaveTextContent('Miễn phí');
    expect(total()).toHaveTextContent(money(1_250_000));
  });

  it("'Thanh toán' goes to /checkout (the shell asks a guest to log in there)", async () => {
    await act(async () => {
      await cartService.add(cable);
    });
    renderAt('/cart');
    await userEvent.click(await screen.findByRole('button', { name: 'Thanh toán' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
  });
});

describe('the cart page of a logged-in customer', () => {
  it("shows the server's cart and the server's quote, and offers the saved promotions", async () => {
    serve([line(battery, 1), line(cable, 2)]);
    api.savedPromotions.mockResolvedValue([fixtures.saved(save500k)]);
    mockedCheckout.quote.mockImplementation(async (input) => {
      const lines = [line(battery, 1), line(cable, 2)];
      if (input.promoCode === 'SAVE500K') return quoteOf(lines, { promotion: save500k, discount: 500_000 });
      return quoteOf(lines);
    });
    await logIn();
    renderAt('/cart');
    await screen.findByTestId('cart-line-product-7');
    await waitFor(() => expect(total()).toHaveTextContent(money(8_900_000 + 2_500_000 + 30_000)));
    expect(mockedCheckout.quote).toHaveBeenLastCalledWith(
      { items: [{ kind: 'product', refId: 1, quantity: 1 }, { kind: 'product', refId: 7, quantity: 2 }], fulfilment: { method: 'delivery', province: 'Hà Nội' } },
      expect.anything(),
    );
    expect(screen.queryByText('Giá, phí vận chuyển và mã khuyến mãi được kiểm tra lại khi thanh toán.')).not.toBeInTheDocument();

    await userEvent.click(await within(savedCodes()).findByRole('button', { name: 'Dùng mã SAVE500K' }));
    expect(await within(promoBox()).findByText('Đã áp dụng mã SAVE500K.')).toBeInTheDocument();
    await waitFor(() => expect(total()).toHaveTextContent(money(8_900_000 + 2_500_000 - 500_000 + 30_000)));
    expect(mockedCheckout.quote).toHaveBeenLastCalledWith(expect.objectContaining({ promoCode: 'SAVE500K' }), expect.anything());
  });

  it("keeps 'Thanh toán' in place while the quote and the saved codes arrive", async () => {
    serve([line(battery, 1)]);
    let answerSaved: (list: ReturnType<typeof fixtures.saved>[]) => void = () => undefined;
    api.savedPromotions.mockImplementation(() => new Promise((resolve) => (answerSaved = resolve)));
    let answerQuote: () => void = () => undefined;
    mockedCheckout.quote.mockImplementation(() => new Promise((resolve) => (answerQuote = () => resolve(quoteOf([line(battery, 1)])))));
    await logIn();
    renderAt('/cart');
    await screen.findByTestId('cart-line-product-1');
    // The totals' rows hold their place while the quote is on its way; the saved codes come after the summary.
    expect(within(summary()).getByTestId('order-totals-pending')).toHaveTextContent('Tổng cộng');
    expect(within(summary()).queryByTestId('order-total')).not.toBeInTheDocument();
    expect(summary().compareDocumentPosition(savedCodes()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(savedCodes()).getByText(/Bạn chưa lưu mã nào/)).toBeInTheDocument();

    await waitFor(() => expect(mockedCheckout.quote).toHaveBeenCalled());
    await act(async () => answerQuote());
    await waitFor(() => expect(total()).toHaveTextContent(money(8_900_000 + 30_000)));
    expect(within(summary()).queryByTestId('order-totals-pending')).not.toBeInTheDocument();
    await act(async () => answerSaved([fixtures.saved(save500k)]));
    expect(await within(savedCodes()).findByRole('button', { name: 'Dùng mã SAVE500K' })).toBeEnabled();
    // Nothing that arrived is between the summary's heading and its button but the totals.
    const checkout = within(summary()).getByRole('button', { name: 'Thanh toán' });
    expect(savedCodes().compareDocumentPosition(checkout) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });

  it('an order sent from checkout without an answer is pointed to, even when the server emptied the cart', async () => {
    serve([]);
    await logIn();
    const body = JSON.stringify({ items: [{ kind: 'product', refId: 1, quantity: 1 }], recipientName: 'Nguyễn Minh Anh', phone: '0912345678', fulfilment: { method: 'pickup', centreId: 1 }, paymentMethod: 'VIETQR' });
    saveCheckoutAttempt(newCheckoutAttempt(customer.user.id, 'key-1', body, [{ id: 'product-1', name: 'Pin', quantity: 1, price: 8_900_000 }]));
    renderAt('/cart');
    expect(await screen.findByText('Giỏ hàng của bạn đang trống.')).toBeInTheDocument();
    const notice = screen.getByTestId('cart-pending-order');
    expect(notice).toHaveTextContent('Bạn có một đơn hàng đã gửi nhưng chưa được xác nhận.');
    expect(within(notice).getByRole('link', { name: 'Xem và thử lại đơn hàng' })).toHaveAttribute('href', '/checkout');
  });

  it('says nothing of another customer\'s unanswered order on this browser', async () => {
    serve([]);
    await logIn();
    const body = JSON.stringify({ items: [{ kind: 'product', refId: 1, quantity: 1 }], recipientName: 'Khách Khác', phone: '0912345678', fulfilment: { method: 'pickup', centreId: 1 }, paymentMethod: 'VIETQR' });
    saveCheckoutAttempt(newCheckoutAttempt(`${customer.user.id}-other`, 'key-2', body, [{ id: 'product-1', name: 'Pin', quantity: 1, price: 8_900_000 }]));
    renderAt('/cart');
    expect(await screen.findByText('Giỏ hàng của bạn đang trống.')).toBeInTheDocument();
    expect(screen.queryByTestId('cart-pending-order')).not.toBeInTheDocument();
  });

  it("a code the server refuses is not applied and its reason is shown", async () => {
    serve([line(cable, 1)]);
    mockedCheckout.quote.mockImplementation(async (input) =>
      quoteOf([line(cable, 1)], input.promoCode ? { promoError: { code: 'PROMO_CUSTOMER_LIMIT', message: 'Bạn đã dùng hết lượt của mã này.' } } : {}),
    );
    await logIn();
    renderAt('/cart');
    await screen.findByTestId('cart-line-product-7');
    await userEvent.type(within(promoBox()).getByLabelText('Nhập mã khuyến mãi'), 'FREESHIP');
    await userEvent.click(within(promoBox()).getByRole('button', { name: 'Áp dụng' }));
    expect(await within(promoBox()).findByRole('alert')).toHaveTextContent('Bạn đã dùng hết lượt của mã này.');
    expect(shopStore.getState().promo.appliedPromo).toBeNull();
  });

  it("more than the stock is refused with the server's message (a toast) and the quantity stays", async () => {
    serve([line(battery, 3)]);
    mockedCheckout.quote.mockImplementation(async () => quoteOf([line(battery, 3)]));
    const toasts: string[] = [];
    const subscription = eventBus.on('toast/show').subscribe((toast) => toasts.push(toast.message));
    await logIn();
    renderAt('/cart');
    const quantity = await screen.findByRole('spinbutton', { name: 'Số lượng Pin lithium 48V 20Ah' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4{Enter}');
    await waitFor(() => expect(toasts).toContain('Chỉ còn 3 sản phẩm trong kho'));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Số lượng Pin lithium 48V 20Ah' })).toHaveValue(3));
    subscription.unsubscribe();
  });
});

describe("/packages: 'Mua gói'", () => {
  it('adds the package to the cart as a package line, and says so', async () => {
    const toasts: string[] = [];
    const subscription = eventBus.on('toast/show').subscribe((toast) => toasts.push(toast.message));
    renderAt('/packages');
    await userEvent.click(await screen.findByRole('button', { name: 'Mua gói: Gói tiêu chuẩn' }));
    await waitFor(() => expect(toasts).toContain('Đã thêm vào giỏ hàng'));
    expect(shopStore.getState().cart.items).toEqual([
      { id: 'package-2', kind: 'package', refId: 2, slug: 'tieu-chuan', name: 'Gói tiêu chuẩn', image: null, price: 1_500_000, quantity: 1, stock: null, promoGroup: null, issues: [] },
    ]);
    expect(JSON.parse(localStorage.getItem('cart')!).items).toEqual([expect.objectContaining({ id: 'package-2', kind: 'package', refId: 2, quantity: 1 })]);
    subscription.unsubscribe();
  });

  it('a logged-in customer buys it through POST /cart/items {kind: package}', async () => {
    const server = serve();
    await logIn();
    renderAt('/packages');
    await userEvent.click(await screen.findByRole('button', { name: 'Mua gói: Gói cao cấp' }));
    await waitFor(() => expect(server.api.add).toHaveBeenCalledWith({ kind: 'package', refId: 3, quantity: 1 }));
    await waitFor(() => expect(shopStore.getState().cart.items.map((item) => item.id)).toEqual(['package-3']));
  });
});
