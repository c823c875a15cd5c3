import { formatDate, formatDateTime } from 'shared-contracts';
import { NO_VALUE } from '../charts/chartFormat';

/** Vietnamese numbers of the model page (vi-VN: '0,0812', '1.250'); '—' for null. */
const fixed = (digits: number) => new Intl.NumberFormat('vi-VN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const brierFormat = fixed(4);
const aucFormat = fixed(3);
const twoDecimals = fixed(2);
const oneDecimal = fixed(1);
const whole = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });

export const formatBrier = (value: number | null) => (value === null || !Number.isFinite(value) ? NO_VALUE : brierFormat.format(value));
export const formatAuc = (value: number | null) => (value === null || !Number.isFinite(value) ? NO_VALUE : aucFormat.format(value));
export const formatCount = (value: number) => whole.format(value);
/** A probability (0–1) as a percentage with one decimal: '12,3 %'. */
export const formatProbability = (value: number) => `${oneDecimal.format(value * 100)} %`;
/** Weibull shape k and ageing η: two decimals. */
export const formatTwo = (value: number) => twoDecimals.format(value);

/** The clock a fitted model's life runs on (the API's wearModel.WearClock). */
export type ModelClock = 'km' | 'age' | 'km+age';

/**
 * A model's clock; versions trained before the age clock existed carry none and read as they were fitted: 'km'
 * when ageing is 0, else 'km+age' (the API's wearModel.clockOf, the same rule).
 */
export const clockOf = (model: { clock?: ModelClock | undefined; ageing: number }): ModelClock => model.clock ?? (model.ageing > 0 ? 'km+age' : 'km');

/** Weibull scale λ with its unit, one decimal: '31,5 nghìn km' on the km clocks, '36,0 tháng' on the age clock. */
export const formatScale = (value: number, clock: ModelClock) => `${oneDecimal.format(value)} ${clock === 'age' ? 'tháng' : 'nghìn km'}`;
/** Ageing η (thousand km a month of age): only the combined clock has one; '—' elsewhere. */
export const formatAgeing = (value: number, clock: ModelClock) => (clock === 'km+age' ? twoDecimals.format(value) : NO_VALUE);

/** dd/MM/yyyy HH:mm in Asia/Ho_Chi_Minh (the shared formatter gives 'HH:mm dd/MM/yyyy'). */
export function formatWhen(value: string | number): string {
  const [time, day] = formatDateTime(value).split(' ');
  return `${day} ${time}`;
}

/** dd/MM/yyyy in Asia/Ho_Chi_Minh. */
export const formatDay = (value: string | number) => formatDate(value);
