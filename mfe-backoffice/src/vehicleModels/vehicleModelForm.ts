import type { VehicleModelAdminRecord, VehicleModelInput, VehicleType } from 'shared-contracts/schemas';
import { BATTERY_THRESHOLD_BOUNDS, BATTERY_THRESHOLD_MESSAGES, batteryThresholdOrderIssue, batteryThresholdsOf, vehicleModelLabel, type BatteryThresholds } from 'shared-contracts/vehicle';
import { vehicleModelsText } from './vehicleModelsText';

const m = vehicleModelsText.form.messages;

/** The model form's fields as typed. */
export interface VehicleModelValues {
  brand: string;
  model: string;
  variant: string;
  type: VehicleType | '';
  yearFrom: string;
  yearTo: string;
  batteryKwh: string;
  batteryChemistry: string;
  /** The model's own battery thresholds, whole numbers; '' : the chemistry's default. */
  batterySohDegradedPct: string;
  batterySohReplacePct: string;
  batterySpreadWarnMv: string;
}
export type VehicleModelField = keyof VehicleModelValues;
export type BatteryThresholdField = 'batterySohDegradedPct' | 'batterySohReplacePct' | 'batterySpreadWarnMv';

export const EMPTY_MODEL: VehicleModelValues = {
  brand: '',
  model: '',
  variant: '',
  type: '',
  yearFrom: '',
  yearTo: '',
  batteryKwh: '',
  batteryChemistry: '',
  batterySohDegradedPct: '',
  batterySohReplacePct: '',
  batterySpreadWarnMv: '',
};

const textOf = (value: number | null): string => (value === null ? '' : String(value));

export function valuesOfModel(model: VehicleModelAdminRecord): VehicleModelValues {
  return {
    brand: model.brand,
    model: model.model,
    variant: model.variant ?? '',
    type: model.type,
    yearFrom: model.yearFrom === null ? '' : String(model.yearFrom),
    yearTo: model.yearTo === null ? '' : String(model.yearTo),
    batteryKwh: model.batteryKwh === null ? '' : String(model.batteryKwh).replace('.', ','),
    batteryChemistry: model.batteryChemistry ?? '',
    batterySohDegradedPct: textOf(model.batterySohDegradedPct),
    batterySohReplacePct: textOf(model.batterySohReplacePct),
    batterySpreadWarnMv: textOf(model.batterySpreadWarnMv),
  };
}

/** The thresholds a model of the chosen chemistry gets when its own are left empty (the fields' placeholders). */
export function defaultThresholdsOf(values: VehicleModelValues): BatteryThresholds {
  return batteryThresholdsOf(values.batteryChemistry || null);
}

/** '85' → 85; '' → null; NaN for anything but digits. */
function readWhole(text: string): number | null {
  const compact = text.trim();
  if (compact === '') return null;
  return /^\d+$/.test(compact) ? Number(compact) : Number.NaN;
}

/** '12,5' or '12.5' → 12.5; NaN for anything else. */
function readDecimal(text: string): number {
  const compact = text.trim().replace(/\s/g, '');
  return /^\d+([.,]\d+)?$/.test(compact) ? Number(compact.replace(',', '.')) : Number.NaN;
}

const readYear = (text: string): number | null => (text.trim() === '' ? null : /^\d{4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The form's own checks (the API checks everything again, as vehicleModelInputSchema). */
export function validateModel(values: VehicleModelValues, now: Date = new Date()): Partial<Record<VehicleModelField, string>> {
  const errors: Partial<Record<VehicleModelField, string>> = {};
  if (!values.brand.trim()) errors.brand = m.brand;
  if (!values.model.trim()) errors.model = m.model;
  if (!values.type) errors.type = m.type;
  const latest = now.getFullYear() + 2;
  const from = readYear(values.yearFrom);
  const to = readYear(values.yearTo);
  const badYear = (year: number | null) => year !== null && (Number.isNaN(year) || year < 1990 || year > latest);
  if (badYear(from)) errors.yearFrom = m.year;
  if (badYear(to)) errors.yearTo = m.year;
  else if (from !== null && to !== null && !badYear(from) && to < from) errors.yearTo = m.yearOrder;
  if (values.batteryKwh.trim() !== '') {
    const kwh = readDecimal(values.batteryKwh);
    if (!(kwh > 0 && kwh <= 300)) errors.batteryKwh = m.battery;
  }
  const within = (value: number | null, bounds: { min: number; max: number }) => value === null || (value >= bounds.min && value <= bounds.max);
  const degraded = readWhole(values.batterySohDegradedPct);
  const replace = readWhole(values.batterySohReplacePct);
  if (!within(degraded, BATTERY_THRESHOLD_BOUNDS.sohPct)) errors.batterySohDegradedPct = BATTERY_THRESHOLD_MESSAGES.degraded;
  if (!within(replace, BATTERY_THRESHOLD_BOUNDS.sohPct)) errors.batterySohReplacePct = BATTERY_THRESHOLD_MESSAGES.replace;
  if (!within(readWhole(values.batterySpreadWarnMv), BATTERY_THRESHOLD_BOUNDS.spreadMv)) errors.batterySpreadWarnMv = BATTERY_THRESHOLD_MESSAGES.spread;
  if (!errors.batterySohDegradedPct && !errors.batterySohReplacePct) {
    const issue = batteryThresholdOrderIssue(values.batteryChemistry || null, { degradedBelowPct: degraded, replaceBelowPct: replace });
    if (issue) errors[issue.field] = issue.message;
  }
  return errors;
}

/** The POST / PUT body from valid values (`active` given only when it changes). */
export function modelInput(values: VehicleModelValues, active?: boolean): VehicleModelInput {
  const input: VehicleModelInput = {
    brand: values.brand.trim(),
    model: values.model.trim(),
    variant: values.variant.trim() || null,
    type: values.type as VehicleType,
    yearFrom: readYear(values.yearFrom),
    yearTo: readYear(values.yearTo),
    batteryKwh: values.batteryKwh.trim() === '' ? null : readDecimal(values.batteryKwh),
    batteryChemistry: (values.batteryChemistry || null) as VehicleModelInput['batteryChemistry'],
    batterySohDegradedPct: readWhole(values.batterySohDegradedPct),
    batterySohReplacePct: readWhole(values.batterySohReplacePct),
    batterySpreadWarnMv: readWhole(values.batterySpreadWarnMv),
  };
  if (active !== undefined) input.active = active;
  return input;
}

/** "VinFast VF 8 Plus", as the model will be named. */
export const labelOf = (values: VehicleModelValues): string => vehicleModelLabel({ brand: values.brand, model: values.model, variant: values.variant });
