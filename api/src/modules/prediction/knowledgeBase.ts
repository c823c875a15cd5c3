import type { SymptomCode } from 'shared-contracts/diagnostics';

/**
 * The diagnostics knowledge base (spec predictive.md §3): which components a symptom points to, how strongly,
 * and why we think so. It is the prior of the ranking (diagnosisRanking.ts); our own closed orders update it.
 * Reviewed like code: a change to a weight names its source.
 *
 * `weight` is P(the owner reports the symptom | the component is found failed): the share of such failures in
 * which owners notice and mention it. It is a judgement with an order of magnitude behind it, not a measurement:
 * the sources are service manuals' troubleshooting tables (symptom → check), the VinFast and Yadea owner's
 * manuals' warning-light pages, and what our technicians record at intake. The ranking treats it as worth
 * KNOWLEDGE_PSEUDO_COUNT cases of our own, so a few hundred real cases outweigh it.
 */

export type Urgency = 'STOP' | 'SOON' | 'PLAN';

export interface ComponentAdvice {
  code: string;
  label: string;
  /** The service (slug) to book for it. */
  serviceSlug: string;
  /** STOP: do not ride before it is checked; SOON: within days; PLAN: at the next service. */
  urgency: Urgency;
  /** The share of visits at which it is found failed, before any data of ours (the prior's base rate). */
  baseRate: number;
}

export interface SymptomLink {
  symptom: SymptomCode;
  component: string;
  weight: number;
  source: string;
}

const MANUAL = 'Bảng tra lỗi trong sổ tay dịch vụ xe điện (triệu chứng → hạng mục kiểm tra)';
const OWNER = 'Sổ tay chủ xe VinFast/Yadea: trang đèn cảnh báo';
const FLOOR = 'Ghi nhận của kỹ thuật viên khi tiếp nhận xe tại trung tâm';

export const COMPONENTS: readonly ComponentAdvice[] = [
  { code: 'BRAKE_PADS', label: 'Má phanh', serviceSlug: 'bao-duong-phanh', urgency: 'SOON', baseRate: 0.12 },
  { code: 'BRAKE_FUNCTION', label: 'Hệ thống phanh', serviceSlug: 'bao-duong-phanh', urgency: 'STOP', baseRate: 0.04 },
  { code: 'TYRE_WEAR', label: 'Lốp (độ mòn)', serviceSlug: 'dich-vu-lop', urgency: 'SOON', baseRate: 0.1 },
  { code: 'TYRE_PRESSURE', label: 'Áp suất lốp', serviceSlug: 'dich-vu-lop', urgency: 'PLAN', baseRate: 0.15 },
  { code: 'LIGHTS', label: 'Đèn', serviceSlug: 'bao-duong-co-ban', urgency: 'SOON', baseRate: 0.05 },
  { code: 'BATTERY_LEVEL', label: 'Pin (mức và điện áp)', serviceSlug: 'kiem-tra-pin-bms', urgency: 'PLAN', baseRate: 0.05 },
  { code: 'BATTERY_SOH', label: 'Tình trạng pin (SOH)', serviceSlug: 'kiem-tra-pin-bms', urgency: 'PLAN', baseRate: 0.06 },
  { code: 'BMS_LOG', label: 'Hệ thống quản lý pin (BMS)', serviceSlug: 'kiem-tra-pin-bms', urgency: 'SOON', baseRate: 0.03 },
  { code: 'CHARGE_PORT', label: 'Cổng sạc', serviceSlug: 'kiem-tra-bo-sac-cong-sac', urgency: 'SOON', baseRate: 0.04 },
  { code: 'CHARGER_OUTPUT', label: 'Bộ sạc', serviceSlug: 'kiem-tra-bo-sac-cong-sac', urgency: 'SOON', baseRate: 0.03 },
  { code: 'MOTOR_NOISE', label: 'Động cơ (tiếng ồn, độ rơ)', serviceSlug: 'chan-doan-dong-co-bo-dieu-khien', urgency: 'SOON', baseRate: 0.03 },
  { code: 'CONTROLLER', label: 'Bộ điều khiển', serviceSlug: 'chan-doan-dong-co-bo-dieu-khien', urgency: 'SOON', baseRate: 0.03 },
  { code: 'WIRING', label: 'Bó dây, giắc nối', serviceSlug: 'chan-doan-dong-co-bo-dieu-khien', urgency: 'SOON', baseRate: 0.03 },
  { code: 'INSULATION', label: 'Cách điện hệ thống cao áp', serviceSlug: 'kiem-tra-pin-bms', urgency: 'STOP', baseRate: 0.01 },
  { code: 'SUSPENSION', label: 'Giảm xóc, phuộc', serviceSlug: 'bao-duong-nang-cao', urgency: 'PLAN', baseRate: 0.04 },
  { code: 'BOLTS', label: 'Ốc khung, tay lái, bánh xe', serviceSlug: 'bao-duong-co-ban', urgency: 'SOON', baseRate: 0.04 },
];

