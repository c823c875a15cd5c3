import { productCardOf } from 'shared-contracts/pricing';
import type { Brand, Category, ProductCardPage, ProductDetail, ProductPage, ProductReview, ProductReviewPage, ProductSummary, Promotion, SavedPromotion, Service, ServiceCentre, ServicePackage } from 'shared-contracts/schemas';

/** Realistic API data for the storefront's tests (the shapes of shared-contracts/schemas/catalogue). */

export function product(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 1,
    slug: 'pin-lithium-48v-20ah',
    name: 'Pin lithium 48V 20Ah',
    brand: { slug: 'vinfast', name: 'VinFast' },
    category: { slug: 'pin-bo-sac', name: 'Pin & bộ sạc' },
    price: 8_900_000,
    originalPrice: null,
    discountPercent: null,
    stock: 12,
    inStock: true,
    image: { url: '/api/media/catalogue/products/pin-lithium-48v-20ah.svg', width: 800, height: 600, alt: 'Pin lithium 48V 20Ah' },
    ratingAverage: null,
    ratingCount: 0,
    ...overrides,
  };
}

export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    ...product(),
    sku: 'PIN-48V-20AH',
    salesCount: 120,
    compatibleModels: ['VinFast Evo200', 'VinFast Feliz S'],
    createdAt: '2026-10-01T03:00:00.000Z',
    description: 'Pin lithium-ion dung lượng 20Ah cho xe máy điện.',
    specifications: [
      { label: 'Điện áp', value: '48V' },
      { label: 'Dung lượng', value: '20Ah' },
    ],
    images: [{ url: '/api/media/catalogue/products/pin-lithium-48v-20ah.svg', width: 800, height: 600, alt: 'Pin lithium 48V 20Ah' }],
    vehicleTypes: ['scooter'],
    warrantyMonths: 12,
    ...overrides,
  };
}

export function review(overrides: Partial<ProductReview> = {}): ProductReview {
  return {
    id: 1,
    productId: 1,
    rating: 5,
    text: 'Pin dùng tốt, sạc đầy đi được khoảng 70 km.',
    photos: [],
    authorName: 'Minh N.',
    verifiedPurchase: true,
    createdAt: '2026-11-20T17:30:00.000Z',
    editedAt: null,
    helpfulCount: 3,
    votedHelpful: false,
    mine: false,
    reply: null,
    ...overrides,
  };
}

/** A page of a product's reviews: 12 reviews (8, 3, 0, 1, 0 of 5..1 stars: 4,5 on average), 3 with photos. */
export function reviewPage(items: ProductReview[], overrides: Partial<ProductReviewPage> = {}): ProductReviewPage {
  return {
    summary: { average: 4.5, count: 12, distribution: [0, 1, 0, 3, 8], withPhotos: 3 },
    items,
    total: 12,
    page: 1,
    pageSize: 10,
    totalPages: 2,
    ...overrides,
  };
}

/** A page of GET /api/products in the full form. */
export function fullProductPage(items: ProductSummary[], overrides: Partial<ProductPage> = {}): ProductPage {
  return { items, total: items.length, page: 1, pageSize: 12, totalPages: items.length > 0 ? 1 : 0, ...overrides };
}

/** The same page in the card form, as storefrontApi.products answers it (the API's projection of each item). */
export function productPage(items: ProductSummary[], overrides: Partial<ProductCardPage> = {}): ProductCardPage {
  return { items: items.map((item) => productCardOf(item)), total: items.length, page: 1, pageSize: 12, totalPages: items.length > 0 ? 1 : 0, ...overrides };
}

export const categories: Category[] = [
  { id: 1, slug: 'pin-bo-sac', name: 'Pin & bộ sạc', description: 'Pin lithium và bộ sạc chính hãng.', group: 'parts', image: null, productCount: 8 },
  { id: 2, slug: 'cap-sac', name: 'Cáp sạc', description: 'Cáp và đầu sạc các chuẩn.', group: 'accessories', image: null, productCount: 5 },
];

export const brands: Brand[] = [
  { id: 1, slug: 'vinfast', name: 'VinFast', country: 'Việt Nam', productCount: 10 },
  { id: 2, slug: 'yadea', name: 'Yadea', country: 'Trung Quốc', productCount: 6 },
];

export function service(overrides: Partial<Service> = {}): Service {
  return {
    id: 1,
    slug: 'bao-duong-co-ban',
    name: 'Bảo dưỡng cơ bản',
    kind: 'maintenance',
    tier: 'co-ban',
    summary: 'Kiểm tra phanh, lốp, đèn và hệ thống điện.',
    includes: ['Kiểm tra phanh', 'Kiểm tra lốp'],
    description: '',
    vatRate: 8,
    price: 250_000,
    durationMinutes: 45,
    vehicleTypes: ['scooter', 'motorbike'],
    checklist: [],
    image: null,
    ...overrides,
  };
}

