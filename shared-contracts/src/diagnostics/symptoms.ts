import { foldVietnamese } from '../text/foldVietnamese';

/**
 * The symptom vocabulary of diagnostics (spec predictive.md §3): what an EV owner notices, each with its
 * Vietnamese label and the words (as a Vietnamese writer types them, with or without diacritics) that free text
 * is matched to. One list for the booking form, the public diagnostics page, check-in and the API; which
 * symptoms are safety-critical, and what they point to, is the knowledge base's (api/src/modules/diagnostics).
 */
export interface Symptom {
  code: string;
  label: string;
  /** Phrases matched in free text after folding (foldVietnamese): each is a run of whole folded words. */
  phrases: readonly string[];
}

export const SYMPTOMS = [
  { code: 'NOT_CHARGING', label: 'Không sạc được', phrases: ['không sạc được', 'không vào điện', 'sạc không vào', 'không nhận sạc', 'cắm sạc không lên'] },
  { code: 'FAST_DRAIN', label: 'Tụt pin nhanh', phrases: ['tụt pin', 'hao pin', 'hết pin nhanh', 'sụt pin'] },
  { code: 'RANGE_DROP', label: 'Quãng đường đi được giảm', phrases: ['quãng đường giảm', 'đi được ít', 'đi không được xa', 'giảm quãng đường', 'chạy không được xa'] },
  { code: 'SLOW_CHARGING', label: 'Sạc lâu đầy bất thường', phrases: ['sạc lâu', 'sạc chậm', 'lâu đầy'] },
  { code: 'CHARGER_FAULT', label: 'Bộ sạc không lên đèn, nóng hoặc ngắt', phrases: ['bộ sạc không lên đèn', 'cục sạc nóng', 'sạc tự ngắt', 'củ sạc', 'bộ sạc hỏng'] },
  { code: 'WATER_IN_PORT', label: 'Nước vào cổng sạc', phrases: ['nước vào cổng sạc', 'cổng sạc bị ướt', 'ướt cổng sạc'] },
  { code: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh', phrases: ['kêu khi phanh', 'phanh kêu', 'phanh rít', 'tiếng ken két'] },
  { code: 'BRAKE_WEAK', label: 'Phanh kém, phải bóp sâu', phrases: ['phanh kém', 'phanh không ăn', 'bóp phanh sâu', 'phanh yếu'] },
  { code: 'BRAKE_FAILURE', label: 'Mất phanh', phrases: ['mất phanh', 'phanh không hoạt động', 'đứt phanh'] },
  { code: 'VIBRATION', label: 'Xe rung, lắc khi chạy', phrases: ['xe rung', 'rung lắc', 'lắc tay lái', 'bị rung'] },
  { code: 'TYRE_LOW', label: 'Lốp non hơi, thủng', phrases: ['lốp non', 'non hơi', 'thủng lốp', 'xì lốp', 'lốp xẹp'] },
  { code: 'MOTOR_ERROR', label: 'Báo lỗi động cơ', phrases: ['báo lỗi động cơ', 'lỗi động cơ', 'đèn báo lỗi', 'mã lỗi', 'báo lỗi'] },
  { code: 'MOTOR_NOISE', label: 'Tiếng ồn lạ từ động cơ', phrases: ['động cơ kêu', 'tiếng ồn', 'kêu ù ù', 'tiếng lạch cạch'] },
  { code: 'POWER_LOSS', label: 'Mất lực kéo, xe yếu', phrases: ['mất lực kéo', 'xe yếu', 'không bốc', 'yếu khi lên dốc', 'ì máy'] },
  { code: 'JERKY_THROTTLE', label: 'Tay ga giật, không đều', phrases: ['tay ga giật', 'giật cục', 'ga không đều', 'vặn ga không chạy'] },
  { code: 'BATTERY_HOT', label: 'Đèn báo pin nóng, pin nóng bất thường', phrases: ['pin nóng', 'báo pin nóng', 'quá nhiệt', 'nóng pin'] },
  { code: 'SMOKE_OR_BURNING', label: 'Khói hoặc mùi khét', phrases: ['bốc khói', 'có khói', 'mùi khét', 'mùi cháy'] },
  { code: 'HV_WARNING', label: 'Cảnh báo hệ thống điện cao áp', phrases: ['cảnh báo cao áp', 'lỗi cao áp', 'điện cao áp', 'rò điện'] },
  { code: 'WATER_IN_BATTERY', label: 'Xe bị ngập, nước vào khoang pin', phrases: ['xe bị ngập', 'ngập nước', 'nước vào pin', 'lội nước'] },
  { code: 'LIGHTS_OUT', label: 'Đèn không sáng', phrases: ['đèn không sáng', 'cháy bóng', 'mất đèn', 'đèn chập chờn'] },
  { code: 'WONT_START', label: 'Xe không khởi động, không lên nguồn', phrases: ['không lên nguồn', 'không khởi động', 'không nổ máy', 'mất nguồn'] },
] as const satisfies readonly Symptom[];

export type SymptomCode = (typeof SYMPTOMS)[number]['code'];
export const SYMPTOM_CODES = SYMPTOMS.map((symptom) => symptom.code) as [SymptomCode, ...SymptomCode[]];

/** Free text about a vehicle's trouble: at most this many characters. */
export const DIAGNOSIS_TEXT_MAX = 1000;
/** At most this many symptoms in one request. */
export const DIAGNOSIS_SYMPTOMS_MAX = 10;

const foldedPhrases = SYMPTOMS.map((symptom) => ({ code: symptom.code as SymptomCode, phrases: symptom.phrases.map((phrase) => ` ${foldVietnamese(phrase)} `) }));

/**
 * The symptoms a free text mentions, in vocabulary order: a symptom matches when one of its phrases stands in the
 * folded text as whole words ('Xe tut pin nhanh' → FAST_DRAIN; 'sạc lâu' does not match inside 'sạc lâuu').
 */
export function symptomsInText(text: string): SymptomCode[] {
  const folded = ` ${foldVietnamese(text)} `;
  return foldedPhrases.filter((symptom) => symptom.phrases.some((phrase) => folded.includes(phrase))).map((symptom) => symptom.code);
}
