import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eventBus, formatVnd, sessionStore, type Session } from 'shared-contracts';
import { cartApi } from '../../../src/cart/cartApi';
import { cartService, shopStore } from '../../../src/cart/cartOwner';
import { checkoutApi } from '../../../src/cart/checkoutApi';
import { DEFAULT_SHIPPING, setShipping } from '../../../src/cart/checkoutSlice';
import { MemberPrices } from '../../../src/pages/products/MemberPrices';
import { removePromo } from '../../../src/pages/promotions/promoSlice';
import * as fixtures from '../../support/fixtures';
import { money } from '../../support/fixtures';
import { answerWithFixtures, api, renderAt } from '../../support/render';
import { cable, customer, fakeServer, line, order, quoteOf } from '../../support/shopFixtures';

jest.mock('../../../src/api/storefrontApi');
jest.mock('../../../src/cart/cartApi');
jest.mock('../../../src/cart/checkoutApi', () => ({
  ...jest.requireActual('../../../src/cart/checkoutApi'),
  checkoutApi: { quote: jest.fn(), placeOrder: jest.fn() },
}));

const mockedCart = cartApi as jest.Mocked<typeof cartApi>;
const mockedCheckout = checkoutApi as jest.Mocked<typeof checkoutApi>;
const withPhone: Session = { ...customer, user: { ...customer.user, phoneNumber: '0912345678' } };

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

describe('member prices on the product page', () => {
  it('shows a line per tier under the price', async () => {
    api.product.mockResolvedValue(
      fixtures.productDetail({
        memberPrices: [
          { tier: 'GOLD', tierLabel: 'Vàng', price: 1_200_000 },
          { tier: 'DIAMOND', tierLabel: 'Kim cương', price: 1_100_000 },
        ],
      }),
    );
    renderAt('/products/pin-lithium-48v-20ah');
    const list = await screen.findByRole('list', { name: 'Giá thành viên' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Giá thành viên hạng Vàng trở lên: ${formatVnd(1_200_000)}`,
      `Giá thành viên hạng Kim cương: ${formatVnd(1_100_000)}`,
    ]);
    expect(screen.getByTestId('price').compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing without member prices', () => {
    const { container } = render(<MemberPrices prices={[]} />);
    expect(container).toBeEmptyDOMElement();
    expect(render(<MemberPrices prices={undefined} />).container).toBeEmptyDOMElement();
  });
});

describe('a member price at checkout', () => {
  it('shows the member price with the list price struck through, and sends it as the price shown', async () => {
    const lines = [line(cable, 2)];
    const server = fakeServer(lines);
    for (const key of Object.keys(server.api) as Array<keyof typeof server.api>) (mockedCart[key] as jest.Mock).mockImplementation(server.api[key]);
    mockedCheckout.quote.mockImplementation(async () => quoteOf([line(cable, 2, { price: 1_000_000, memberTier: 'GOLD', listPrice: 1_250_000 })]));
    mockedCheckout.placeOrder.mockResolvedValue(order({ total: 2_030_000 }));
    await act(async () => {
      sessionStore.save(withPhone);
      eventBus.publish('auth/login', { user: withPhone.user, token: withPhone.token });
      await cartService.idle();
    });

    renderAt('/checkout');
    const summary = await screen.findByRole('region', { name: 'Đơn hàng của bạn' });
    const price = await within(summary).findByTestId('member-line-price');
    expect(price).toHaveTextContent('Giá thành viên hạng Vàng');
    expect(price.querySelector('del')).toHaveTextContent(money(2_500_000));
    expect(within(price).getByText(money(2_000_000))).toBeInTheDocument();
    await waitFor(() => expect(within(summary).getByTestId('order-total')).toHaveTextContent(money(2_000_000 + 30_000)));
    // Not a price change: no notice, and the cart is not read again for it.
    expect(within(summary).queryByTestId('price-change')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Phường/xã'), 'Phường Cầu Giấy');
    await userEvent.type(screen.getByLabelText('Số nhà, tên đường'), '88 Xuân Thủy');
    await userEvent.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    await screen.findByRole('heading', { name: 'Đặt hàng thành công' });
    expect(mockedCheckout.placeOrder.mock.calls[0]![0].items).toEqual([{ kind: 'product', refId: 7, quantity: 2, price: 1_000_000 }]);
  });
});
