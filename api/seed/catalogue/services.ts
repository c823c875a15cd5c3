import type { ChecklistItem, PackageTier, ServiceKind, ServiceTier, VehicleType } from 'shared-contracts/schemas';
import type { Pictogram } from './images';

export interface ServiceSeed {
  slug: string;
  name: string;
  kind: ServiceKind;
  tier: ServiceTier | null;
  summary: string;
  includes: string[];
  /** Starting price in integer VND (the final quote depends on the vehicle). */
  price: number;
  durationMinutes: number;
  vehicleTypes: VehicleType[];
  checklist: ChecklistItem[];
  pictogram: Pictogram;
}

const ALL: VehicleType[] = ['scooter', 'motorbike', 'car'];
const TWO_WHEELS: VehicleType[] = ['scooter', 'motorbike'];

const item = (code: string, label: string): ChecklistItem => ({ code, label });

const BASIC_CHECKS: ChecklistItem[] = [
  item('BRAKE_PADS', 'Độ mòn má phanh trước/sau'),
  item('BRAKE_FUNCTION', 'Hoạt động phanh, hành trình tay phanh'),
  item('TYRE_PRESSURE', 'Áp suất lốp theo khuyến nghị'),
  item('TYRE_WEAR', 'Độ mòn gai lốp, vết nứt, vật lạ'),
  item('LIGHTS', 'Đèn pha, cốt, xi-nhan, đèn phanh'),
  item('HORN', 'Còi'),
  item('BATTERY_LEVEL', 'Mức pin và điện áp khi nghỉ'),
  item('BOLTS', 'Siết ốc khung, tay lái, bánh xe'),
];

const ADVANCED_CHECKS: ChecklistItem[] = [
  ...BASIC_CHECKS,
  item('BATTERY_SOH', 'Tình trạng pin (SOH), chênh lệch điện áp cell'),
  item('BMS_LOG', 'Nhật ký lỗi BMS'),
  item('MOTOR_NOISE', 'Tiếng ồn, độ rơ động cơ'),
  item('CONTROLLER', 'Bộ điều khiển: mã lỗi, nhiệt độ'),
  item('CHARGE_PORT', 'Cổng sạc: tiếp điểm, gioăng chống nước'),
  item('WIRING', 'Bó dây, giắc nối, dấu hiệu ô-xy hóa'),
];

const PREMIUM_CHECKS: ChecklistItem[] = [
  ...ADVANCED_CHECKS,
  item('SOFTWARE', 'Phiên bản phần mềm, cập nhật nếu có'),
  item('INSULATION', 'Điện trở cách điện hệ thống cao áp'),
  item('SUSPENSION', 'Giảm xóc, phuộc'),
  item('DEEP_CLEAN', 'Vệ sinh khoang pin, động cơ, bôi trơn'),
  item('ROAD_TEST', 'Chạy thử sau bảo dưỡng'),
];

/**
 * The services (dịch vụ): the three maintenance tiers (the header's /services#co-ban, #nang-cao, #cao-cap),
 * battery and charging checks, diagnostics (AI diagnostics and failure prediction are the header's
 * #chan-doan-ai and #du-doan-hong-hoc), brakes, tyres, software and care. Each has a checklist template.
 */
