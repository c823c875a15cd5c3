import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckoutQuoteInput, ShippingChoiceInput, ShippingOption } from 'shared-contracts/schemas';
import { checkoutApi } from '../../../src/cart/checkoutApi';
import { OrderTotals } from '../../../src/pages/cart/OrderTotals';
import { useOrderQuote } from '../../../src/pages/cart/orderQuote';
import { ShippingOptions } from '../../../src/pages/cart/ShippingChoice';
import { money } from '../../support/fixtures';
import { cable, line, quoteOf } from '../../support/shopFixtures';

jest.mock('../../../src/cart/checkoutApi', () => ({
  ...jest.requireActual('../../../src/cart/checkoutApi'),
  checkoutApi: { quote: jest.fn(), placeOrder: jest.fn() },
}));
const mockedCheckout = checkoutApi as jest.Mocked<typeof checkoutApi>;

const ghtk: ShippingOption = { carrier: 'GHTK', carrierLabel: 'Giao Hàng Tiết Kiệm', service: 'road', serviceLabel: 'Đường bộ', fee: 22_000, expectedDelivery: '2026-12-04', cheapest: true, fastest: false };
const ghn: ShippingOption = { carrier: 'GHN', carrierLabel: 'Giao Hàng Nhanh', service: '53320', serviceLabel: 'Chuẩn', fee: 31_000, expectedDelivery: '2026-12-02', cheapest: false, fastest: true };
const lines = [line(cable, 1)];

/** The checkout's delivery section: the options of the quote for a coded ward and the totals with the chosen fee. */
function Delivery() {
  const [pick, setPick] = useState<ShippingChoiceInput | null>(null);
  const quote = useOrderQuote(lines, null, { method: 'delivery', province: 'Hà Nội' }, true, { wardCode: '00166', shippingChoice: pick });
  const view = quote.status === 'ready' ? quote.quote : quote.status === 'loading' ? quote.previous : null;
  return (
    <>
      <ShippingOptions idPrefix="t" options={view?.shippingOptions ?? []} chosen={view?.shippingChoice ?? null} notice={view?.shippingNotice ?? null} loading={quote.status === 'loading'} onChoose={setPick} />
      {view && <OrderTotals quote={view} />}
    </>
  );
}

describe('the carriers\' options at checkout', () => {
  beforeEach(() => mockedCheckout.quote.mockReset());

  it('lists each option with its fee, expected day and badges; choosing one puts its fee in the total', async () => {
    mockedCheckout.quote.mockImplementation(async (input: CheckoutQuoteInput) => {
      const chosen = input.shippingChoice?.carrier === 'GHN' ? ghn : ghtk;
      return quoteOf(lines, {
        shippingFee: chosen.fee,
        total: cable.price + chosen.fee,
        shippingOptions: [ghtk, ghn],
        shippingChoice: { carrier: chosen.carrier, service: chosen.service },
        shippingFallback: false,
        shippingNotice: null,
      });
    });
    const user = userEvent.setup();
    render(<Delivery />);
    const cheap = await screen.findByRole('radio', { name: /Giao Hàng Tiết Kiệm – Đường bộ/ });
    expect(cheap).toBeChecked();
    const group = screen.getByRole('group', { name: 'Đơn vị vận chuyển' });
    expect(within(group).getByText('Rẻ nhất')).toBeInTheDocument();
    expect(within(group).getByText('Nhanh nhất')).toBeInTheDocument();
    expect(within(group).getByText('Dự kiến giao: 02/12/2026')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent(money(cable.price + 22_000));
    expect(mockedCheckout.quote.mock.calls[0]![0].fulfilment).toEqual({ method: 'delivery', province: 'Hà Nội', wardCode: '00166' });

    await user.click(screen.getByRole('radio', { name: /Giao Hàng Nhanh – Chuẩn/ }));
    expect(await screen.findByText(money(cable.price + 31_000))).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Giao Hàng Nhanh – Chuẩn/ })).toBeChecked();
    expect(mockedCheckout.quote).toHaveBeenLastCalledWith(expect.objectContaining({ shippingChoice: { carrier: 'GHN', service: '53320' } }), expect.anything());
  });

  it('says the flat fee applies when the carriers did not answer', async () => {
    mockedCheckout.quote.mockResolvedValue(
      quoteOf(lines, {
        shippingFee: 30_000,
        total: cable.price + 30_000,
        shippingOptions: [],
        shippingChoice: null,
        shippingFallback: true,
        shippingNotice: 'Chưa lấy được phí từ đơn vị vận chuyển, áp dụng phí giao hàng cố định.',
      }),
    );
    render(<Delivery />);
    expect(await screen.findByText('Chưa lấy được phí từ đơn vị vận chuyển, áp dụng phí giao hàng cố định.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent(money(cable.price + 30_000));
  });
});
