import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, eventBus, messages, sessionStore, type Session } from 'shared-contracts';
import type { CheckoutQuoteInput, OrderCreateInput, Profile, Quote } from 'shared-contracts/schemas';
import { storefrontApi } from '../../../src/api/storefrontApi';
import { cartApi } from '../../../src/cart/cartApi';
import { cartService, shopStore } from '../../../src/cart/cartOwner';
import { checkoutApi } from '../../../src/cart/checkoutApi';
import { CHECKOUT_ATTEMPT_STORAGE_KEY, readCheckoutAttempt } from '../../../src/cart/checkoutAttempt';
import { toOrderInput, validateCheckout, type CheckoutValues } from '../../../src/pages/checkout/checkoutForm';
import { DEFAULT_SHIPPING, setShipping } from '../../../src/cart/checkoutSlice';
import { askCompanyInvoice } from '../../../src/pages/checkout/CompanyInvoiceSection';
import { applyPromo, removePromo } from '../../../src/pages/promotions/promoSlice';
import * as fixtures from '../../support/fixtures';
import { money } from '../../support/fixtures';
import { answerWithFixtures, renderAt } from '../../support/render';
import { battery, cable, cartOf, customer, fakeServer, line, order, quoteOf, save500k, vietQr } from '../../support/shopFixtures';

jest.mock('../../../src/api/storefrontApi');
jest.mock('../../../src/cart/cartApi');
jest.mock('../../../src/cart/checkoutApi', () => ({
  ...jest.requireActual('../../../src/cart/checkoutApi'),
  checkoutApi: { quote: jest.fn(), placeOrder: jest.fn() },
}));

jest.mock('../../../src/pages/checkout/CompanyInvoiceSection', () => ({
  ...jest.requireActual('../../../src/pages/checkout/CompanyInvoiceSection'),
  askCompanyInvoice: jest.fn(),
}));

const mockedCart = cartApi as jest.Mocked<typeof cartApi>;
const mockedApi = storefrontApi as jest.Mocked<typeof storefrontApi>;
const mockedAskCompanyInvoice = askCompanyInvoice as jest.MockedFunction<typeof askCompanyInvoice>;
const mockedCheckout = checkoutApi as jest.Mocked<typeof checkoutApi>;

const withPhone: Session = { ...customer, user: { ...customer.user, phoneNumber: '0912345678' } };

async function startAs(session: Session, lines = [line(cable, 2)]) {
  const server = fakeServer(lines);
  for (const key of Object.keys(server.api) as Array<keyof typeof server.api>) (mockedCart[key] as jest.Mock).mockImplementation(server.api[key]);
  mockedCheckout.quote.mockImplementation(async (input) =>
    quoteOf(lines, {
      shippingFee: input.fulfilment.method === 'pickup' ? 0 : 30_000,
      ...(input.promoCode === 'SAVE500K' ? { promotion: save500k, discount: 500_000 } : {}),
    }),
  );
  await act(async () => {
    sessionStore.save(session);
    eventBus.publish('auth/login', { user: session.user, token: session.token });
    await cartService.idle();
  });
  return server;
}

async function fillAddress() {
  await userEvent.type(await screen.findByLabelText('Phường/xã'), 'Phường Cầu Giấy');
  await userEvent.type(screen.getByLabelText('Số nhà, tên đường'), '88 Xuân Thủy');
}

const placeOrderButton = () => screen.getByRole('button', { name: /^(Đặt hàng|Đang đặt hàng\.\.\.)$/ });

beforeEach(async () => {
  jest.resetAllMocks();
  answerWithFixtures();
  localStorage.clear();
  sessionStorage.clear();
  await act(async () => {
    sessionStore.clear();
    eventBus.publish('auth/logout', { reason: 'user' });
    await cartService.idle();
  });
  shopStore.dispatch(removePromo());
  shopStore.dispatch(setShipping(DEFAULT_SHIPPING));
});

describe('the checkout form rules (the same as the server)', () => {
  const valid: CheckoutValues = { recipientName: 'Nguyễn Minh Anh', phone: '0912 345 678', ward: 'Phường Cầu Giấy', wardCode: null, street: '88 Xuân Thủy', note: '', paymentMethod: 'COD' };

  it('accepts a complete delivery and refuses what the server would', () => {
    expect(validateCheckout(valid, DEFAULT_SHIPPING)).toEqual({});
    expect(validateCheckout({ ...valid, recipientName: ' ', phone: '12345', ward: 'P', street: '' }, DEFAULT_SHIPPING)).toEqual({
      recipientName: 'Vui lòng nhập tên người nhận.',
      phone: 'Số điện thoại di động không hợp lệ (ví dụ 0912345678).',
      ward: 'Vui lòng nhập phường/xã.',
      street: 'Vui lòng nhập số nhà, tên đường.',
    });
    expect(validateCheckout({ ...valid, paymentMethod: 'PAY_AT_PICKUP' }, DEFAULT_SHIPPING)).toEqual({
      paymentMethod: 'Thanh toán tại cửa hàng chỉ áp dụng khi nhận hàng tại trung tâm.',
    });
    expect(validateCheckout({ ...valid, ward: '', street: '' }, { method: 'pickup', centreId: null })).toEqual({ centreId: 'Vui lòng chọn trung tâm nhận hàng.' });
    expect(validateCheckout({ ...valid, phone: '+84 912.345.678' }, DEFAULT_SHIPPING)).toEqual({});
  });

  it('builds the POST /orders body: phone in its stored form, the address, the code, no empty note', () => {
    const input = toOrderInput({ ...valid, phone: '+84 912 345 678' }, { method: 'delivery', province: 'Lào Cai' }, [line(cable, 2)], 'SAVE500K');
    expect(input).toEqual({
      items: [{ kind: 'product', refId: 7, quantity: 2, price: 1_250_000 }],
      promoCode: 'SAVE500K',
      recipientName: 'Nguyễn Minh Anh',
      phone: '0912345678',
      fulfilment: { method: 'delivery', address: { province: 'Lào Cai', ward: 'Phường Cầu Giấy', street: '88 Xuân Thủy' } },
      paymentMethod: 'COD',
    });
    // the member's points go along only when some are used
    expect(toOrderInput(valid, DEFAULT_SHIPPING, [line(cable, 2)], null, 2_000)).toMatchObject({ points: 2_000 });
    expect(toOrderInput(valid, DEFAULT_SHIPPING, [line(cable, 2)], null, 0)).not.toHaveProperty('points');
  });
});

