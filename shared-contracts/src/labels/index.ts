import type { ProductSort, PromotionKind, ServiceKind, ServiceTier, VehicleType } from '../catalogue/enumerations';

/**
 * Vietnamese labels of the catalogue's enumerations, without zod: the API (through shared-contracts/schemas,
 * which re-exports them) and the storefront (through shared-contracts/labels) read the same ones.
 */

export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = {
  scooter: 'Xe máy điện / xe tay ga điện',
  motorbike: 'Mô tô điện',
  car: 'Ô tô điện',
};

export const SERVICE_TIER_LABELS: Record<ServiceTier, string> = {
  'co-ban': 'Bảo dưỡng cơ bản',
  'nang-cao': 'Bảo dưỡng nâng cao',
  'cao-cap': 'Bảo dưỡng cao cấp',
};

export const SERVICE_KIND_LABELS: Record<ServiceKind, string> = {
  maintenance: 'Bảo dưỡng định kỳ',
  battery: 'Pin & BMS',
  charging: 'Sạc & cổng sạc',
  diagnostics: 'Chẩn đoán',
  brakes: 'Phanh',
  tyres: 'Lốp',
  software: 'Phần mềm',
  care: 'Chăm sóc xe',
};

export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  popular: 'Bán chạy',
  newest: 'Mới nhất',
  price_asc: 'Giá tăng dần',
  price_desc: 'Giá giảm dần',
};

export const PROMOTION_KIND_LABELS: Record<PromotionKind, string> = {
  general: 'Ưu đãi chung',
  'flash-sale': 'Flash sale',
  vip: 'Thành viên VIP',
  seasonal: 'Ưu đãi theo mùa',
};
