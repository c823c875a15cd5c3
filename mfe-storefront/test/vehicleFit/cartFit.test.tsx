import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus, STORAGE_KEYS, sessionStore, type Session } from 'shared-contracts';
import type { FitStatus } from 'shared-contracts/pricing';
import type { Cart, CartLine } from 'shared-contracts/schemas';
import { cartApi } from '../../src/cart/cartApi';
import { cartService, shopStore } from '../../src/cart/cartOwner';
import { checkoutApi } from '../../src/cart/checkoutApi';
import { DEFAULT_SHIPPING, setShipping } from '../../src/cart/checkoutSlice';
import { removePromo } from '../../src/pages/promotions/promoSlice';
import { answerWithFixtures, renderAt } from '../support/render';
import { battery, cable, customer, fakeServer, line, order, quoteOf } from '../support/shopFixtures';

jest.mock('../../src/api/storefrontApi');
jest.mock('../../src/cart/cartApi');
jest.mock('../../src/cart/checkoutApi', () => ({
  ...jest.requireActual('../../src/cart/checkoutApi'),
  checkoutApi: { quote: jest.fn(), placeOrder: jest.fn() },
}));

const mockedCart = cartApi as jest.Mocked<typeof cartApi>;
const mockedCheckout = checkoutApi as jest.Mocked<typeof checkoutApi>;

const WARNING = 'Phụ tùng này không vừa xe VinFast Feliz S 2023 của bạn.';
/** What the server says of each product for the Feliz S 2023 (model 1): the battery does not fit, the cable does. */
const FITS: Record<string, FitStatus> = { 'product-1': 'DOES_NOT_FIT', 'product-7': 'FITS' };

function withFit(cart: Cart, fit: { fitModel?: number; fitYear?: number } | undefined): Cart {
  if (!fit?.fitModel) return cart;
  return { ...cart, items: cart.items.map((entry) => ({ ...entry, fit: FITS[entry.id] ?? 'UNKNOWN' }) as CartLine) };
}

/** The cart calls answered by a fake server cart that marks each line's fit when asked with a vehicle. */
function serve(lines: CartLine[] = []) {
  const server = fakeServer(lines);
  for (const key of Object.keys(server.api) as Array<keyof typeof server.api>) (mockedCart[key] as jest.Mock).mockImplementation(server.api[key]);
  mockedCart.get.mockImplementation(async (signal, fit) => withFit(await server.api.get(signal), fit));
  mockedCart.validate.mockImplementation(async (items, signal, fit) => withFit(await server.api.validate(items, signal), fit));
  return server;
}

async function logIn(session: Session = customer) {
  await act(async () => {
    sessionStore.save(session);
    eventBus.publish('auth/login', { user: session.user, token: session.token });
    await cartService.idle();
  });
}

const chooseFeliz = () => localStorage.setItem(STORAGE_KEYS.chosenVehicle, JSON.stringify({ modelId: 1, year: 2023, label: 'VinFast Feliz S', vehicleId: null, userId: null }));

beforeEach(async () => {
  jest.resetAllMocks();
  answerWithFixtures();
  serve();
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

describe('the cart warns of a part that does not fit the chosen vehicle', () => {
  it("a customer's line that does not fit is noted; the one that fits is not; checkout stays open", async () => {
    serve([line(battery, 1), line(cable, 2)]);
    chooseFeliz();
    await logIn();
    renderAt('/cart');
    const batteryLine = await screen.findByTestId('cart-line-product-1');
    expect(await within(batteryLine).findByText(`⚠ ${WARNING}`)).toBeInTheDocument();
    expect(mockedCart.get).toHaveBeenCalledWith(expect.anything(), { fitModel: 1, fitYear: 2023 });
    expect(within(screen.getByTestId('cart-line-product-7')).queryByTestId('fit-warning')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Thanh toán' })).toBeEnabled();

    // a quantity change keeps the note
    await userEvent.click(screen.getByRole('button', { name: 'Tăng số lượng Cáp sạc Type 2' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Số lượng Cáp sạc Type 2' })).toHaveValue(3));
    expect(within(screen.getByTestId('cart-line-product-1')).getByTestId('fit-warning')).toHaveTextContent(WARNING);
  });

  it("a guest's cart is checked with the vehicle too", async () => {
    chooseFeliz();
    await act(async () => {
      await cartService.add(battery);
    });
    renderAt('/cart');
    const batteryLine = await screen.findByTestId('cart-line-product-1');
    expect(await within(batteryLine).findByTestId('fit-warning')).toHaveTextContent(WARNING);
    expect(mockedCart.validate).toHaveBeenCalledWith([{ kind: 'product', refId: 1, quantity: 1, price: 8_900_000 }], expect.anything(), { fitModel: 1, fitYear: 2023 });
  });

  it('without a chosen vehicle nothing is asked and nothing is noted', async () => {
    serve([line(battery, 1)]);
    await logIn();
    renderAt('/cart');
    await screen.findByTestId('cart-line-product-1');
    await waitFor(() => expect(mockedCart.get).toHaveBeenCalled());
    expect(mockedCart.get.mock.calls.every((call) => call[1] === undefined)).toBe(true);
    expect(screen.queryByTestId('fit-warning')).not.toBeInTheDocument();
  });
});

describe('the checkout warns of a part that does not fit, and still places the order', () => {
  it('shows the note by the line and places the order', async () => {
    const lines = [line(battery, 1), line(cable, 2)];
    serve(lines);
    mockedCheckout.quote.mockImplementation(async () => quoteOf(lines, { shippingFee: 30_000 }));
    mockedCheckout.placeOrder.mockResolvedValue(order());
    chooseFeliz();
    await logIn({ ...customer, user: { ...customer.user, phoneNumber: '0912345678' } });
    renderAt('/checkout');
    const batteryLine = await screen.findByTestId('checkout-line-product-1');
    expect(await within(batteryLine).findByTestId('fit-warning')).toHaveTextContent(WARNING);
    expect(within(screen.getByTestId('checkout-line-product-7')).queryByTestId('fit-warning')).not.toBeInTheDocument();

    await userEvent.type(await screen.findByLabelText('Phường/xã'), 'Phường Cầu Giấy');
    await userEvent.type(screen.getByLabelText('Số nhà, tên đường'), '88 Xuân Thủy');
    await userEvent.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    await screen.findByRole('heading', { name: 'Đặt hàng thành công' });
    expect(mockedCheckout.placeOrder).toHaveBeenCalledTimes(1);
  });
});
