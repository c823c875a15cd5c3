import { DIAGNOSIS_SYMPTOMS_MAX, SYMPTOMS, type SymptomCode } from 'shared-contracts/diagnostics';

/**
 * The symptoms the customer may tick when booking (spec predictive.md §3): the vocabulary of shared-contracts,
 * at most DIAGNOSIS_SYMPTOMS_MAX, kept in the vocabulary's order (the order the API answers them in).
 */

export const SYMPTOMS_MAX = DIAGNOSIS_SYMPTOMS_MAX;

const ORDER = new Map<string, number>(SYMPTOMS.map((symptom, index) => [symptom.code, index]));
const LABELS = new Map<string, string>(SYMPTOMS.map((symptom) => [symptom.code, symptom.label]));

export function isSymptomCode(code: string): code is SymptomCode {
  return ORDER.has(code);
}

/** `codes` as the wizard keeps them: known codes only, each once, in the vocabulary's order, at most the maximum. */
export function knownSymptoms(codes: readonly string[]): SymptomCode[] {
  return [...new Set(codes.filter(isSymptomCode))].sort((a, b) => ORDER.get(a)! - ORDER.get(b)!).slice(0, SYMPTOMS_MAX);
}

export function symptomLabelOf(code: SymptomCode): string {
  return LABELS.get(code) ?? code;
}
