import type { BatteryChemistry } from './modelReference';

/**
 * Battery health reports (issue 66 §3), the zod-free part shared by the API and the pages: the bounds of each
 * figure, the thresholds that flag a battery ("Pin suy giảm", "Nên thay pin sớm") and their labels, the verify
 * code's shape and the public page's path.
 *
 * The flag is computed by the server from the state of health (SOH, % of the rated capacity) against the model's
 * thresholds: a model's own (vehicle_models.battery_soh_degraded_pct / battery_soh_replace_pct /
 * battery_spread_warn_mv) where set, else its chemistry's defaults below, else GENERIC. The cell voltage spread
 * past its threshold is a warning of its own ("Lệch áp cell cao"), whatever the SOH.
 */

export const BATTERY_HEALTH_FLAGS = ['OK', 'DEGRADED', 'REPLACE_SOON'] as const;
export type BatteryHealthFlag = (typeof BATTERY_HEALTH_FLAGS)[number];
export const BATTERY_HEALTH_FLAG_LABELS: Record<BatteryHealthFlag, string> = {
  OK: 'Pin tốt',
  DEGRADED: 'Pin suy giảm',
  REPLACE_SOON: 'Nên thay pin sớm',
};
export const BATTERY_SPREAD_WARNING_LABEL = 'Lệch áp cell cao';

/** The bounds of each figure (the database's CHECKs say the same). */
export const BATTERY_HEALTH_BOUNDS = {
  sohPercent: { min: 0, max: 100 },
  capacityKwh: { min: 0, max: 200 },
  cellSpreadMv: { min: 0, max: 2000 },
  internalResistanceMohm: { min: 0, max: 5000 },
  temperatureC: { min: -30, max: 90 },
  odometerKm: { min: 0, max: 2_000_000 },
  toolMax: 80,
  noteMax: 500,
} as const;

export interface BatteryThresholds {
  /** SOH below this (%): "Pin suy giảm". */
  degradedBelowPct: number;
  /** SOH below this (%): "Nên thay pin sớm". */
  replaceBelowPct: number;
  /** Cell voltage spread above this (mV): "Lệch áp cell cao". */
  spreadWarnAboveMv: number;
}

/**
 * Defaults per chemistry, chosen by the shop (not cited from a standard): lithium packs are commonly called
 * degraded below 80 % of rated capacity and due for replacement below 70 %; a healthy pack's cells sit within a
 * few tens of mV at rest. Lead-acid and graphene blocks (6 V/12 V each) are measured per block: their spread is
 * wider, and they are replaced later in their fade.
 */
export const GENERIC_BATTERY_THRESHOLDS: BatteryThresholds = { degradedBelowPct: 80, replaceBelowPct: 70, spreadWarnAboveMv: 50 };
export const BATTERY_THRESHOLDS_BY_CHEMISTRY: Record<BatteryChemistry, BatteryThresholds> = {
  LFP: GENERIC_BATTERY_THRESHOLDS,
  NMC: GENERIC_BATTERY_THRESHOLDS,
  NCA: GENERIC_BATTERY_THRESHOLDS,
  LEAD_ACID: { degradedBelowPct: 70, replaceBelowPct: 60, spreadWarnAboveMv: 200 },
  GRAPHENE: { degradedBelowPct: 70, replaceBelowPct: 60, spreadWarnAboveMv: 200 },
};

export interface BatteryThresholdOverrides {
  degradedBelowPct: number | null;
  replaceBelowPct: number | null;
  spreadWarnAboveMv: number | null;
}

/** A model's thresholds: its own where set, else its chemistry's, else GENERIC. */
export function batteryThresholdsOf(chemistry: string | null, overrides?: Partial<BatteryThresholdOverrides>): BatteryThresholds {
  const base = (chemistry !== null && BATTERY_THRESHOLDS_BY_CHEMISTRY[chemistry as BatteryChemistry]) || GENERIC_BATTERY_THRESHOLDS;
  return {
    degradedBelowPct: overrides?.degradedBelowPct ?? base.degradedBelowPct,
    replaceBelowPct: overrides?.replaceBelowPct ?? base.replaceBelowPct,
    spreadWarnAboveMv: overrides?.spreadWarnAboveMv ?? base.spreadWarnAboveMv,
  };
}

