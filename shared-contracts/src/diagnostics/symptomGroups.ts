import { SYMPTOMS, type SymptomCode } from './symptoms';

/**
 * The symptom vocabulary as the screens offer it (the public diagnostics page, the booking wizard, check-in):
 * grouped by the part of the vehicle an owner would think of, each symptom once; a symptom added to the
 * vocabulary and not yet placed in a group is still offered, under 'Khác'.
 */
export interface SymptomGroup {
  id: string;
  label: string;
  symptoms: Array<{ code: SymptomCode; label: string }>;
}

const GROUPS: ReadonlyArray<{ id: string; label: string; codes: readonly SymptomCode[] }> = [
  {
    id: 'pin-sac',
    label: 'Pin và sạc',
    codes: ['NOT_CHARGING', 'SLOW_CHARGING', 'CHARGER_FAULT', 'WATER_IN_PORT', 'FAST_DRAIN', 'RANGE_DROP', 'BATTERY_HOT'],
  },
  { id: 'phanh-lop', label: 'Phanh, lốp và khung xe', codes: ['BRAKE_NOISE', 'BRAKE_WEAK', 'BRAKE_FAILURE', 'TYRE_LOW', 'VIBRATION'] },
  { id: 'dong-co', label: 'Động cơ và khả năng vận hành', codes: ['WONT_START', 'POWER_LOSS', 'JERKY_THROTTLE', 'MOTOR_ERROR', 'MOTOR_NOISE'] },
  { id: 'dien-an-toan', label: 'Điện, đèn và dấu hiệu nguy hiểm', codes: ['LIGHTS_OUT', 'HV_WARNING', 'SMOKE_OR_BURNING', 'WATER_IN_BATTERY'] },
];

const labelOf = new Map<SymptomCode, string>(SYMPTOMS.map((symptom) => [symptom.code, symptom.label]));
const vocabularyOrder = new Map<SymptomCode, number>(SYMPTOMS.map((symptom, index) => [symptom.code, index]));

/** The vocabulary in its groups. */
export const SYMPTOM_GROUPS: readonly SymptomGroup[] = (() => {
  const placed = new Set<SymptomCode>();
  const groups: SymptomGroup[] = GROUPS.map((group) => ({
    id: group.id,
    label: group.label,
    symptoms: group.codes.filter((code) => labelOf.has(code) && !placed.has(code) && placed.add(code)).map((code) => ({ code, label: labelOf.get(code)! })),
  }));
  const rest = SYMPTOMS.filter((symptom) => !placed.has(symptom.code)).map((symptom) => ({ code: symptom.code as SymptomCode, label: symptom.label as string }));
  if (rest.length > 0) groups.push({ id: 'khac', label: 'Khác', symptoms: rest });
  return groups.filter((group) => group.symptoms.length > 0);
})();

/** SYMPTOM_GROUPS, as a fresh list. */
export function symptomGroups(): SymptomGroup[] {
  return [...SYMPTOM_GROUPS];
}

export function symptomLabel(code: SymptomCode): string {
  return labelOf.get(code) ?? code;
}

/** Codes in the vocabulary's order (what the API records and answers in). */
export function inVocabularyOrder(codes: Iterable<SymptomCode>): SymptomCode[] {
  return [...codes].sort((a, b) => (vocabularyOrder.get(a) ?? 0) - (vocabularyOrder.get(b) ?? 0));
}
