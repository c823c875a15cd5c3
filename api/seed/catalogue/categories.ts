import type { PromotionCategory } from 'shared-contracts/schemas';
import type { Pictogram } from './images';

export interface CategorySeed {
  slug: string;
  name: string;
  description: string;
  group: PromotionCategory;
  pictogram: Pictogram;
}

/** The product categories: the header's four first (their slugs are the header's links), then the others. */
export const CATEGORIES: readonly CategorySeed[] = [
  {
    slug: 'pin-bo-sac',
    name: 'Pin & bộ sạc',
    description: 'Pin lithium, pin LFP, pin chì – axit và bộ sạc cho xe máy điện, mô tô điện và ô tô điện.',
    group: 'parts',
    pictogram: 'battery',
  },
  {
    slug: 'dong-co-dien',
    name: 'Động cơ điện',
    description: 'Động cơ bánh trung tâm (hub), bộ điều khiển, tay ga và cảm biến Hall.',
    group: 'parts',
    pictogram: 'motor',
  },
  {
    slug: 'cap-sac',
    name: 'Cáp sạc',
    description: 'Cáp sạc Type 2, CCS2, dây sạc xe máy điện, bộ chuyển đổi và ổ cắm.',
    group: 'accessories',
    pictogram: 'cable',
  },
  {
    slug: 'dung-cu',
    name: 'Dụng cụ',
    description: 'Đồng hồ vạn năng, ampe kìm, máy bơm lốp, cờ lê lực và bộ dụng cụ cách điện.',
    group: 'equipment',
    pictogram: 'tool',
  },
  {
    slug: 'phanh-lop',
    name: 'Phanh & lốp',
    description: 'Má phanh, đĩa phanh, dầu phanh, lốp không săm cho xe điện.',
    group: 'parts',
    pictogram: 'tyre',
  },
  {
    slug: 'den-linh-kien-dien',
    name: 'Đèn & linh kiện điện',
    description: 'Đèn LED, bộ chuyển đổi DC-DC, mạch BMS, còi, cầu chì và công tắc.',
    group: 'parts',
    pictogram: 'bulb',
  },
  {
    slug: 'phu-kien',
    name: 'Phụ kiện',
    description: 'Mũ bảo hiểm, áo trùm xe, giá đỡ điện thoại, thiết bị định vị và camera hành trình.',
    group: 'accessories',
    pictogram: 'helmet',
  },
];

export interface BrandSeed {
  slug: string;
  name: string;
  country: string;
}

export const BRANDS: readonly BrandSeed[] = [
  { slug: 'vinfast', name: 'VinFast', country: 'Việt Nam' },
  { slug: 'dat-bike', name: 'Dat Bike', country: 'Việt Nam' },
  { slug: 'yadea', name: 'Yadea', country: 'Trung Quốc' },
  { slug: 'pega', name: 'Pega', country: 'Việt Nam' },
  { slug: 'bosch', name: 'Bosch', country: 'Đức' },
  { slug: 'lg-energy-solution', name: 'LG Energy Solution', country: 'Hàn Quốc' },
  { slug: 'samsung-sdi', name: 'Samsung SDI', country: 'Hàn Quốc' },
  { slug: 'michelin', name: 'Michelin', country: 'Pháp' },
  { slug: 'casumina', name: 'Casumina', country: 'Việt Nam' },
  { slug: 'fluke', name: 'Fluke', country: 'Mỹ' },
  { slug: 'xiaomi', name: 'Xiaomi', country: 'Trung Quốc' },
  { slug: 'total', name: 'Total', country: 'Trung Quốc' },
  { slug: 'ev-service', name: 'EV Service', country: 'Việt Nam' },
];