export const SYMPTOM_LINKS: readonly SymptomLink[] = [
  { symptom: 'NOT_CHARGING', component: 'CHARGER_OUTPUT', weight: 0.6, source: MANUAL },
  { symptom: 'NOT_CHARGING', component: 'CHARGE_PORT', weight: 0.5, source: MANUAL },
  { symptom: 'NOT_CHARGING', component: 'BMS_LOG', weight: 0.3, source: MANUAL },
  { symptom: 'FAST_DRAIN', component: 'BATTERY_SOH', weight: 0.5, source: MANUAL },
  { symptom: 'FAST_DRAIN', component: 'BMS_LOG', weight: 0.3, source: MANUAL },
  { symptom: 'FAST_DRAIN', component: 'TYRE_PRESSURE', weight: 0.1, source: FLOOR },
  { symptom: 'RANGE_DROP', component: 'BATTERY_SOH', weight: 0.6, source: MANUAL },
  { symptom: 'RANGE_DROP', component: 'TYRE_PRESSURE', weight: 0.15, source: FLOOR },
  { symptom: 'RANGE_DROP', component: 'BATTERY_LEVEL', weight: 0.2, source: MANUAL },
  { symptom: 'SLOW_CHARGING', component: 'CHARGER_OUTPUT', weight: 0.4, source: MANUAL },
  { symptom: 'SLOW_CHARGING', component: 'BATTERY_SOH', weight: 0.2, source: MANUAL },
  { symptom: 'CHARGER_FAULT', component: 'CHARGER_OUTPUT', weight: 0.7, source: MANUAL },
  { symptom: 'WATER_IN_PORT', component: 'CHARGE_PORT', weight: 0.4, source: FLOOR },
  { symptom: 'BRAKE_NOISE', component: 'BRAKE_PADS', weight: 0.6, source: MANUAL },
  { symptom: 'BRAKE_NOISE', component: 'BRAKE_FUNCTION', weight: 0.2, source: MANUAL },
  { symptom: 'BRAKE_WEAK', component: 'BRAKE_FUNCTION', weight: 0.6, source: MANUAL },
  { symptom: 'BRAKE_WEAK', component: 'BRAKE_PADS', weight: 0.4, source: MANUAL },
  { symptom: 'BRAKE_FAILURE', component: 'BRAKE_FUNCTION', weight: 0.3, source: MANUAL },
  { symptom: 'VIBRATION', component: 'TYRE_WEAR', weight: 0.3, source: MANUAL },
  { symptom: 'VIBRATION', component: 'SUSPENSION', weight: 0.3, source: MANUAL },
  { symptom: 'VIBRATION', component: 'BOLTS', weight: 0.3, source: FLOOR },
  { symptom: 'VIBRATION', component: 'MOTOR_NOISE', weight: 0.15, source: MANUAL },
  { symptom: 'TYRE_LOW', component: 'TYRE_PRESSURE', weight: 0.6, source: MANUAL },
  { symptom: 'TYRE_LOW', component: 'TYRE_WEAR', weight: 0.3, source: MANUAL },
  { symptom: 'MOTOR_ERROR', component: 'CONTROLLER', weight: 0.5, source: OWNER },
  { symptom: 'MOTOR_ERROR', component: 'WIRING', weight: 0.3, source: MANUAL },
  { symptom: 'MOTOR_ERROR', component: 'MOTOR_NOISE', weight: 0.2, source: MANUAL },
  { symptom: 'MOTOR_NOISE', component: 'MOTOR_NOISE', weight: 0.6, source: MANUAL },
  { symptom: 'MOTOR_NOISE', component: 'SUSPENSION', weight: 0.1, source: FLOOR },
  { symptom: 'POWER_LOSS', component: 'BATTERY_SOH', weight: 0.3, source: MANUAL },
  { symptom: 'POWER_LOSS', component: 'CONTROLLER', weight: 0.4, source: MANUAL },
  { symptom: 'POWER_LOSS', component: 'MOTOR_NOISE', weight: 0.2, source: MANUAL },
  { symptom: 'JERKY_THROTTLE', component: 'CONTROLLER', weight: 0.4, source: MANUAL },
  { symptom: 'JERKY_THROTTLE', component: 'WIRING', weight: 0.4, source: MANUAL },
  { symptom: 'BATTERY_HOT', component: 'BMS_LOG', weight: 0.5, source: OWNER },
  { symptom: 'BATTERY_HOT', component: 'BATTERY_SOH', weight: 0.3, source: MANUAL },
  { symptom: 'SMOKE_OR_BURNING', component: 'WIRING', weight: 0.3, source: MANUAL },
  { symptom: 'SMOKE_OR_BURNING', component: 'INSULATION', weight: 0.3, source: MANUAL },
  { symptom: 'HV_WARNING', component: 'INSULATION', weight: 0.7, source: OWNER },
  { symptom: 'WATER_IN_BATTERY', component: 'INSULATION', weight: 0.4, source: MANUAL },
  { symptom: 'WATER_IN_BATTERY', component: 'BMS_LOG', weight: 0.3, source: MANUAL },
  { symptom: 'LIGHTS_OUT', component: 'LIGHTS', weight: 0.8, source: MANUAL },
  { symptom: 'LIGHTS_OUT', component: 'WIRING', weight: 0.2, source: MANUAL },
  { symptom: 'WONT_START', component: 'BATTERY_LEVEL', weight: 0.4, source: MANUAL },
  { symptom: 'WONT_START', component: 'BMS_LOG', weight: 0.3, source: MANUAL },
  { symptom: 'WONT_START', component: 'WIRING', weight: 0.3, source: MANUAL },
];

/**
 * Symptoms that answer "stop" before any ranking, whatever the model says: brakes gone, a battery that is hot,
 * smoking or wet, a high-voltage warning.
 */
export const SAFETY_CRITICAL_SYMPTOMS: ReadonlySet<SymptomCode> = new Set<SymptomCode>(['BRAKE_FAILURE', 'BATTERY_HOT', 'SMOKE_OR_BURNING', 'HV_WARNING', 'WATER_IN_BATTERY']);

export const SAFETY_MESSAGE = 'Dừng xe, không sạc, gọi cứu hộ';
/** The shop's 24/7 roadside assistance line (the footer's hotline). */
export const RESCUE_HOTLINE = '1900 6868';

/** P(symptom reported | component not failed): how often an owner mentions it anyway (a small background rate). */
export const BACKGROUND_SYMPTOM_RATE = 0.02;
/** How many of our own cases the knowledge base's weight counts as. */
export const KNOWLEDGE_PSEUDO_COUNT = 10;
