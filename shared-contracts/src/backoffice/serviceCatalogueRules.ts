/**
 * The admin's services and packages rules (shop-operations.md §2, §7), zod-free for the back office's chunks: the
 * checklist component codes a template may use, the limits every field is held to, the labels the UI shows and the
 * readable summary of a checklist template's change.
 */

/**
 * The component codes a checklist item may name, with their Vietnamese labels: the codes prediction keys its
 * findings by (prediction/knowledgeBase.ts, checklistComponents.ts) and the codes the seeded templates use. A
 * template naming any other code is refused: the forecast and training would read it as a component of its own.
 */
export const CHECKLIST_COMPONENT_LABELS: Readonly<Record<string, string>> = {
  BRAKE_PADS: 'Má phanh',
  BRAKE_FUNCTION: 'Hệ thống phanh',
  PADS: 'Má phanh (dịch vụ phanh)',
  LEVER: 'Tay phanh',
  DISC: 'Đĩa phanh',
  FLUID: 'Dầu phanh',
  TYRE_WEAR: 'Lốp (độ mòn)',
  TYRE_PRESSURE: 'Áp suất lốp',
  TREAD: 'Gai lốp',
  PRESSURE: 'Áp suất lốp (dịch vụ lốp)',
  BALANCE: 'Cân bằng động',
  RIM: 'Vành xe',
  LIGHTS: 'Đèn',
  HORN: 'Còi',
  THROTTLE: 'Tay ga',
  BOLTS: 'Ốc khung, tay lái, bánh xe',
  SUSPENSION: 'Giảm xóc, phuộc',
  BATTERY_LEVEL: 'Pin (mức và điện áp)',
  BATTERY_SOH: 'Tình trạng pin (SOH)',
  BATTERY_BAY: 'Khoang pin',
  CASE: 'Vỏ pin',
  CELL_VOLTAGE: 'Điện áp cell',
  CELL_RESISTANCE: 'Nội trở cell',
  CAPACITY: 'Dung lượng pin',
  BMS_LOG: 'Hệ thống quản lý pin (BMS)',
  INSULATION: 'Cách điện hệ thống cao áp',
  CHARGE_PORT: 'Cổng sạc',
  SEAL: 'Gioăng chống nước',
  CHARGER_OUTPUT: 'Bộ sạc',
  CABLE: 'Dây và phích sạc',
  MOTOR_NOISE: 'Động cơ (tiếng ồn, độ rơ)',
  BEARINGS: 'Vòng bi',
  WINDINGS: 'Cuộn dây động cơ',
  HALL: 'Cảm biến Hall',
  CONTROLLER: 'Bộ điều khiển',
  ERROR_CODES: 'Mã lỗi bộ điều khiển',
  WIRING: 'Bó dây, giắc nối',
  SOFTWARE: 'Phần mềm',
  VERSION_BEFORE: 'Phiên bản trước cập nhật',
  VERSION_AFTER: 'Phiên bản sau cập nhật',
  SELF_TEST: 'Tự kiểm tra',
  DATA_DOWNLOAD: 'Tải dữ liệu xe',
  USAGE_DATA: 'Dữ liệu sử dụng',
  AI_REPORT: 'Báo cáo phân tích AI',
  FORECAST: 'Dự báo tuổi thọ linh kiện',
  CONFIRM: 'Kỹ thuật viên xác nhận',
  DEEP_CLEAN: 'Vệ sinh sâu, bôi trơn',
  WASH: 'Rửa xe',
  COATING: 'Phủ nano',
  ROAD_TEST: 'Chạy thử',
};

export const CHECKLIST_COMPONENT_CODES: readonly string[] = Object.keys(CHECKLIST_COMPONENT_LABELS);

export function isChecklistComponentCode(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(CHECKLIST_COMPONENT_LABELS, code);
}

export const SERVICE_LIMITS = {
  nameMax: 200,
  summaryMax: 400,
  descriptionMax: 20_000,
  priceMax: 1_000_000_000,
  durationMin: 5,
  durationMax: 1_440,
  checklistMin: 1,
  checklistMax: 60,
  checklistLabelMax: 200,
  sortOrderMax: 10_000,
} as const;

