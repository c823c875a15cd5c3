import {
  priceOrder,
  shippingFeeFor,
  vietnamMonthOf,
  type PricingLine,
  type PromotionCustomerContext,
} from '../src/pricing';
import type { Promotion } from '../src/schemas/catalogue';

/** The five sample promotions as seeded (api/seed/catalogue/promotions.ts), live from 2026-11-01 to 2027-03-01. */
const base = {
  description: '',
  validFrom: '2026-11-01T00:00:00.000Z',
  validTo: '2027-03-01T00:00:00.000Z',
  isActive: true,
  usedCount: 0,
  image: '/x.svg',
  imageWidth: 1200,
  imageHeight: 400,
  kind: 'general' as const,
};
const NEWUSER20: Promotion = { ...base, id: 1, code: 'NEWUSER20', title: 'NEWUSER20', type: 'percentage', value: 20, minOrder: 1_000_000, maxDiscount: 500_000, usageLimit: 1, perCustomerLimit: 1, eligibility: 'new-customer' };
const FREESHIP: Promotion = { ...base, id: 2, code: 'FREESHIP', title: 'FREESHIP', type: 'shipping', value: 200_000, minOrder: 500_000, usageLimit: 999, perCustomerLimit: 3, eligibility: 'everyone' };
const SAVE500K: Promotion = { ...base, id: 3, code: 'SAVE500K', title: 'SAVE500K', type: 'fixed', value: 500_000, minOrder: 5_000_000, usageLimit: 100, perCustomerLimit: 1, category: ['parts'], eligibility: 'everyone' };
const BIRTHDAY15: Promotion = { ...base, id: 4, code: 'BIRTHDAY15', title: 'BIRTHDAY15', type: 'percentage', value: 15, minOrder: 2_000_000, maxDiscount: 1_000_000, usageLimit: 1, perCustomerLimit: 1, eligibility: 'birthday-month' };
const MEMBER10: Promotion = { ...base, id: 5, code: 'MEMBER10', title: 'MEMBER10', type: 'percentage', value: 10, minOrder: 1_500_000, maxDiscount: 300_000, usageLimit: 5, perCustomerLimit: 5, kind: 'vip', eligibility: 'member' };

const NOW = new Date('2026-11-22T03:00:00.000Z'); // November in Viet Nam
const customer = (overrides: Partial<PromotionCustomerContext> = {}): PromotionCustomerContext => ({
  now: NOW,
  isFirstOrder: true,
  birthMonth: 11,
  usedByCustomer: 0,
  isMember: true,
  isVip: false,
  ...overrides,
});
const parts = (amount: number): PricingLine => ({ unitPrice: amount, quantity: 1, promoGroup: 'parts' });
const accessories = (amount: number): PricingLine => ({ unitPrice: amount, quantity: 1, promoGroup: 'accessories' });
const servicePackage = (amount: number): PricingLine => ({ unitPrice: amount, quantity: 1, promoGroup: null });

interface Case {
  name: string;
  promotion: Promotion;
  lines: PricingLine[];
  shippingFee?: number;
  customer?: Partial<PromotionCustomerContext>;
  discount?: number;
  shippingDiscount?: number;
  total?: number;
  refusal?: [string, string];
}