describe('the checkout page', () => {
  it('prefills the recipient, shows the server quote with the applied code, and places a COD order once', async () => {
    await startAs(withPhone);
    shopStore.dispatch(applyPromo(save500k));
    mockedCheckout.placeOrder.mockResolvedValue(order({ discount: 500_000, total: 2_030_000, promotionCode: 'SAVE500K' }));
    renderAt('/checkout');
    expect(await screen.findByLabelText('Họ và tên người nhận')).toHaveValue('Nguyễn Minh Anh');
    expect(screen.getByLabelText('Số điện thoại di động')).toHaveValue('0912345678');
    const summary = screen.getByRole('region', { name: 'Đơn hàng của bạn' });
    expect(within(summary).getByText('Cáp sạc Type 2 × 2')).toBeInTheDocument();
    await waitFor(() => expect(within(summary).getByTestId('order-total')).toHaveTextContent(money(2_500_000 - 500_000 + 30_000)));
    expect(within(summary).getByText('Giảm giá (SAVE500K)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Thanh toán khi nhận hàng \(COD\)/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Thanh toán khi nhận tại cửa hàng/ })).not.toBeInTheDocument();

    await fillAddress();
    await userEvent.selectOptions(screen.getByLabelText('Tỉnh/thành phố nhận hàng'), 'Hà Nội');
    await userEvent.type(screen.getByLabelText(/Ghi chú cho đơn hàng/), 'Gọi trước khi giao');
    await userEvent.dblClick(placeOrderButton());

    expect(await screen.findByRole('heading', { name: 'Đặt hàng thành công' })).toBeInTheDocument();
    expect(mockedCheckout.placeOrder).toHaveBeenCalledTimes(1);
    const [body, key] = mockedCheckout.placeOrder.mock.calls[0]!;
    expect(body).toEqual({
      items: [{ kind: 'product', refId: 7, quantity: 2, price: 1_250_000 }],
      promoCode: 'SAVE500K',
      recipientName: 'Nguyễn Minh Anh',
      phone: '0912345678',
      fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '88 Xuân Thủy' } },
      paymentMethod: 'COD',
      note: 'Gọi trước khi giao',
    } satisfies OrderCreateInput);
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(screen.getByTestId('order-code')).toHaveTextContent('EV2611220007');
    expect(screen.getByText(money(2_030_000))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Xem chi tiết đơn hàng' })).toHaveAttribute('href', '/orders/EV2611220007');
    expect(shopStore.getState().promo.appliedPromo).toBeNull();
    // the ordered lines left the server's cart: the cart is asked again
    await waitFor(() => expect(mockedCart.get).toHaveBeenCalledTimes(2));
  });

  it('picks the ward in the list by typing without accents, sends its code, and drops it for another province', async () => {
    await startAs(withPhone);
    mockedApi.wards.mockResolvedValue({
      wards: [{ code: '00166', name: 'Phường Cầu Giấy', province: 'Hà Nội', formerly: ['Phường Dịch Vọng Hậu, Quận Cầu Giấy'], matchedFormer: 'Phường Dịch Vọng Hậu, Quận Cầu Giấy' }],
    });
    mockedCheckout.placeOrder.mockResolvedValue(order());
    renderAt('/checkout');
    const ward = await screen.findByRole('combobox', { name: 'Phường/xã' });
    await userEvent.type(ward, 'dich vong hau');
    await userEvent.click(await screen.findByRole('option', { name: 'Phường Cầu Giấy — trước đây: Phường Dịch Vọng Hậu (Quận Cầu Giấy)' }));
    expect(ward).toHaveValue('Phường Cầu Giấy');
    expect(mockedApi.wards).toHaveBeenLastCalledWith({ province: 'Hà Nội', q: 'dich vong hau', limit: 20 }, expect.any(AbortSignal));
    await userEvent.type(screen.getByLabelText('Số nhà, tên đường'), '88 Xuân Thủy');
    await userEvent.click(placeOrderButton());
    await screen.findByRole('heading', { name: 'Đặt hàng thành công' });
    expect(mockedCheckout.placeOrder.mock.calls[0]![0].fulfilment).toEqual({
      method: 'delivery',
      address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '88 Xuân Thủy', wardCode: '00166' },
    });
  });

  it("fills the delivery address from the profile's saved one", async () => {
    await startAs(withPhone);
    mockedApi.profile.mockResolvedValue({
      ...({} as Profile),
      deliveryAddress: { province: 'TP. Hồ Chí Minh', wardCode: '26944', ward: 'Phường Gia Định', street: '208 Điện Biên Phủ' },
    });
    renderAt('/checkout');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Phường/xã' })).toHaveValue('Phường Gia Định'));
    expect(screen.getByLabelText('Số nhà, tên đường')).toHaveValue('208 Điện Biên Phủ');
    expect(screen.getByLabelText('Tỉnh/thành phố nhận hàng')).toHaveValue('TP. Hồ Chí Minh');
  });

  it('shows the field errors and places nothing while the form is incomplete', async () => {
    await startAs(customer);
    renderAt('/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Đặt hàng' }));
    expect(screen.getByText('Vui lòng nhập số điện thoại.')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng nhập phường/xã.')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng nhập số nhà, tên đường.')).toBeInTheDocument();
    expect(screen.getByLabelText('Số điện thoại di động')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Số điện thoại di động')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng kiểm tra lại các trường được đánh dấu.');
    expect(mockedCheckout.placeOrder).not.toHaveBeenCalled();
  });

  it('a retry after a failure sends the same Idempotency-Key; a changed order gets a new one', async () => {
    await startAs(withPhone);
    mockedCheckout.placeOrder
      .mockRejectedValueOnce(new ApiError('Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.', 0, 'NETWORK'))
      .mockRejectedValueOnce(new ApiError('Mã khuyến mãi đã hết hạn.', 422, 'PROMOTION_REFUSED'))
      .mockResolvedValueOnce(order());
    renderAt('/checkout');
    await fillAddress();
    await userEvent.click(placeOrderButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.checkout.notConfirmed);
    await userEvent.click(placeOrderButton());
    expect(await screen.findByText('Mã khuyến mãi đã hết hạn.')).toBeInTheDocument();
    const [first, second] = mockedCheckout.placeOrder.mock.calls;
    expect(second![1]).toBe(first![1]);
    // a 4xx says the order was not placed: the key is done with
    expect(localStorage.getItem(CHECKOUT_ATTEMPT_STORAGE_KEY)).toBeNull();

    await userEvent.type(screen.getByLabelText(/Ghi chú cho đơn hàng/), 'Giao giờ hành chính');
    await userEvent.click(placeOrderButton());
    await screen.findByRole('heading', { name: 'Đặt hàng thành công' });
    expect(mockedCheckout.placeOrder.mock.calls[2]![1]).not.toBe(first![1]);
  });

  it('a pick-up offers paying at the centre; VietQR shows the QR, bank, account, amount and the code as content', async () => {
    await startAs(withPhone);
    mockedCheckout.placeOrder.mockResolvedValue(
      order({
        status: 'PENDING_PAYMENT',
        statusLabel: 'Chờ thanh toán',
        paymentMethod: 'VIETQR',
        total: 2_500_000,
        shippingFee: 0,
        fulfilment: { method: 'pickup', address: null, centre: { id: 2, name: 'EV Service Cầu Giấy', address: '88 Xuân Thủy, Cầu Giấy, Hà Nội' } },
        vietQr: { ...vietQr, amount: 2_500_000 },
      }),
    );
    renderAt('/checkout');
    await userEvent.click(await screen.findByRole('radio', { name: /Nhận tại trung tâm dịch vụ/ }));
    const centre = await screen.findByLabelText('Trung tâm nhận hàng');
    await waitFor(() => expect(centre).toHaveValue('1'));
    await userEvent.selectOptions(centre, String(fixtures.centres[1]!.id));
    expect(screen.queryByLabelText('Phường/xã')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Thanh toán khi nhận tại cửa hàng/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /COD/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Chuyển khoản ngân hàng \(VietQR\)/ }));
    await userEvent.click(placeOrderButton());

    expect(await screen.findByRole('heading', { name: 'Đơn hàng chờ thanh toán' })).toBeInTheDocument();
    expect(mockedCheckout.placeOrder.mock.calls[0]![0]).toMatchObject({ fulfilment: { method: 'pickup', centreId: 2 }, paymentMethod: 'VIETQR' });
    expect(screen.getByRole('img', { name: 'Mã VietQR thanh toán đơn hàng EV2611220007' })).toHaveAttribute('src', vietQr.imageDataUrl);
    const qr = screen.getByRole('region', { name: 'Đơn hàng chờ thanh toán' });
    expect(within(qr).getByText('Vietcombank')).toBeInTheDocument();
    expect(within(qr).getByText('0011234567890')).toBeInTheDocument();
    expect(within(qr).getByText('CONG TY EV SERVICE')).toBeInTheDocument();
    expect(within(qr).getByText(money(2_500_000))).toBeInTheDocument();
    expect(within(qr).getByText('Nội dung chuyển khoản').nextElementSibling).toHaveTextContent('EV2611220007');
    expect(within(qr).getByText('Hạn thanh toán').nextElementSibling).toHaveTextContent('09:00 23/11/2026. Quá hạn, đơn hàng sẽ tự động hủy.');
  });

  it("a pick-up centre short of a product says so on its line and does not send the order; another centre can", async () => {
    await startAs(withPhone);
    // The second centre has one cable (the order wants two); the first has both.
    mockedCheckout.quote.mockImplementation(async (input) => {
      const short = input.fulfilment.method === 'pickup' && input.fulfilment.centreId === fixtures.centres[1]!.id;
      return quoteOf([line(cable, 2, short ? { stock: 1, issues: ['insufficient_stock'] } : {})], { shippingFee: input.fulfilment.method === 'pickup' ? 0 : 30_000 });
    });
    mockedCheckout.placeOrder.mockResolvedValue(order({ fulfilment: { method: 'pickup', address: null, centre: { id: 1, name: 'EV Service Hoàn Kiếm', address: '1 Tràng Tiền, Hoàn Kiếm, Hà Nội' } } }));
    renderAt('/checkout');
    await userEvent.click(await screen.findByRole('radio', { name: /Nhận tại trung tâm dịch vụ/ }));
    const centre = await screen.findByLabelText('Trung tâm nhận hàng');
    await waitFor(() => expect(centre).toHaveValue('1'));
    await userEvent.selectOptions(centre, String(fixtures.centres[1]!.id));

    expect(await screen.findByText('Trung tâm đã chọn chỉ còn 1 sản phẩm')).toBeInTheDocument();
    const warning = await screen.findByText(/Trung tâm đã chọn không đủ hàng cho đơn này/);
    expect(warning).toHaveAttribute('role', 'alert');
    await userEvent.click(placeOrderButton());
    expect(mockedCheckout.placeOrder).not.toHaveBeenCalled();

    await userEvent.selectOptions(centre, String(fixtures.centres[0]!.id));
    await waitFor(() => expect(screen.queryByText('Trung tâm đã chọn chỉ còn 1 sản phẩm')).not.toBeInTheDocument());
    await userEvent.click(placeOrderButton());
    await waitFor(() => expect(mockedCheckout.placeOrder).toHaveBeenCalledTimes(1));
    expect(mockedCheckout.placeOrder.mock.calls[0]![0]).toMatchObject({ fulfilment: { method: 'pickup', centreId: fixtures.centres[0]!.id } });
  });

  it('an item sold out meanwhile: the server says which, and the cart is checked again', async () => {
    const server = await startAs(withPhone, [line(battery, 2)]);
    mockedCheckout.placeOrder.mockRejectedValue(new ApiError('Sản phẩm "Pin lithium 48V 20Ah" chỉ còn 1 trong kho.', 409, 'OUT_OF_STOCK'));
    renderAt('/checkout');
    await fillAddress();
    const calls = server.api.get.mock.calls.length;
    await userEvent.click(placeOrderButton());
    expect(await screen.findByText('Sản phẩm "Pin lithium 48V 20Ah" chỉ còn 1 trong kho.')).toBeInTheDocument();
    await waitFor(() => expect(server.api.get.mock.calls.length).toBeGreaterThan(calls));
  });

  describe('a price changed since the line was added', () => {
    const changedCable = line(cable, 2, { price: 1_400_000, previousPrice: 1_250_000, issues: ['price_changed'] });
    const summaryLine = (id: string) => within(screen.getByRole('region', { name: 'Đơn hàng của bạn' })).getByTestId(`checkout-line-${id}`);

    it('names the change on its line before paying: the old price struck through, the new one, the total at the new price', async () => {
      await startAs(withPhone, [changedCable, line(battery, 1)]);
      mockedCheckout.placeOrder.mockResolvedValue(order());
      renderAt('/checkout');
      await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent(money(2 * 1_400_000 + 8_900_000 + 30_000)));
      const change = within(summaryLine('product-7')).getByTestId('price-change');
      expect(change).toHaveTextContent(`⚠ Giá đã thay đổi từ khi thêm vào giỏ: Giá cũ ${money(1_250_000)} → giá mới ${money(1_400_000)}`);
      expect(change.querySelector('del')).toHaveTextContent(money(1_250_000));
      expect(summaryLine('product-7')).toHaveTextContent(money(2_800_000));
      expect(within(summaryLine('product-1')).queryByTestId('price-change')).not.toBeInTheDocument();
      expect(screen.getByText('Giá của một số sản phẩm đã thay đổi từ khi thêm vào giỏ. Tổng tiền đã được tính lại theo giá mới.')).toBeInTheDocument();

      await fillAddress();
      await userEvent.click(placeOrderButton());
      await screen.findByRole('heading', { name: 'Đặt hàng thành công' });
      expect(mockedCheckout.placeOrder.mock.calls[0]![0].items).toEqual([
        { kind: 'product', refId: 7, quantity: 2, price: 1_400_000 },
        { kind: 'product', refId: 1, quantity: 1, price: 8_900_000 },
      ]);
    });

    it('a price changed while the form was filled in (409 PRICE_CHANGED): the lines are read again and name it, the form stays', async () => {
      const server = await startAs(withPhone);
      mockedCheckout.placeOrder
        .mockRejectedValueOnce(new ApiError('Giá sản phẩm "Cáp sạc Type 2" vừa thay đổi.', 409, 'PRICE_CHANGED'))
        .mockResolvedValueOnce(order());
      renderAt('/checkout');
      await fillAddress();
      expect(within(summaryLine('product-7')).queryByTestId('price-change')).not.toBeInTheDocument();
      // the admin's save lands now
      server.api.get.mockImplementation(async () => cartOf([changedCable]));
      mockedCheckout.quote.mockImplementation(async () => quoteOf([changedCable]));

      await userEvent.click(placeOrderButton());
      expect(await screen.findByText('Giá của một số sản phẩm vừa thay đổi. Vui lòng xem lại giá mới trong đơn hàng rồi bấm "Đặt hàng" lần nữa.')).toBeInTheDocument();
      await waitFor(() => expect(within(summaryLine('product-7')).getByTestId('price-change')).toHaveTextContent(`Giá cũ ${money(1_250_000)} → giá mới ${money(1_400_000)}`));
      await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent(money(2_800_000 + 30_000)));
      expect(screen.getByLabelText('Phường/xã')).toHaveValue('Phường Cầu Giấy');
      expect(screen.getByLabelText('Số nhà, tên đường')).toHaveValue('88 Xuân Thủy');

      await userEvent.click(placeOrderButton());
      await screen.findByRole('heading', { name: 'Đặt hàng thành công' });
      expect(mockedCheckout.placeOrder.mock.calls[1]![0].items).toEqual([{ kind: 'product', refId: 7, quantity: 2, price: 1_400_000 }]);
    });

    it('a quote at a price the cart had not seen names the change and reads the cart again', async () => {
      const server = await startAs(withPhone);
      const quotedHigher = line(cable, 2, { price: 1_400_000 });
      mockedCheckout.quote.mockImplementation(async () => quoteOf([quotedHigher]));
      const reads = server.api.get.mock.calls.length;
      renderAt('/checkout');
      await waitFor(() => expect(within(summaryLine('product-7')).getByTestId('price-change')).toHaveTextContent(`Giá cũ ${money(1_250_000)} → giá mới ${money(1_400_000)}`));
      await waitFor(() => expect(server.api.get.mock.calls.length).toBeGreaterThan(reads));
    });
  });

  it('asks for the company VAT invoice right after the order is placed, the order body unchanged; a refusal leaves the order placed', async () => {
    await startAs(withPhone);
    mockedCheckout.placeOrder.mockResolvedValue(order());
    mockedAskCompanyInvoice.mockRejectedValueOnce(new ApiError('Mã số thuế không hợp lệ (chữ số kiểm tra không đúng).', 400, 'VALIDATION_ERROR'));
    renderAt('/checkout');
    await fillAddress();
    await userEvent.click(screen.getByRole('checkbox', { name: /Xuất hóa đơn công ty/ }));
    await userEvent.type(screen.getByLabelText('Tên công ty'), 'Công ty TNHH Xe Điện Sài Gòn');
    await userEvent.type(screen.getByLabelText('Mã số thuế'), '0314409059-002');
    await userEvent.type(screen.getByLabelText('Địa chỉ công ty'), '12 Lê Lợi, TP. Hồ Chí Minh');
    await userEvent.type(screen.getByLabelText('Email nhận hóa đơn'), 'ketoan@xedien.vn');
    await userEvent.click(placeOrderButton());

    expect(await screen.findByRole('heading', { name: 'Đặt hàng thành công' })).toBeInTheDocument();
    expect(mockedCheckout.placeOrder.mock.calls[0]![0]).not.toHaveProperty('companyName');
    expect(mockedAskCompanyInvoice).toHaveBeenCalledWith('EV2611220007', {
      wanted: true,
      companyName: 'Công ty TNHH Xe Điện Sài Gòn',
      taxCode: '0314409059-002',
      address: '12 Lê Lợi, TP. Hồ Chí Minh',
      email: 'ketoan@xedien.vn',
    });
    expect(screen.getByTestId('company-invoice-result')).toHaveTextContent(
      'Chưa gửi được yêu cầu xuất hóa đơn công ty: Mã số thuế không hợp lệ (chữ số kiểm tra không đúng). Bạn có thể gửi lại trong trang chi tiết đơn hàng.',
    );
  });

  it('sends no company request when the box is left unticked', async () => {
    await startAs(withPhone);
    mockedCheckout.placeOrder.mockResolvedValue(order());
    renderAt('/checkout');
    await fillAddress();
    await userEvent.click(placeOrderButton());
    expect(await screen.findByRole('heading', { name: 'Đặt hàng thành công' })).toBeInTheDocument();
    expect(mockedAskCompanyInvoice).not.toHaveBeenCalled();
    expect(screen.queryByTestId('company-invoice-result')).not.toBeInTheDocument();
  });

  it('with an empty cart it says so instead of the form', async () => {
    await startAs(customer, []);
    renderAt('/checkout');
    expect(await screen.findByText('Giỏ hàng của bạn đang trống.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Đặt hàng' })).not.toBeInTheDocument();
  });
});