export const PACKAGE_LIMITS = {
  nameMax: 200,
  descriptionMax: 20_000,
  priceMax: 1_000_000_000,
  validityMin: 1,
  validityMax: 60,
  creditsMin: 1,
  creditsMax: 20,
  quantityMax: 100,
  perksMax: 10,
  perkMax: 200,
  sortOrderMax: 10_000,
} as const;

export const PACKAGE_TIER_LABELS: Readonly<Record<string, string>> = {
  'co-ban': 'Gói Cơ bản',
  'tieu-chuan': 'Gói Tiêu chuẩn',
  'cao-cap': 'Gói Cao cấp',
};

/** The field names of a service the history records, with their labels. */
export const SERVICE_FIELD_LABELS = {
  name: 'Tên dịch vụ',
  kind: 'Loại dịch vụ',
  tier: 'Cấp bảo dưỡng',
  summary: 'Tóm tắt',
  description: 'Mô tả',
  price: 'Giá',
  durationMinutes: 'Thời lượng (phút)',
  vatRate: 'Thuế GTGT',
  vehicleTypes: 'Loại xe',
  checklist: 'Danh mục kiểm tra',
  sortOrder: 'Thứ tự hiển thị',
  isActive: 'Đang cung cấp',
} as const;

/** The field names of a package the history records, with their labels. */
export const PACKAGE_FIELD_LABELS = {
  name: 'Tên gói',
  tier: 'Hạng gói',
  description: 'Mô tả',
  price: 'Giá',
  originalPrice: 'Giá gốc',
  validityMonths: 'Thời hạn (tháng)',
  vehicleTypes: 'Loại xe',
  credits: 'Lượt dịch vụ',
  perks: 'Ưu đãi kèm theo',
  highlighted: 'Nổi bật',
  sortOrder: 'Thứ tự hiển thị',
  isActive: 'Đang bán',
} as const;

export interface ChecklistTemplateItem {
  code: string;
  label: string;
}

const asItems = (value: unknown): ChecklistTemplateItem[] =>
  Array.isArray(value) ? value.filter((item): item is ChecklistTemplateItem => typeof item === 'object' && item !== null && typeof item.code === 'string') : [];

/**
 * A checklist template's change in words, each item by what it checks with its component's code as a hint: the
 * items added and removed, the labels changed and whether the order moved ("Thêm: Siết ốc (BOLTS) · Bỏ: Rửa xe
 * (WASH) · Đổi nhãn: Đèn → Đèn pha, cốt (LIGHTS) · Đổi thứ tự"). Items are matched by their code.
 */
export function summariseChecklistChange(before: unknown, after: unknown): string {
  const old = asItems(before);
  const now = asItems(after);
  const oldByCode = new Map(old.map((item) => [item.code, item]));
  const nowCodes = new Set(now.map((item) => item.code));
  const named = (item: ChecklistTemplateItem) => `${item.label || (CHECKLIST_COMPONENT_LABELS[item.code] ?? item.code)} (${item.code})`;
  const added = now.filter((item) => !oldByCode.has(item.code)).map(named);
  const removed = old.filter((item) => !nowCodes.has(item.code)).map(named);
  const relabelled = now
    .filter((item) => oldByCode.has(item.code) && oldByCode.get(item.code)!.label !== item.label)
    .map((item) => `${oldByCode.get(item.code)!.label} → ${named(item)}`);
  const keptOld = old.filter((item) => nowCodes.has(item.code)).map((item) => item.code);
  const keptNow = now.filter((item) => oldByCode.has(item.code)).map((item) => item.code);
  const parts: string[] = [];
  if (added.length > 0) parts.push(`Thêm: ${added.join(', ')}`);
  if (removed.length > 0) parts.push(`Bỏ: ${removed.join(', ')}`);
  if (relabelled.length > 0) parts.push(`Đổi nhãn: ${relabelled.join(', ')}`);
  if (keptOld.join('|') !== keptNow.join('|')) parts.push('Đổi thứ tự');
  if (old.length === 0 && before === null) return `${now.length} hạng mục`;
  return parts.length > 0 ? parts.join(' · ') : 'Không đổi';
}

export { SERVICE_KIND_LABELS, SERVICE_TIER_LABELS, VEHICLE_TYPE_LABELS } from '../labels';