const cases: Case[] = [
  // NEWUSER20: 20 % of the order, at most 500.000 ₫, from 1.000.000 ₫, first order only, one use in all.
  { name: 'NEWUSER20 at exactly the minimum', promotion: NEWUSER20, lines: [parts(1_000_000)], shippingFee: 30_000, discount: 200_000, total: 830_000 },
  { name: 'NEWUSER20 just under the minimum', promotion: NEWUSER20, lines: [parts(999_999)], refusal: ['PROMO_MIN_ORDER', 'Đơn hàng tối thiểu 1.000.000 ₫'] },
  { name: 'NEWUSER20 reaching its cap exactly', promotion: NEWUSER20, lines: [parts(2_500_000)], discount: 500_000, total: 2_000_000 },
  { name: 'NEWUSER20 capped by maxDiscount', promotion: NEWUSER20, lines: [parts(3_000_000), accessories(1_000_000)], discount: 500_000, total: 3_500_000 },
  { name: 'NEWUSER20 rounds down to the đồng', promotion: NEWUSER20, lines: [parts(1_234_567)], discount: 246_913, total: 987_654 },
  { name: 'NEWUSER20 on a second order', promotion: NEWUSER20, lines: [parts(2_000_000)], customer: { isFirstOrder: false }, refusal: ['PROMO_FIRST_ORDER_ONLY', 'Mã chỉ áp dụng cho đơn hàng đầu tiên.'] },
  { name: 'NEWUSER20 used up (usageLimit 1)', promotion: { ...NEWUSER20, usedCount: 1 }, lines: [parts(2_000_000)], refusal: ['PROMO_USED_UP', 'Mã đã hết lượt sử dụng'] },
  { name: 'NEWUSER20 counts service packages (no category restriction)', promotion: NEWUSER20, lines: [servicePackage(1_690_000)], discount: 338_000, total: 1_352_000 },
  // FREESHIP: waives the shipping fee up to 200.000 ₫, from 500.000 ₫, 3 uses per customer.
  { name: 'FREESHIP waives a 30.000 ₫ fee', promotion: FREESHIP, lines: [accessories(500_000)], shippingFee: 30_000, shippingDiscount: 30_000, discount: 0, total: 500_000 },
  { name: 'FREESHIP waives at most its value', promotion: FREESHIP, lines: [accessories(600_000)], shippingFee: 250_000, shippingDiscount: 200_000, total: 650_000 },
  { name: 'FREESHIP under the minimum', promotion: FREESHIP, lines: [accessories(499_999)], shippingFee: 30_000, refusal: ['PROMO_MIN_ORDER', 'Đơn hàng tối thiểu 500.000 ₫'] },
  { name: 'FREESHIP with nothing to waive (pick-up)', promotion: FREESHIP, lines: [accessories(900_000)], shippingFee: 0, refusal: ['PROMO_NO_SHIPPING_FEE', 'Đơn hàng không có phí vận chuyển để áp dụng mã này.'] },
  { name: 'FREESHIP after its 3 uses by this customer', promotion: FREESHIP, lines: [accessories(900_000)], shippingFee: 30_000, customer: { usedByCustomer: 3 }, refusal: ['PROMO_CUSTOMER_LIMIT', 'Bạn đã dùng hết lượt của mã này.'] },
  // SAVE500K: 500.000 ₫ off parts worth 5.000.000 ₫ or more.
  { name: 'SAVE500K on 5.000.000 ₫ of parts', promotion: SAVE500K, lines: [parts(2_500_000), parts(2_500_000)], shippingFee: 30_000, discount: 500_000, total: 4_530_000 },
  { name: 'SAVE500K: only parts count towards the minimum', promotion: SAVE500K, lines: [parts(4_900_000), accessories(2_000_000)], refusal: ['PROMO_MIN_ORDER', 'Đơn hàng tối thiểu 5.000.000 ₫'] },
  { name: 'SAVE500K without parts', promotion: SAVE500K, lines: [accessories(6_000_000)], refusal: ['PROMO_CATEGORY', 'Mã chỉ áp dụng cho sản phẩm thuộc danh mục: Phụ tùng.'] },
  { name: 'SAVE500K on service packages only', promotion: SAVE500K, lines: [servicePackage(6_000_000)], refusal: ['PROMO_CATEGORY', 'Mã chỉ áp dụng cho sản phẩm thuộc danh mục: Phụ tùng.'] },
  { name: 'a fixed amount is capped at the eligible subtotal', promotion: { ...SAVE500K, minOrder: 0 }, lines: [parts(300_000), accessories(1_000_000)], discount: 300_000, total: 1_000_000 },
  { name: 'SAVE500K before its window', promotion: { ...SAVE500K, validFrom: '2026-11-23T00:00:00.000Z' }, lines: [parts(6_000_000)], refusal: ['PROMO_NOT_STARTED', 'Mã khuyến mãi chưa đến thời gian áp dụng.'] },
  { name: 'SAVE500K at the end of its window', promotion: { ...SAVE500K, validTo: NOW.toISOString() }, lines: [parts(6_000_000)], refusal: ['PROMO_EXPIRED', 'Mã khuyến mãi đã hết hạn.'] },
  { name: 'SAVE500K switched off', promotion: { ...SAVE500K, isActive: false }, lines: [parts(6_000_000)], refusal: ['PROMO_INACTIVE', 'Mã khuyến mãi đang tạm ngưng.'] },
  // BIRTHDAY15: 15 % (at most 1.000.000 ₫) from 2.000.000 ₫ in the customer's birth month.
  { name: 'BIRTHDAY15 in the birth month', promotion: BIRTHDAY15, lines: [parts(2_000_000)], discount: 300_000, total: 1_700_000 },
  { name: 'BIRTHDAY15 capped at 1.000.000 ₫', promotion: BIRTHDAY15, lines: [parts(9_000_000)], discount: 1_000_000, total: 8_000_000 },
  { name: 'BIRTHDAY15 in another month', promotion: BIRTHDAY15, lines: [parts(3_000_000)], customer: { birthMonth: 10 }, refusal: ['PROMO_BIRTHDAY_ONLY', 'Mã chỉ áp dụng trong tháng sinh nhật của bạn.'] },
  { name: 'BIRTHDAY15 without a date of birth', promotion: BIRTHDAY15, lines: [parts(3_000_000)], customer: { birthMonth: null }, refusal: ['PROMO_BIRTHDAY_UNKNOWN', 'Vui lòng cập nhật ngày sinh trong hồ sơ để dùng mã sinh nhật.'] },
  {
    name: 'BIRTHDAY15: the month is Viet Nam’s (30/11 18:00 UTC is already 01/12)',
    promotion: BIRTHDAY15,
    lines: [parts(2_000_000)],
    customer: { now: new Date('2026-11-30T18:00:00.000Z'), birthMonth: 12 },
    discount: 300_000,
  },
  { name: 'BIRTHDAY15 under the minimum', promotion: BIRTHDAY15, lines: [parts(1_999_999)], refusal: ['PROMO_MIN_ORDER', 'Đơn hàng tối thiểu 2.000.000 ₫'] },
  // MEMBER10: 10 % (at most 300.000 ₫) from 1.500.000 ₫ for members, 5 uses.
  { name: 'MEMBER10 at the minimum', promotion: MEMBER10, lines: [accessories(1_500_000)], shippingFee: 50_000, discount: 150_000, total: 1_400_000 },
  { name: 'MEMBER10 capped at 300.000 ₫', promotion: MEMBER10, lines: [accessories(4_000_000)], discount: 300_000, total: 3_700_000 },
  { name: 'MEMBER10 for a guest', promotion: MEMBER10, lines: [accessories(4_000_000)], customer: { isMember: false }, refusal: ['PROMO_MEMBER_ONLY', 'Mã chỉ dành cho thành viên. Vui lòng đăng nhập.'] },
  { name: 'MEMBER10 after its 5 uses', promotion: { ...MEMBER10, usedCount: 5 }, lines: [accessories(4_000_000)], refusal: ['PROMO_USED_UP', 'Mã đã hết lượt sử dụng'] },
  { name: 'a VIP code for a customer who is not VIP', promotion: { ...MEMBER10, eligibility: 'vip' }, lines: [accessories(4_000_000)], refusal: ['PROMO_VIP_ONLY', 'Mã chỉ dành cho thành viên VIP.'] },
];

