import { render, screen } from '@testing-library/react';
import type { PointsOffer } from 'shared-contracts/schemas';
import { OrderTotals } from '../../../src/pages/cart/OrderTotals';
import type { QuoteView } from '../../../src/pages/cart/orderQuote';
import { money } from '../../support/fixtures';
import { save500k } from '../../support/shopFixtures';

const offer = (overrides: Partial<PointsOffer> = {}): PointsOffer => ({ balance: 12_500, pointValue: 10, minimum: 100, capPercent: 50, maxUsable: 12_500, used: 0, value: 0, ...overrides });

/** 2.500.000 ₫ of goods, SAVE500K, 30.000 ₫ shipping; the total takes off what the points pay. */
function quoteView(points: PointsOffer | null): QuoteView {
  return {
    subtotal: 2_500_000,
    discount: 500_000,
    shippingFee: 30_000,
    shippingDiscount: 0,
    total: 2_500_000 - 500_000 + 30_000 - (points?.value ?? 0),
    promotion: save500k,
    promoError: null,
    authoritative: true,
    lines: null,
    points,
    pointsError: null,
    shippingOptions: [],
    shippingChoice: null,
    shippingNotice: null,
  };
}

describe('OrderTotals', () => {
  it("shows the points used and their worth apart from the code's discount, so the figures add up", () => {
    render(<OrderTotals quote={quoteView(offer({ used: 2_000, value: 20_000 }))} />);
    expect(screen.getByText('Giảm giá (SAVE500K)').nextElementSibling).toHaveTextContent(`−${money(500_000)}`);
    expect(screen.getByText('Điểm thưởng (−2.000 điểm)').nextElementSibling).toHaveTextContent(`−${money(20_000)}`);
    expect(screen.getByTestId('order-total')).toHaveTextContent(money(2_010_000));
  });

  it('has no points line when none are used (or the quote has none: a guest, an older answer)', () => {
    const { rerender } = render(<OrderTotals quote={quoteView(offer())} />);
    expect(screen.queryByText(/^Điểm thưởng/)).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent(money(2_030_000));
    rerender(<OrderTotals quote={quoteView(null)} />);
    expect(screen.queryByText(/^Điểm thưởng/)).not.toBeInTheDocument();
  });
});
