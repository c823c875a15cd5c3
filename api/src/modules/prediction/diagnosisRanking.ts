import { SYMPTOMS, type SymptomCode } from 'shared-contracts/diagnostics';
import {
  BACKGROUND_SYMPTOM_RATE,
  COMPONENTS,
  KNOWLEDGE_PSEUDO_COUNT,
  RESCUE_HOTLINE,
  SAFETY_CRITICAL_SYMPTOMS,
  SAFETY_MESSAGE,
  SYMPTOM_LINKS,
  type Urgency,
} from './knowledgeBase';

/**
 * Ranking the likely components for a set of symptoms (spec predictive.md §3): naive Bayes per component, with
 * the knowledge base as the prior of each symptom's likelihood and our own closed orders updating it.
 *
 * For component c and reported symptoms S:
 *
 *   logit P(c failed | S) = logit π_c + Σ_{s∈S} log( q_{s,c} / r_{s,c} )
 *
 * - π_c: the vehicle's own failure probability for c when the failure model has one, else c's base rate;
 * - q_{s,c} = P(s reported | c failed) = (w·m + n_{s,c}) / (m + n_c): the knowledge base's weight w counted as
 *   m = KNOWLEDGE_PSEUDO_COUNT cases (a Beta prior), plus n_{s,c} of our n_c closed orders that found c failed
 *   and had s recorded; a symptom with no link and no case gets half the background rate (a mild penalty);
 * - r_{s,c} = P(s reported | c not failed) = (b·m + n_{s,¬c}) / (m + n_{¬c}), b = BACKGROUND_SYMPTOM_RATE.
 *
 * Only reported symptoms count (absent ones say little: owners mention one or two). Components with no link
 * to any reported symptom, in the knowledge base or our cases, are not listed. Each result carries its reasons:
 * the links, their sources and the number of past cases.
 */

export interface LabelledCase {
  symptoms: readonly SymptomCode[];
  /** Components the order's checklist found FAIL. */
  failed: readonly string[];
}

/** Counts from our closed orders with recorded symptoms. */
export interface SymptomEvidence {
  cases: number;
  failures: Map<string, number>;
  /** `${symptom}|${component}` → cases with the symptom where the component failed. */
  withFailure: Map<string, number>;
  /** symptom → cases with the symptom. */
  withSymptom: Map<string, number>;
}

export const NO_EVIDENCE: SymptomEvidence = { cases: 0, failures: new Map(), withFailure: new Map(), withSymptom: new Map() };

export function learnSymptomEvidence(cases: readonly LabelledCase[]): SymptomEvidence {
  const evidence: SymptomEvidence = { cases: cases.length, failures: new Map(), withFailure: new Map(), withSymptom: new Map() };
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const item of cases) {
    const symptoms = new Set(item.symptoms);
    const failed = new Set(item.failed);
    for (const component of failed) add(evidence.failures, component);
    for (const symptom of symptoms) {
      add(evidence.withSymptom, symptom);
      for (const component of failed) add(evidence.withFailure, `${symptom}|${component}`);
    }
  }
  return evidence;
}

export interface DiagnosisReason {
  symptom: SymptomCode;
  label: string;
  /** The knowledge base's weight (0 when the link comes from our cases only) and its source. */
  weight: number;
  source: string | null;
  /** Our closed orders with this symptom that found this component failed. */
  pastCases: number;
}

export interface RankedComponent {
  component: string;
  label: string;
  probability: number;
  reasons: DiagnosisReason[];
  serviceSlug: string;
  urgency: Urgency;
}

export interface Diagnosis {
  /** Present when a reported symptom is safety-critical: shown before anything else. */
  safety: { message: string; hotline: string; symptoms: SymptomCode[] } | null;
  ranked: RankedComponent[];
}

const symptomLabel = new Map<string, string>(SYMPTOMS.map((symptom) => [symptom.code, symptom.label]));
const linkOf = new Map(SYMPTOM_LINKS.map((link) => [`${link.symptom}|${link.component}`, link]));

export const MAX_RANKED = 5;

export function rankComponents(
  symptoms: readonly SymptomCode[],
  evidence: SymptomEvidence = NO_EVIDENCE,
  priors: ReadonlyMap<string, number> = new Map(),
): Diagnosis {
  const reported = [...new Set(symptoms)];
  const critical = reported.filter((symptom) => SAFETY_CRITICAL_SYMPTOMS.has(symptom));
  const m = KNOWLEDGE_PSEUDO_COUNT;
  const ranked: RankedComponent[] = [];
  for (const component of COMPONENTS) {
    const failures = evidence.failures.get(component.code) ?? 0;
    const prior = Math.min(0.999, Math.max(0.001, priors.get(component.code) ?? component.baseRate));
    let logOdds = Math.log(prior / (1 - prior));
    const reasons: DiagnosisReason[] = [];
    for (const symptom of reported) {
      const link = linkOf.get(`${symptom}|${component.code}`);
      const pastCases = evidence.withFailure.get(`${symptom}|${component.code}`) ?? 0;
      const weight = link?.weight ?? 0;
      const linked = weight > 0 || pastCases > 0;
      const q = linked ? (weight * m + pastCases) / (m + failures) : BACKGROUND_SYMPTOM_RATE / 2;
      const withoutFailure = (evidence.withSymptom.get(symptom) ?? 0) - pastCases;
      const r = (BACKGROUND_SYMPTOM_RATE * m + withoutFailure) / (m + evidence.cases - failures);
      logOdds += Math.log(q / r);
      if (linked) reasons.push({ symptom, label: symptomLabel.get(symptom)!, weight, source: link?.source ?? null, pastCases });
    }
    if (reasons.length === 0) continue;
    ranked.push({
      component: component.code,
      label: component.label,
      probability: 1 / (1 + Math.exp(-logOdds)),
      reasons,
      serviceSlug: component.serviceSlug,
      urgency: component.urgency,
    });
  }
  ranked.sort((a, b) => b.probability - a.probability || a.component.localeCompare(b.component));
  return {
    safety: critical.length > 0 ? { message: SAFETY_MESSAGE, hotline: RESCUE_HOTLINE, symptoms: critical } : null,
    ranked: ranked.slice(0, MAX_RANKED),
  };
}

export interface RankingAccuracy {
  cases: number;
  top1: number;
  top3: number;
}

/** Top-1 and top-3 accuracy on cases: a hit when a listed component is one the checklist found FAIL. */
export function rankingAccuracy(cases: readonly LabelledCase[], rank: (symptoms: readonly SymptomCode[]) => Diagnosis): RankingAccuracy {
  const scored = cases.filter((item) => item.symptoms.length > 0 && item.failed.length > 0);
  let top1 = 0;
  let top3 = 0;
  for (const item of scored) {
    const listed = rank(item.symptoms).ranked.map((result) => result.component);
    if (listed.slice(0, 1).some((component) => item.failed.includes(component))) top1 += 1;
    if (listed.slice(0, 3).some((component) => item.failed.includes(component))) top3 += 1;
  }
  const share = (hits: number) => (scored.length === 0 ? 0 : hits / scored.length);
  return { cases: scored.length, top1: share(top1), top3: share(top3) };
}