export const SERVICES: readonly ServiceSeed[] = [
  {
    slug: 'bao-duong-co-ban',
    name: 'Bảo dưỡng cơ bản',
    kind: 'maintenance',
    tier: 'co-ban',
    summary: 'Kiểm tra định kỳ phanh, lốp, đèn, hệ thống điện: nên làm mỗi 3.000 km hoặc 3 tháng.',
    includes: ['Kiểm tra và chỉnh phanh', 'Kiểm tra, bơm lốp đúng áp suất', 'Kiểm tra đèn, còi, công tắc', 'Đo mức pin và điện áp', 'Siết lại ốc khung và bánh xe'],
    price: 199_000,
    durationMinutes: 45,
    vehicleTypes: ALL,
    checklist: BASIC_CHECKS,
    pictogram: 'wrench',
  },
  {
    slug: 'bao-duong-nang-cao',
    name: 'Bảo dưỡng nâng cao',
    kind: 'maintenance',
    tier: 'nang-cao',
    summary: 'Gói cơ bản cộng kiểm tra pin, BMS, động cơ và bộ điều khiển: mỗi 6.000 km hoặc 6 tháng.',
    includes: ['Toàn bộ hạng mục bảo dưỡng cơ bản', 'Đo tình trạng pin (SOH) và cân bằng cell', 'Đọc nhật ký lỗi BMS và bộ điều khiển', 'Kiểm tra động cơ, vòng bi', 'Vệ sinh cổng sạc, kiểm tra gioăng chống nước'],
    price: 449_000,
    durationMinutes: 90,
    vehicleTypes: ALL,
    checklist: ADVANCED_CHECKS,
    pictogram: 'chip',
  },
  {
    slug: 'bao-duong-cao-cap',
    name: 'Bảo dưỡng cao cấp',
    kind: 'maintenance',
    tier: 'cao-cap',
    summary: 'Chăm sóc toàn diện, kèm cập nhật phần mềm, đo cách điện và vệ sinh chuyên sâu: mỗi năm một lần.',
    includes: ['Toàn bộ hạng mục bảo dưỡng nâng cao', 'Cập nhật phần mềm xe (nếu có bản mới)', 'Đo điện trở cách điện hệ thống cao áp', 'Kiểm tra giảm xóc, phuộc', 'Vệ sinh chuyên sâu, bôi trơn', 'Chạy thử và báo cáo chi tiết'],
    price: 899_000,
    durationMinutes: 150,
    vehicleTypes: ALL,
    checklist: PREMIUM_CHECKS,
    pictogram: 'shield',
  },
  {
    slug: 'kiem-tra-pin-bms',
    name: 'Kiểm tra pin & BMS',
    kind: 'battery',
    tier: null,
    summary: 'Đo dung lượng thực, nội trở từng cell và đọc lỗi BMS; báo cáo tình trạng pin (SOH).',
    includes: ['Đo điện áp và nội trở từng cell', 'Đọc nhật ký lỗi BMS', 'Xả kiểm tra dung lượng (với pin xe máy điện)', 'Cân bằng cell nếu chênh lệch', 'Báo cáo SOH và khuyến nghị'],
    price: 299_000,
    durationMinutes: 60,
    vehicleTypes: ALL,
    checklist: [item('CELL_VOLTAGE', 'Điện áp từng cell'), item('CELL_RESISTANCE', 'Nội trở từng cell'), item('BMS_LOG', 'Nhật ký lỗi BMS'), item('CAPACITY', 'Dung lượng thực'), item('CASE', 'Vỏ pin, gioăng, dấu hiệu phồng')],
    pictogram: 'battery',
  },
  {
    slug: 'kiem-tra-bo-sac-cong-sac',
    name: 'Kiểm tra bộ sạc & cổng sạc',
    kind: 'charging',
    tier: null,
    summary: 'Kiểm tra điện áp, dòng sạc, tiếp điểm cổng sạc và dây sạc: xe sạc chậm, sạc không vào.',
    includes: ['Đo điện áp và dòng sạc ra', 'Kiểm tra tiếp điểm, gioăng cổng sạc', 'Kiểm tra dây sạc, phích cắm', 'Vệ sinh cổng sạc'],
    price: 149_000,
    durationMinutes: 30,
    vehicleTypes: ALL,
    checklist: [item('CHARGER_OUTPUT', 'Điện áp và dòng sạc ra'), item('CHARGE_PORT', 'Tiếp điểm cổng sạc'), item('CABLE', 'Dây và phích cắm'), item('SEAL', 'Gioăng chống nước')],
    pictogram: 'cable',
  },
  {
    slug: 'chan-doan-dong-co-bo-dieu-khien',
    name: 'Chẩn đoán động cơ & bộ điều khiển',
    kind: 'diagnostics',
    tier: null,
    summary: 'Tìm nguyên nhân xe giật, mất lực, kêu hoặc báo lỗi: đo cuộn dây, cảm biến Hall và bộ điều khiển.',
    includes: ['Đọc mã lỗi bộ điều khiển', 'Đo điện trở cuộn dây, cảm biến Hall', 'Kiểm tra tay ga, phanh điện', 'Kiểm tra vòng bi, độ rơ'],
    price: 249_000,
    durationMinutes: 60,
    vehicleTypes: ALL,
    checklist: [item('ERROR_CODES', 'Mã lỗi bộ điều khiển'), item('WINDINGS', 'Cuộn dây động cơ'), item('HALL', 'Cảm biến Hall'), item('THROTTLE', 'Tay ga'), item('BEARINGS', 'Vòng bi')],
    pictogram: 'motor',
  },
  {
    slug: 'chan-doan-ai',
    name: 'Chẩn đoán AI',
    kind: 'diagnostics',
    tier: null,
    summary: 'Phân tích dữ liệu xe (BMS, bộ điều khiển, lịch sử sạc) bằng AI để tìm nguyên nhân lỗi nhanh.',
    includes: ['Kết nối và tải dữ liệu xe', 'Phân tích mẫu lỗi bằng mô hình AI', 'Đối chiếu với dữ liệu xe cùng dòng', 'Báo cáo nguyên nhân và hướng xử lý'],
    price: 199_000,
    durationMinutes: 30,
    vehicleTypes: ALL,
    checklist: [item('DATA_DOWNLOAD', 'Tải dữ liệu xe'), item('AI_REPORT', 'Báo cáo phân tích AI'), item('CONFIRM', 'Kỹ thuật viên xác nhận kết quả')],
    pictogram: 'chip',
  },
  {
    slug: 'du-doan-hong-hoc',
    name: 'Dự đoán hỏng hóc',
    kind: 'diagnostics',
    tier: null,
    summary: 'Cảnh báo sớm linh kiện sắp cần thay (pin, má phanh, lốp, vòng bi) dựa trên dữ liệu sử dụng.',
    includes: ['Đọc số km, chu kỳ sạc, nhiệt độ pin', 'Ước tính tuổi thọ còn lại của linh kiện', 'Lịch thay thế đề xuất'],
    price: 149_000,
    durationMinutes: 20,
    vehicleTypes: ALL,
    checklist: [item('USAGE_DATA', 'Dữ liệu sử dụng'), item('FORECAST', 'Dự báo tuổi thọ linh kiện')],
    pictogram: 'bolt',
  },
  {
    slug: 'bao-duong-phanh',
    name: 'Bảo dưỡng phanh',
    kind: 'brakes',
    tier: null,
    summary: 'Vệ sinh, chỉnh phanh, kiểm tra má và đĩa phanh, thay dầu phanh khi cần.',
    includes: ['Tháo vệ sinh cụm phanh', 'Đo độ mòn má, đĩa phanh', 'Xả gió, thay dầu phanh (nếu cần)', 'Chỉnh hành trình tay phanh'],
    price: 179_000,
    durationMinutes: 45,
    vehicleTypes: ALL,
    checklist: [item('PADS', 'Độ mòn má phanh'), item('DISC', 'Độ dày, độ đảo đĩa phanh'), item('FLUID', 'Dầu phanh'), item('LEVER', 'Hành trình tay phanh')],
    pictogram: 'tyre',
  },
  {
    slug: 'dich-vu-lop',
    name: 'Thay lốp & cân bằng bánh',
    kind: 'tyres',
    tier: null,
    summary: 'Thay lốp, vá lốp không săm, cân bằng động và kiểm tra vành (công thay, chưa gồm lốp).',
    includes: ['Tháo lắp lốp', 'Vá lốp không săm', 'Cân bằng động bánh xe', 'Kiểm tra độ đảo vành'],
    price: 99_000,
    durationMinutes: 30,
    vehicleTypes: ALL,
    checklist: [item('TREAD', 'Độ sâu gai lốp'), item('BALANCE', 'Cân bằng động'), item('RIM', 'Độ đảo vành'), item('PRESSURE', 'Áp suất lốp')],
    pictogram: 'tyre',
  },
  {
    slug: 'cap-nhat-phan-mem',
    name: 'Cập nhật phần mềm',
    kind: 'software',
    tier: null,
    summary: 'Cập nhật phần mềm bộ điều khiển, BMS và màn hình lên bản mới nhất của hãng.',
    includes: ['Kiểm tra phiên bản hiện tại', 'Sao lưu cấu hình', 'Cập nhật bản mới nhất', 'Kiểm tra sau cập nhật'],
    price: 99_000,
    durationMinutes: 30,
    vehicleTypes: ALL,
    checklist: [item('VERSION_BEFORE', 'Phiên bản trước cập nhật'), item('VERSION_AFTER', 'Phiên bản sau cập nhật'), item('SELF_TEST', 'Tự kiểm tra sau cập nhật')],
    pictogram: 'chip',
  },
  {
    slug: 've-sinh-chuyen-sau',
    name: 'Vệ sinh & dưỡng xe chuyên sâu',
    kind: 'care',
    tier: null,
    summary: 'Rửa xe an toàn cho linh kiện điện, vệ sinh khoang pin, dưỡng nhựa và phủ nano.',
    includes: ['Rửa xe bằng bọt tuyết, không xịt áp lực vào linh kiện điện', 'Vệ sinh khoang pin, cổng sạc', 'Dưỡng nhựa, phủ nano bảo vệ sơn'],
    price: 249_000,
    durationMinutes: 60,
    vehicleTypes: TWO_WHEELS,
    checklist: [item('WASH', 'Rửa xe'), item('BATTERY_BAY', 'Vệ sinh khoang pin'), item('COATING', 'Phủ nano')],
    pictogram: 'shield',
  },
];