/** The bounds of a model's own thresholds (the admin's "Ngưỡng pin"): SOH in whole %, the spread in whole mV. */
export const BATTERY_THRESHOLD_BOUNDS = {
  sohPct: { min: 1, max: 100 },
  spreadMv: { min: 1, max: 2000 },
} as const;

export const BATTERY_THRESHOLD_MESSAGES = {
  degraded: 'Ngưỡng "Pin suy giảm" phải là số nguyên từ 1 đến 100 (%).',
  replace: 'Ngưỡng "Nên thay pin sớm" phải là số nguyên từ 1 đến 100 (%).',
  spread: 'Ngưỡng lệch áp cell phải là số nguyên từ 1 đến 2000 mV.',
  replaceBelowDegraded: (degradedPct: number) => `Ngưỡng "Nên thay pin sớm" phải thấp hơn ngưỡng "Pin suy giảm" (${degradedPct} %).`,
  degradedAboveReplace: (replacePct: number) => `Ngưỡng "Pin suy giảm" phải cao hơn ngưỡng "Nên thay pin sớm" (${replacePct} %).`,
} as const;

/** A field of the admin's model form that holds an SOH threshold. */
export type BatterySohThresholdField = 'batterySohDegradedPct' | 'batterySohReplacePct';

/**
 * Whether a model's SOH thresholds (its own, else its chemistry's defaults) keep "Nên thay pin sớm" below
 * "Pin suy giảm": null when they do, else the field to fix and why — `blame` when given (the one being changed),
 * else the replace threshold when the model sets it, else the degraded one. The API's schema and save and the
 * admin's form ask the same.
 */
export function batteryThresholdOrderIssue(
  chemistry: string | null,
  overrides: Pick<BatteryThresholdOverrides, 'degradedBelowPct' | 'replaceBelowPct'>,
  blame?: BatterySohThresholdField,
): { field: BatterySohThresholdField; message: string } | null {
  const effective = batteryThresholdsOf(chemistry, overrides);
  if (effective.replaceBelowPct < effective.degradedBelowPct) return null;
  const field = blame ?? (overrides.replaceBelowPct !== null ? 'batterySohReplacePct' : 'batterySohDegradedPct');
  return field === 'batterySohReplacePct'
    ? { field, message: BATTERY_THRESHOLD_MESSAGES.replaceBelowDegraded(effective.degradedBelowPct) }
    : { field, message: BATTERY_THRESHOLD_MESSAGES.degradedAboveReplace(effective.replaceBelowPct) };
}

/** The flag of a measured SOH. */
export function batteryHealthFlag(sohPercent: number, thresholds: BatteryThresholds): BatteryHealthFlag {
  if (sohPercent < thresholds.replaceBelowPct) return 'REPLACE_SOON';
  if (sohPercent < thresholds.degradedBelowPct) return 'DEGRADED';
  return 'OK';
}

/** Whether a measured spread is past the model's threshold (no spread measured: no warning). */
export function batterySpreadWarning(cellSpreadMv: number | null, thresholds: BatteryThresholds): boolean {
  return cellSpreadMv !== null && cellSpreadMv > thresholds.spreadWarnAboveMv;
}

/** The verify code: 12 characters of Crockford's base32 (60 random bits), upper case. */
export const BATTERY_VERIFY_CODE_LENGTH = 12;
export const BATTERY_VERIFY_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const BATTERY_VERIFY_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** The storefront's public page of a report: /xac-minh-pin/<code>. */
export function batteryVerifyPath(code: string): string {
  return `/xac-minh-pin/${encodeURIComponent(code)}`;
}

/** "92,5 %": a percentage as the pages and the certificate write it (one decimal at most, Vietnamese comma). */
export function formatBatteryNumber(value: number, fractionDigits = 1): string {
  return new Intl.NumberFormat('vi-VN', { maximumFractionDigits: fractionDigits }).format(value);
}
