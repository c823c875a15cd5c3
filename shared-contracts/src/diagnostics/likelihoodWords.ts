import { lazily } from '../format/lazily';

/**
 * The one scale of likelihood words: how a probability is said to a customer, in words and in figures
 * ('Khả năng cao (62%)'), everywhere one is shown — the public diagnosis page (/services/chan-doan, mfe-storefront
 * diagnostics/DiagnosisResult.tsx: the chance a component is at fault), "Dự đoán bảo dưỡng" (mfe-account
 * maintenanceForecast: the chance a component needs attention within 3 months / 5,000 km) and its reminder email
 * (api notifications/emailTemplates.ts). Zod-free and React-free: plain functions of a number.
 *
 * The words come from these bands of the whole percent shown (LIKELIHOOD_BANDS). The band reads the same rounded
 * figure as the one shown (wholePercent), so the words and the number never disagree: '5%' is never called
 * 'rất thấp', '50%' never 'vừa'.
 *
 *   0–4 %    Khả năng rất thấp   fewer than 1 in 20
 *   5–19 %   Khả năng thấp       1 in 20 to 1 in 5
 *   20–49 %  Khả năng vừa        1 in 5 up to an even chance: a real risk, yet less likely than not
 *   50–79 %  Khả năng cao        more likely than not
 *   80–100 % Khả năng rất cao    4 in 5 or more
 *
 * Why these: the forecast's horizon is short (3 months) and a diagnosis is about a fault the customer already
 * notices, so even 1 in 5 is worth a look — calling 20–49 % "thấp" would understate it; "cao" starts where the
 * component is more likely than not to need attention, the one boundary a customer reads without explanation;
 * the ends (< 5 %, ≥ 80 %) are kept for what is nearly ruled out or nearly certain. The word follows the point
 * estimate; the interval next to it (formatInterval, where there is one) says how sure that estimate is.
 * 'dưới 1%' / 'trên 99%' instead of '0%' / '100%': a model never rules a failure out or in.
 */

const percentFormat = lazily(() => new Intl.NumberFormat('vi-VN', { style: 'percent', maximumFractionDigits: 0 }));
const integerFormat = lazily(() => new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 }));

/** The word bands, on the whole percent shown: [from, words], highest first (see above for why). */
export const LIKELIHOOD_BANDS: readonly (readonly [from: number, words: string])[] = [
  [80, 'Khả năng rất cao'],
  [50, 'Khả năng cao'],
  [20, 'Khả năng vừa'],
  [5, 'Khả năng thấp'],
  [0, 'Khả năng rất thấp'],
];

/** The probability in whole percent (clamped to 0–100), as shown: the word band reads this same rounded figure. */
export function wholePercent(probability: number): number {
  return Math.round(Math.min(1, Math.max(0, probability)) * 100);
}

/** '62%' (vi-VN); never '0%' or '100%' for what is only rare or nearly certain: 'dưới 1%', 'trên 99%'. */
export function formatPercent(probability: number): string {
  const whole = wholePercent(probability);
  if (whole === 0) return `dưới ${percentFormat().format(0.01)}`;
  if (whole === 100) return `trên ${percentFormat().format(0.99)}`;
  return percentFormat().format(whole / 100);
}

/** A 95 % interval: 'khoảng 48–75%' (or 'khoảng 62%' when both ends round alike). */
export function formatInterval({ low, high }: { readonly low: number; readonly high: number }): string {
  const from = wholePercent(low);
  const to = wholePercent(high);
  if (from === to) return `khoảng ${percentFormat().format(to / 100)}`;
  return `khoảng ${integerFormat().format(from)}–${percentFormat().format(to / 100)}`;
}

/** 'Khả năng cao': the band of the whole percent shown. */
export function likelihoodWords(probability: number): string {
  const whole = wholePercent(probability);
  return LIKELIHOOD_BANDS.find(([from]) => whole >= from)![1];
}

/** 'Khả năng cao (62%)'. */
export function likelihood(probability: number): string {
  return `${likelihoodWords(probability)} (${formatPercent(probability)})`;
}