export interface PackageSeed {
  slug: PackageTier;
  name: string;
  description: string;
  price: number;
  validityMonths: number;
  vehicleTypes: VehicleType[];
  credits: { service: string; quantity: number }[];
  perks: string[];
  highlighted: boolean;
}

/** The service packages (the header's /packages#co-ban, #tieu-chuan, #cao-cap): prepaid service credits. */
export const PACKAGES: readonly PackageSeed[] = [
  {
    slug: 'co-ban',
    name: 'Gói cơ bản',
    description: 'Bảo dưỡng định kỳ tiết kiệm cho xe đi lại hằng ngày.',
    price: 790_000,
    validityMonths: 12,
    vehicleTypes: ['scooter', 'motorbike'],
    credits: [
      { service: 'bao-duong-co-ban', quantity: 4 },
      { service: 'kiem-tra-bo-sac-cong-sac', quantity: 1 },
    ],
    perks: ['Giảm 5% phụ tùng mua tại cửa hàng', 'Nhắc lịch bảo dưỡng qua email', 'Kiểm tra nhanh miễn phí khi ghé cửa hàng'],
    highlighted: false,
  },
  {
    slug: 'tieu-chuan',
    name: 'Gói tiêu chuẩn',
    description: 'Thêm kiểm tra pin và cập nhật phần mềm: lựa chọn của đa số khách hàng.',
    price: 1_690_000,
    validityMonths: 12,
    vehicleTypes: ['scooter', 'motorbike', 'car'],
    credits: [
      { service: 'bao-duong-co-ban', quantity: 2 },
      { service: 'bao-duong-nang-cao', quantity: 2 },
      { service: 'kiem-tra-pin-bms', quantity: 2 },
      { service: 'cap-nhat-phan-mem', quantity: 2 },
    ],
    perks: ['Giảm 10% phụ tùng mua tại cửa hàng', 'Ưu tiên đặt lịch, không phải chờ', 'Cứu hộ miễn phí trong bán kính 20 km', 'Nhắc lịch bảo dưỡng qua email'],
    highlighted: true,
  },
  {
    slug: 'cao-cap',
    name: 'Gói cao cấp',
    description: 'Chăm sóc toàn diện cả năm, có xe thay thế và cứu hộ 24/7.',
    price: 3_990_000,
    validityMonths: 12,
    vehicleTypes: ['scooter', 'motorbike', 'car'],
    credits: [
      { service: 'bao-duong-nang-cao', quantity: 2 },
      { service: 'bao-duong-cao-cap', quantity: 2 },
      { service: 'kiem-tra-pin-bms', quantity: 4 },
      { service: 'chan-doan-ai', quantity: 4 },
      { service: 'cap-nhat-phan-mem', quantity: 4 },
      { service: 've-sinh-chuyen-sau', quantity: 2 },
    ],
    perks: [
      'Giảm 15% phụ tùng mua tại cửa hàng',
      'Xe máy điện thay thế khi xe ở lại xưởng quá 1 ngày',
      'Cứu hộ 24/7 miễn phí trong bán kính 50 km',
      'Kỹ thuật viên riêng phụ trách xe',
      'Nhận và trả xe tận nhà trong nội thành',
    ],
    highlighted: false,
  },
];
