/**
 * The symptom vocabulary of diagnostics (spec predictive.md §3): what an EV owner notices, each with its
 * Vietnamese label. One list for the booking form, the public diagnostics page, check-in and the API; how free
 * text is matched to it is symptomText.ts's; which symptoms are safety-critical, and what they point to, is the
 * knowledge base's (api/src/modules/prediction/knowledgeBase.ts).
 */
export interface Symptom {
  code: string;
  label: string;
}

export const SYMPTOMS = [
  { code: 'NOT_CHARGING', label: 'Không sạc được' },
  { code: 'FAST_DRAIN', label: 'Tụt pin nhanh' },
  { code: 'RANGE_DROP', label: 'Quãng đường đi được giảm' },
  { code: 'SLOW_CHARGING', label: 'Sạc lâu đầy bất thường' },
  { code: 'CHARGER_FAULT', label: 'Bộ sạc không lên đèn, nóng hoặc ngắt' },
  { code: 'WATER_IN_PORT', label: 'Nước vào cổng sạc' },
  { code: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh' },
  { code: 'BRAKE_WEAK', label: 'Phanh kém, phải bóp sâu' },
  { code: 'BRAKE_FAILURE', label: 'Mất phanh' },
  { code: 'VIBRATION', label: 'Xe rung, lắc khi chạy' },
  { code: 'TYRE_LOW', label: 'Lốp non hơi, thủng' },
  { code: 'MOTOR_ERROR', label: 'Báo lỗi động cơ' },
  { code: 'MOTOR_NOISE', label: 'Tiếng ồn lạ từ động cơ' },
  { code: 'POWER_LOSS', label: 'Mất lực kéo, xe yếu' },
  { code: 'JERKY_THROTTLE', label: 'Tay ga giật, không đều' },
  { code: 'BATTERY_HOT', label: 'Đèn báo pin nóng, pin nóng bất thường' },
  { code: 'SMOKE_OR_BURNING', label: 'Khói hoặc mùi khét' },
  { code: 'HV_WARNING', label: 'Cảnh báo hệ thống điện cao áp' },
  { code: 'WATER_IN_BATTERY', label: 'Xe bị ngập, nước vào khoang pin' },
  { code: 'LIGHTS_OUT', label: 'Đèn không sáng' },
  { code: 'WONT_START', label: 'Xe không khởi động, không lên nguồn' },
] as const satisfies readonly Symptom[];

export type SymptomCode = (typeof SYMPTOMS)[number]['code'];
export const SYMPTOM_CODES = SYMPTOMS.map((symptom) => symptom.code) as [SymptomCode, ...SymptomCode[]];

/** Free text about a vehicle's trouble: at most this many characters. */
export const DIAGNOSIS_TEXT_MAX = 1000;
/** At most this many symptoms in one request. */
export const DIAGNOSIS_SYMPTOMS_MAX = 10;
