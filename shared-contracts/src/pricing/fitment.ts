/**
 * Fitment (issue 66 §2): which vehicle models a part fits, by year range, variant and position. One pure rule, read
 * by the API (the product list's `fit`, fitOnly, the cart's and the checkout's warnings) and by the storefront (the
 * badge), zod-free so the UI's lazy chunks read it too.
 *
 * The rule: a vehicle (its model, the base model of its brand + model, its year) fits a product when some fitment row
 * names the vehicle's model, or names the base model (variant '') of the vehicle's brand + model, and the year is
 * within the row's [yearFrom, yearTo] (a null bound is open). A row naming a variant ('VF 8 Plus') fits that variant
 * only: a base-model vehicle or another variant does not fit it. No rows at all: UNKNOWN ("Chưa có thông tin"); rows
 * but none fitting: DOES_NOT_FIT; else FITS.
 */
export const FIT_STATUSES = ['FITS', 'DOES_NOT_FIT', 'UNKNOWN'] as const;
export type FitStatus = (typeof FIT_STATUSES)[number];

export const FIT_STATUS_LABELS: Record<FitStatus, string> = {
  FITS: 'Vừa xe của bạn',
  DOES_NOT_FIT: 'Không vừa xe của bạn',
  UNKNOWN: 'Chưa có thông tin',
};

export function isFitStatus(value: unknown): value is FitStatus {
  return typeof value === 'string' && (FIT_STATUSES as readonly string[]).includes(value);
}

/** Where on the vehicle the part goes (null: not applicable, e.g. a charger). */
export const FITMENT_POSITIONS = ['FRONT', 'REAR', 'LEFT', 'RIGHT'] as const;
export type FitmentPosition = (typeof FITMENT_POSITIONS)[number];

export const FITMENT_POSITION_LABELS: Record<FitmentPosition, string> = {
  FRONT: 'Trước',
  REAR: 'Sau',
  LEFT: 'Trái',
  RIGHT: 'Phải',
};

export function isFitmentPosition(value: unknown): value is FitmentPosition {
  return typeof value === 'string' && (FITMENT_POSITIONS as readonly string[]).includes(value);
}

/** The label of a row's position ('' when the row has none). */
export function fitmentPositionLabel(position: FitmentPosition | null | undefined): string {
  return position ? FITMENT_POSITION_LABELS[position] : '';
}

/** The years a fitment row's bounds may hold, and the most rows a product may have. */
export const FITMENT_YEAR_MIN = 1990;
export const FITMENT_YEAR_MAX = 2100;
export const FITMENT_QUANTITY_MAX = 99;
export const FITMENTS_PER_PRODUCT_MAX = 200;

/** What the rule reads of a fitment row. */
export interface FitmentRule {
  modelId: number;
  /** Null: open (every year before yearTo). */
  yearFrom: number | null;
  /** Null: open (still made). */
  yearTo: number | null;
}

/** The chosen vehicle: its model, the base model (variant '') of its brand + model (null when none), its year. */
export interface FitVehicle {
  modelId: number;
  baseModelId: number | null;
  year: number;
}

/** Whether one fitment row covers the vehicle. */
export function fitmentRowFits(row: FitmentRule, vehicle: FitVehicle): boolean {
  const modelMatches = row.modelId === vehicle.modelId || (vehicle.baseModelId !== null && row.modelId === vehicle.baseModelId);
  if (!modelMatches) return false;
  if (row.yearFrom !== null && vehicle.year < row.yearFrom) return false;
  if (row.yearTo !== null && vehicle.year > row.yearTo) return false;
  return true;
}

/** FITS / DOES_NOT_FIT / UNKNOWN for a product's fitment rows and the vehicle. */
export function fitStatus(rows: readonly FitmentRule[], vehicle: FitVehicle): FitStatus {
  if (rows.length === 0) return 'UNKNOWN';
  return rows.some((row) => fitmentRowFits(row, vehicle)) ? 'FITS' : 'DOES_NOT_FIT';
}

/** "VinFast Feliz S 2023": the vehicle as the badge and the warning name it. */
export function fitVehicleText(modelLabel: string, year: number | null | undefined): string {
  return year ? `${modelLabel} ${year}` : modelLabel;
}

/** The badge: "Vừa xe của bạn: VinFast Feliz S 2023" / "Không vừa xe của bạn" / "Chưa có thông tin". */
export function fitBadgeText(status: FitStatus, modelLabel: string, year: number | null | undefined): string {
  return status === 'FITS' ? `${FIT_STATUS_LABELS.FITS}: ${fitVehicleText(modelLabel, year)}` : FIT_STATUS_LABELS[status];
}

/** The cart's and the checkout's warning on a line that does not fit. */
export function fitWarningText(modelLabel: string, year: number | null | undefined): string {
  return `Phụ tùng này không vừa xe ${fitVehicleText(modelLabel, year)} của bạn.`;
}

/** A row's years as the product page and the editor show them: "2022–2025", "từ 2022", "đến 2025", "mọi đời". */
export function fitmentYearsLabel(yearFrom: number | null, yearTo: number | null): string {
  if (yearFrom !== null && yearTo !== null) return yearFrom === yearTo ? String(yearFrom) : `${yearFrom}–${yearTo}`;
  if (yearFrom !== null) return `từ ${yearFrom}`;
  if (yearTo !== null) return `đến ${yearTo}`;
  return 'mọi đời';
}

/** What a row says in one line (the change history, the editor): "VinFast Feliz S (2022–2025, Trước, 2 chiếc/xe)". */
export function fitmentRowText(row: { modelLabel: string; yearFrom: number | null; yearTo: number | null; position: FitmentPosition | null; quantityPerVehicle: number }): string {
  const parts = [fitmentYearsLabel(row.yearFrom, row.yearTo)];
  if (row.position) parts.push(FITMENT_POSITION_LABELS[row.position]);
  if (row.quantityPerVehicle !== 1) parts.push(`${row.quantityPerVehicle} chiếc/xe`);
  return `${row.modelLabel} (${parts.join(', ')})`;
}