describe("the member's points at checkout", () => {
  /**
   * The server's quote with points (its rules: 10 ₫ a point, from 100 points, at most 50% of the goods, within the
   * balance): what the chosen points take off, or why they cannot.
   */
  const quoteWithPoints =
    (balance: number) =>
    async (input: CheckoutQuoteInput): Promise<Quote> => {
      const base = quoteOf([line(cable, 2)]);
      const maxUsable = Math.max(0, Math.min(balance, Math.floor(Math.floor(((base.subtotal - base.discount) * 50) / 100) / 10)));
      const requested = Number(input.points ?? 0);
      let refusal: string | null = null;
      if (requested > 0 && requested > balance) refusal = `Bạn chỉ có ${new Intl.NumberFormat('vi-VN').format(balance)} điểm.`;
      else if (requested > 0 && requested < 100) refusal = 'Dùng tối thiểu 100 điểm mỗi đơn.';
      else if (requested > maxUsable) refusal = 'Điểm thưởng trả tối đa 50% tiền hàng.';
      const used = refusal ? 0 : requested;
      return { ...base, total: base.total - used * 10, points: { balance, pointValue: 10, minimum: 100, capPercent: 50, maxUsable, used, value: used * 10 }, pointsError: refusal };
    };
  const pointsField = () => screen.getByRole('textbox', { name: 'Số điểm muốn dùng' });
  const lastQuotedPoints = () => mockedCheckout.quote.mock.calls.at(-1)![0].points;

  it('shows the balance, fills the most with "Dùng tối đa", says the worth as typed, quotes and places the order with the points', async () => {
    await startAs(withPhone);
    mockedCheckout.quote.mockImplementation(quoteWithPoints(200_000));
    mockedCheckout.placeOrder.mockResolvedValue(order({ pointsUsed: 2_000, pointsValue: 20_000, total: 2_510_000 }));
    renderAt('/checkout');

    const box = await screen.findByRole('region', { name: 'Dùng điểm thưởng' });
    expect(within(box).getByTestId('points-balance')).toHaveTextContent(`Bạn có 200.000 điểm (trị giá ${money(2_000_000)})`);
    expect(pointsField()).toHaveAccessibleDescription(expect.stringContaining('Tối thiểu 100 điểm, tối đa 50% tiền hàng (đơn này dùng được tối đa 125.000 điểm).'));
    expect(within(box).getByRole('status')).toHaveTextContent(`= ${money(0)}`);
    // none used yet: the quote is asked without points
    expect(lastQuotedPoints()).toBeUndefined();

    await userEvent.click(within(box).getByRole('button', { name: 'Dùng tối đa' }));
    expect(pointsField()).toHaveValue('125000');
    expect(within(box).getByRole('status')).toHaveTextContent(`= ${money(1_250_000)}`);
    await waitFor(() => expect(lastQuotedPoints()).toBe(125_000));

    await userEvent.clear(pointsField());
    // a Vietnamese types 2.000: the digits are what count; Enter applies, it does not place the order
    await userEvent.type(pointsField(), '2.000{Enter}');
    expect(pointsField()).toHaveValue('2000');
    expect(within(box).getByRole('status')).toHaveTextContent(`= ${money(20_000)}`);
    expect(screen.queryByText('Vui lòng nhập phường/xã.')).not.toBeInTheDocument();
    expect(mockedCheckout.placeOrder).not.toHaveBeenCalled();
    await waitFor(() => expect(lastQuotedPoints()).toBe(2_000));
    expect(mockedCheckout.quote).toHaveBeenLastCalledWith(expect.objectContaining({ points: 2_000, fulfilment: { method: 'delivery', province: 'Hà Nội' } }), expect.anything());

    const summary = screen.getByRole('region', { name: 'Đơn hàng của bạn' });
    await waitFor(() => expect(within(summary).getByTestId('order-total')).toHaveTextContent(money(2_500_000 + 30_000 - 20_000)));
    expect(within(summary).getByText('Điểm thưởng (−2.000 điểm)').nextElementSibling).toHaveTextContent(`−${money(20_000)}`);
    expect(screen.queryByText(/Dùng tối thiểu|Bạn chỉ có/)).not.toBeInTheDocument();

    await fillAddress();
    await userEvent.click(placeOrderButton());
    expect(await screen.findByRole('heading', { name: 'Đặt hàng thành công' })).toBeInTheDocument();
    expect(mockedCheckout.placeOrder).toHaveBeenCalledTimes(1);
    expect(mockedCheckout.placeOrder.mock.calls[0]![0]).toMatchObject({ points: 2_000, items: [{ kind: 'product', refId: 7, quantity: 2, price: 1_250_000 }] });
  });

  it('says under the field why the points cannot be used, and places nothing until they are changed', async () => {
    await startAs(withPhone);
    mockedCheckout.quote.mockImplementation(quoteWithPoints(12_500));
    mockedCheckout.placeOrder.mockResolvedValue(order());
    renderAt('/checkout');
    const box = await screen.findByRole('region', { name: 'Dùng điểm thưởng' });
    expect(within(box).getByTestId('points-balance')).toHaveTextContent(`Bạn có 12.500 điểm (trị giá ${money(125_000)})`);

    await userEvent.type(pointsField(), '50');
    const error = await within(box).findByRole('alert');
    expect(error).toHaveTextContent('Dùng tối thiểu 100 điểm mỗi đơn.');
    expect(pointsField()).toHaveAttribute('aria-invalid', 'true');
    expect(pointsField()).toHaveAccessibleDescription(expect.stringContaining('Dùng tối thiểu 100 điểm mỗi đơn.'));
    expect(screen.queryByText(/^Điểm thưởng \(/)).not.toBeInTheDocument();

    await fillAddress();
    await userEvent.click(placeOrderButton());
    expect(mockedCheckout.placeOrder).not.toHaveBeenCalled();
    expect(screen.getByText('Chưa đặt được hàng: không dùng được số điểm thưởng đã chọn. Vui lòng xem lại mục "Dùng điểm thưởng".')).toBeInTheDocument();
    expect(pointsField()).toHaveFocus();

    await userEvent.clear(pointsField());
    await userEvent.type(pointsField(), '500');
    await waitFor(() => expect(within(box).queryByRole('alert')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Điểm thưởng (−500 điểm)')).toBeInTheDocument());
    await userEvent.click(placeOrderButton());
    await screen.findByRole('heading', { name: 'Đặt hàng thành công' });
    expect(mockedCheckout.placeOrder.mock.calls[0]![0]).toMatchObject({ points: 500 });
  });

  it('points refused at placing (409, the balance moved): the message at the field, and the quote asked again', async () => {
    await startAs(withPhone);
    mockedCheckout.quote.mockImplementation(quoteWithPoints(12_500));
    renderAt('/checkout');
    await screen.findByRole('region', { name: 'Dùng điểm thưởng' });
    await userEvent.type(pointsField(), '2000');
    await waitFor(() => expect(screen.getByText('Điểm thưởng (−2.000 điểm)')).toBeInTheDocument());
    await fillAddress();

    // the points were spent in another tab meanwhile
    mockedCheckout.placeOrder.mockRejectedValueOnce(
      new ApiError('Số điểm thưởng không đủ: bạn còn 1.500 điểm.', 409, 'POINTS_INSUFFICIENT', [{ field: 'points', message: 'Bạn còn 1.500 điểm.' }]),
    );
    mockedCheckout.quote.mockImplementation(quoteWithPoints(1_500));
    const quotes = mockedCheckout.quote.mock.calls.length;
    await userEvent.click(placeOrderButton());

    const box = screen.getByRole('region', { name: 'Dùng điểm thưởng' });
    expect(await within(box).findByRole('alert')).toHaveTextContent('Số điểm thưởng không đủ: bạn còn 1.500 điểm.');
    expect(pointsField()).toHaveFocus();
    expect(screen.getByText('Chưa đặt được hàng: không dùng được số điểm thưởng đã chọn. Vui lòng xem lại mục "Dùng điểm thưởng".')).toBeInTheDocument();
    // asked again with the same points: the new balance, and why they cannot be used now
    await waitFor(() => expect(mockedCheckout.quote.mock.calls.length).toBeGreaterThan(quotes));
    expect(lastQuotedPoints()).toBe(2_000);
    await waitFor(() => expect(within(box).getByTestId('points-balance')).toHaveTextContent(`Bạn có 1.500 điểm (trị giá ${money(15_000)})`));
    expect(within(box).getByRole('alert')).toHaveTextContent('Bạn chỉ có 1.500 điểm.');
    expect(screen.queryByText('Điểm thưởng (−2.000 điểm)')).not.toBeInTheDocument();
    expect(mockedCheckout.placeOrder).toHaveBeenCalledTimes(1);
  });

  it('offers nothing to a customer without points', async () => {
    await startAs(withPhone);
    mockedCheckout.quote.mockImplementation(quoteWithPoints(0));
    renderAt('/checkout');
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent(money(2_530_000)));
    expect(screen.queryByRole('region', { name: 'Dùng điểm thưởng' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Số điểm muốn dùng')).not.toBeInTheDocument();
  });
});

describe('an order sent without an answer (no orphan orders)', () => {
  const unreachable = () => new ApiError('Kết nối tới cơ sở dữ liệu vừa bị gián đoạn. Vui lòng thử lại sau giây lát.', 503, 'DATABASE_UNREACHABLE');
  const storedAttempt = () => readCheckoutAttempt(withPhone.user.id);
  /** A reload: the page goes, the cart is read from the server again, the page comes back. */
  async function reload(unmount: () => void) {
    unmount();
    await act(async () => {
      await cartService.refresh();
    });
    return renderAt('/checkout');
  }

  it('a 503 keeps the cart and the key; after a reload the same order goes out under the same key, and the answer empties the cart', async () => {
    const server = await startAs(withPhone);
    mockedCheckout.placeOrder.mockRejectedValueOnce(unreachable()).mockResolvedValueOnce(order());
    const { unmount } = renderAt('/checkout');
    await fillAddress();
    const reads = server.api.get.mock.calls.length;
    await userEvent.click(placeOrderButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Chưa xác nhận được đơn hàng do lỗi kết nối hoặc máy chủ đang gặp sự cố. Vui lòng bấm "Đặt hàng" để thử lại; bạn sẽ không bị đặt trùng.',
    );
    // the cart stays as it was (not read again, not emptied) and the key is stored with it
    expect(within(screen.getByRole('region', { name: 'Đơn hàng của bạn' })).getByText('Cáp sạc Type 2 × 2')).toBeInTheDocument();
    expect(shopStore.getState().cart.items.map((item) => item.id)).toEqual(['product-7']);
    expect(server.api.get.mock.calls.length).toBe(reads);
    const [sentBody, sentKey] = mockedCheckout.placeOrder.mock.calls[0]!;
    expect(storedAttempt()).toMatchObject({ key: sentKey, body: JSON.stringify(sentBody) });

    await reload(unmount);
    // the form comes back as sent, so "Đặt hàng" sends the same body under the same key
    expect(await screen.findByLabelText('Phường/xã')).toHaveValue('Phường Cầu Giấy');
    expect(screen.getByLabelText('Số nhà, tên đường')).toHaveValue('88 Xuân Thủy');
    expect(screen.getByRole('alert')).toHaveTextContent(messages.checkout.notConfirmed);
    await userEvent.click(placeOrderButton());

    expect(await screen.findByRole('heading', { name: 'Đặt hàng thành công' })).toBeInTheDocument();
    expect(mockedCheckout.placeOrder).toHaveBeenCalledTimes(2);
    expect(mockedCheckout.placeOrder.mock.calls[1]).toEqual([sentBody, sentKey]);
    expect(localStorage.getItem(CHECKOUT_ATTEMPT_STORAGE_KEY)).toBeNull();
    // confirmed: now the cart is read again (the order took its lines)
    await waitFor(() => expect(server.api.get.mock.calls.length).toBeGreaterThan(reads + 1));
  });

  it('placed but answered 503: after a reload the emptied cart shows the order sent, whose retry gets that order back', async () => {
    const server = await startAs(withPhone);
    mockedCheckout.placeOrder
      .mockImplementationOnce(async () => {
        // the order committed (taking the server cart's lines); the answer was lost on the way
        await server.api.clear();
        throw unreachable();
      })
      .mockResolvedValueOnce(order());
    const { unmount } = renderAt('/checkout');
    await fillAddress();
    await userEvent.click(placeOrderButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.checkout.notConfirmed);
    // the page keeps showing the cart: it has no answer yet
    expect(shopStore.getState().cart.items.map((item) => item.id)).toEqual(['product-7']);

    await reload(unmount);
    const pending = await screen.findByRole('region', { name: 'Đơn hàng chưa được xác nhận' });
    expect(within(pending).getByRole('alert')).toHaveTextContent('Chưa xác nhận được đơn hàng bạn đã gửi (lỗi kết nối hoặc máy chủ). Vui lòng thử lại; bạn sẽ không bị đặt trùng.');
    expect(within(pending).getByText('Cáp sạc Type 2 × 2')).toBeInTheDocument();
    expect(within(pending).getByText(money(2_500_000))).toBeInTheDocument();
    expect(screen.queryByText('Giỏ hàng của bạn đang trống.')).not.toBeInTheDocument();
    await userEvent.click(within(pending).getByRole('button', { name: 'Thử lại đơn hàng này' }));

    expect(await screen.findByRole('heading', { name: 'Đặt hàng thành công' })).toBeInTheDocument();
    const [first, retry] = mockedCheckout.placeOrder.mock.calls;
    expect(retry).toEqual(first);
    expect(screen.getByTestId('order-code')).toHaveTextContent('EV2611220007');
    expect(localStorage.getItem(CHECKOUT_ATTEMPT_STORAGE_KEY)).toBeNull();
  });

  it('a cart changed after a 503 is another order under a new key; refused, it gives the earlier order back its place', async () => {
    const server = await startAs(withPhone);
    mockedCheckout.placeOrder
      .mockRejectedValueOnce(new ApiError('Không thể kết nối tới máy chủ. Vui lòng kiểm tra mạng và thử lại.', 0, 'NETWORK'))
      .mockRejectedValueOnce(new ApiError('Sản phẩm "Pin lithium 48V 20Ah" hiện không còn bán.', 409, 'ITEM_UNAVAILABLE'))
      .mockResolvedValueOnce(order());
    const { unmount } = renderAt('/checkout');
    await fillAddress();
    await userEvent.click(placeOrderButton());
    await screen.findByText(messages.checkout.notConfirmed);
    const [firstBody, firstKey] = mockedCheckout.placeOrder.mock.calls[0]!;

    // another tab adds a battery to the cart
    await server.api.add({ kind: 'product', refId: 1, quantity: 1 });
    await reload(unmount);
    const pending = await screen.findByRole('region', { name: 'Đơn hàng chưa được xác nhận' });
    expect(within(pending).getByText(messages.checkout.pendingDiffers)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Đơn hàng của bạn' })).getByText('Pin lithium 48V 20Ah × 1')).toBeInTheDocument();
    await userEvent.click(placeOrderButton());

    expect(await screen.findByText('Sản phẩm "Pin lithium 48V 20Ah" hiện không còn bán.')).toBeInTheDocument();
    const [changedBody, changedKey] = mockedCheckout.placeOrder.mock.calls[1]!;
    expect(changedKey).not.toBe(firstKey);
    expect(changedBody.items.map((item) => item.refId)).toEqual([7, 1]);
    // the changed order was refused: the earlier one, still unanswered, keeps its key and its retry
    expect(storedAttempt()?.key).toBe(firstKey);
    await userEvent.click(within(screen.getByRole('region', { name: 'Đơn hàng chưa được xác nhận' })).getByRole('button', { name: 'Thử lại đơn hàng này' }));

    expect(await screen.findByRole('heading', { name: 'Đặt hàng thành công' })).toBeInTheDocument();
    expect(mockedCheckout.placeOrder.mock.calls[2]).toEqual([firstBody, firstKey]);
    expect(localStorage.getItem(CHECKOUT_ATTEMPT_STORAGE_KEY)).toBeNull();
  });

  it("another customer on this browser neither sees nor reuses the attempt", async () => {
    await startAs(withPhone);
    mockedCheckout.placeOrder.mockRejectedValueOnce(unreachable());
    const { unmount } = renderAt('/checkout');
    await fillAddress();
    await userEvent.click(placeOrderButton());
    await screen.findByText(messages.checkout.notConfirmed);
    unmount();

    const other: Session = { ...withPhone, user: { ...withPhone.user, id: '77', fullName: 'Lê Văn Khác' } };
    await startAs(other);
    renderAt('/checkout');
    expect(await screen.findByLabelText('Họ và tên người nhận')).toHaveValue('Lê Văn Khác');
    expect(screen.getByLabelText('Phường/xã')).toHaveValue('');
    expect(screen.queryByText(messages.checkout.notConfirmed)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Đơn hàng chưa được xác nhận' })).not.toBeInTheDocument();
  });
});