describe('priceOrder over the five sample promotions', () => {
  it.each(cases)('$name', (testCase) => {
    const shippingFee = testCase.shippingFee ?? 0;
    const result = priceOrder({ lines: testCase.lines, promotion: testCase.promotion, shippingFee, customer: customer(testCase.customer) });
    const subtotal = testCase.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    expect(result.subtotal).toBe(subtotal);
    expect(result.shippingFee).toBe(shippingFee);
    if (testCase.refusal) {
      expect(result.refusal).toEqual({ code: testCase.refusal[0], message: testCase.refusal[1] });
      expect([result.discount, result.shippingDiscount, result.total]).toEqual([0, 0, subtotal + shippingFee]);
    } else {
      expect(result.refusal).toBeNull();
      expect(result.discount).toBe(testCase.discount ?? 0);
      expect(result.shippingDiscount).toBe(testCase.shippingDiscount ?? 0);
      if (testCase.total !== undefined) expect(result.total).toBe(testCase.total);
      expect(result.total).toBe(subtotal - result.discount + shippingFee - result.shippingDiscount);
    }
  });

  it('prices an order without a code', () => {
    expect(priceOrder({ lines: [parts(100_000), { unitPrice: 50_000, quantity: 3, promoGroup: 'equipment' }], promotion: null, shippingFee: 30_000, customer: customer() })).toEqual({
      subtotal: 250_000,
      eligibleSubtotal: 250_000,
      discount: 0,
      shippingFee: 30_000,
      shippingDiscount: 0,
      total: 280_000,
      refusal: null,
    });
  });

  it('takes the month in Asia/Ho_Chi_Minh', () => {
    expect(vietnamMonthOf(new Date('2026-12-31T16:59:59.999Z'))).toBe(12);
    expect(vietnamMonthOf(new Date('2026-12-31T17:00:00.000Z'))).toBe(1);
  });
});

describe('shippingFeeFor', () => {
  it('is free for a pick-up and for packages only, 30.000 ₫ to a province with a centre, 50.000 ₫ elsewhere', () => {
    expect(shippingFeeFor({ method: 'pickup' })).toBe(0);
    expect(shippingFeeFor({ method: 'delivery', province: 'Hà Nội' })).toBe(30_000);
    expect(shippingFeeFor({ method: 'delivery', province: 'TP. Hồ Chí Minh' })).toBe(30_000);
    expect(shippingFeeFor({ method: 'delivery', province: 'can-tho' })).toBe(30_000);
    expect(shippingFeeFor({ method: 'delivery', province: 'Lào Cai' })).toBe(50_000);
    expect(shippingFeeFor({ method: 'delivery', province: 'Cà Mau' })).toBe(50_000);
    expect(shippingFeeFor({ method: 'delivery', province: 'Hà Nội' }, false)).toBe(0);
  });
});