export const services: Service[] = [
  service(),
  service({ id: 2, slug: 'bao-duong-nang-cao', name: 'Bảo dưỡng nâng cao', tier: 'nang-cao', price: 550_000, durationMinutes: 90 }),
  service({ id: 3, slug: 'bao-duong-cao-cap', name: 'Bảo dưỡng cao cấp', tier: 'cao-cap', price: 990_000, durationMinutes: 150 }),
  service({ id: 4, slug: 'chan-doan-loi-dien', name: 'Chẩn đoán lỗi điện', kind: 'diagnostics', tier: null, price: 300_000, durationMinutes: 60 }),
  service({ id: 5, slug: 'kiem-tra-pin-bms', name: 'Kiểm tra pin & BMS', kind: 'battery', tier: null, price: 350_000, durationMinutes: 60 }),
];

export function servicePackage(overrides: Partial<ServicePackage> = {}): ServicePackage {
  return {
    id: 1,
    slug: 'co-ban',
    tier: 'co-ban',
    name: 'Gói cơ bản',
    description: 'Bảo dưỡng định kỳ thiết yếu.',
    price: 800_000,
    originalPrice: 1_000_000,
    validityMonths: 12,
    vehicleTypes: ['scooter'],
    credits: [{ serviceSlug: 'bao-duong-co-ban', serviceName: 'Bảo dưỡng cơ bản', quantity: 4 }],
    perks: ['Giảm 5% phụ tùng'],
    highlighted: false,
    image: null,
    ...overrides,
  };
}

export const packages: ServicePackage[] = [
  servicePackage(),
  servicePackage({ id: 2, slug: 'tieu-chuan', tier: 'tieu-chuan', name: 'Gói tiêu chuẩn', price: 1_500_000, originalPrice: 1_900_000, highlighted: true, perks: ['Giảm 10% phụ tùng', 'Cứu hộ nội thành'] }),
  servicePackage({ id: 3, slug: 'cao-cap', tier: 'cao-cap', name: 'Gói cao cấp', price: 2_900_000, originalPrice: 3_600_000, validityMonths: 24 }),
];

export function promotion(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: 1,
    code: 'NEWUSER20',
    title: 'Chào bạn mới',
    description: 'Ưu đãi cho đơn hàng đầu tiên.',
    type: 'percentage',
    value: 20,
    minOrder: 1_000_000,
    maxDiscount: 500_000,
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2026-12-31T16:59:59.000Z',
    isActive: true,
    usageLimit: 999,
    usedCount: 12,
    image: '/api/media/catalogue/promotions/newuser20.svg',
    imageWidth: 1200,
    imageHeight: 400,
    kind: 'general',
    eligibility: 'new-customer',
    perCustomerLimit: 1,
    ...overrides,
  };
}

export const promotions: Promotion[] = [
  promotion(),
  promotion({ id: 2, code: 'FREESHIP', title: 'Miễn phí giao hàng', type: 'shipping', value: 200_000, minOrder: 1_500_000, maxDiscount: undefined, kind: 'flash-sale', eligibility: 'everyone', usageLimit: 100, usedCount: 97 }),
  promotion({ id: 3, code: 'MEMBER10', title: 'Ưu đãi thành viên', value: 10, minOrder: 2_000_000, maxDiscount: 300_000, kind: 'vip', eligibility: 'member', perCustomerLimit: 5 }),
];

export type SavedPromotionFixture = SavedPromotion;

export function saved(promo: Promotion): SavedPromotion {
  return { ...promo, savedAt: '2026-11-20T02:00:00.000Z' };
}

export const centres: ServiceCentre[] = [
  {
    id: 1,
    slug: 'quan-1',
    name: 'EV Service Quận 1',
    city: 'TP. Hồ Chí Minh',
    address: '12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
    phone: '028 3812 3456',
    email: 'quan1@evservice.vn',
    openTime: '08:00',
    closeTime: '18:00',
    serviceBays: 6,
  },
  {
    id: 2,
    slug: 'cau-giay',
    name: 'EV Service Cầu Giấy',
    city: 'Hà Nội',
    address: '88 Xuân Thủy, Cầu Giấy, Hà Nội',
    phone: '024 3756 7890',
    email: 'caugiay@evservice.vn',
    openTime: '08:00',
    closeTime: '17:30',
    serviceBays: 4,
  },
];

/**
 * A price as the page shows it (Intl's vi-VN VND format, e.g. '1.500.000 ₫'), with the non-breaking space
 * Intl puts before '₫' made a plain one, as Testing Library's text matching normalises it.
 */
export function money(amount: number): string {
  return new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' }).format(amount).replace(/\s/g, ' ');
}
