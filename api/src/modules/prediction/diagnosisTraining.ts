import { DIAGNOSIS_EVALUATION_MIN_CASES } from 'shared-contracts/diagnostics';
import { learnSymptomEvidence, NO_EVIDENCE, rankComponents, rankingAccuracy, type LabelledCase, type RankingAccuracy, type SymptomEvidence } from './diagnosisRanking';

/**
 * The diagnosis ranking's training (spec predictive.md §3), run with the wear models' training in its process:
 *
 * - the learned counts (learnSymptomEvidence) of every closed order with recorded symptoms, stored with the
 *   model version and read by the API from the version it serves (the API never counts the orders itself);
 * - the evaluation: the counts learned from the orders closed before a cut-off date (the one leaving
 *   HELD_OUT_SHARE of the cases after it), the held-out orders ranked from their symptoms alone, top-1 and top-3
 *   accuracy (a hit when a listed component is one the checklist found FAIL) next to the knowledge base alone
 *   (NO_EVIDENCE). Both rank with the components' base rates as priors: a vehicle's own forecast at the time of
 *   each held-out order is not reconstructed. Fewer than MIN_HELD_OUT_CASES scored held-out cases: no evaluation
 *   (a share of a dozen cases is noise).
 */

export const HELD_OUT_SHARE = 0.2;
export const MIN_HELD_OUT_CASES = DIAGNOSIS_EVALUATION_MIN_CASES;

export interface DatedCase extends LabelledCase {
  orderId: number;
  /** When the order was closed (ms). */
  closedAt: number;
}

export interface DiagnosisEvaluation {
  /** Orders closed from this instant on (ms) are held out. */
  cutoff: number;
  /** Cases the held-out ranking learnt from (closed before the cut-off). */
  trainedOn: number;
  learned: RankingAccuracy;
  knowledgeBase: RankingAccuracy;
}

/** The learned counts as stored (JSON): the maps of SymptomEvidence as records. */
export interface StoredEvidence {
  cases: number;
  failures: Record<string, number>;
  withFailure: Record<string, number>;
  withSymptom: Record<string, number>;
}

export interface DiagnosisTraining {
  evidence: StoredEvidence;
  evaluation: DiagnosisEvaluation | null;
}

export function storedEvidence(evidence: SymptomEvidence): StoredEvidence {
  return {
    cases: evidence.cases,
    failures: Object.fromEntries(evidence.failures),
    withFailure: Object.fromEntries(evidence.withFailure),
    withSymptom: Object.fromEntries(evidence.withSymptom),
  };
}

export function evidenceFromStored(stored: StoredEvidence | null | undefined): SymptomEvidence {
  if (!stored) return NO_EVIDENCE;
  return {
    cases: stored.cases,
    failures: new Map(Object.entries(stored.failures)),
    withFailure: new Map(Object.entries(stored.withFailure)),
    withSymptom: new Map(Object.entries(stored.withSymptom)),
  };
}

/** The evaluation on the cases closed from the cut-off on, or null when too few of them can be scored. */
export function evaluateDiagnosis(cases: readonly DatedCase[]): DiagnosisEvaluation | null {
  const ordered = [...cases].sort((a, b) => a.closedAt - b.closedAt || a.orderId - b.orderId);
  if (ordered.length < 2) return null;
  const cutoff = ordered[Math.min(ordered.length - 1, Math.floor(ordered.length * (1 - HELD_OUT_SHARE)))]!.closedAt;
  const before = ordered.filter((item) => item.closedAt < cutoff);
  const after = ordered.filter((item) => item.closedAt >= cutoff);
  const learned = learnSymptomEvidence(before);
  const learnedAccuracy = rankingAccuracy(after, (symptoms) => rankComponents(symptoms, learned));
  if (learnedAccuracy.cases < MIN_HELD_OUT_CASES) return null;
  return {
    cutoff,
    trainedOn: before.length,
    learned: learnedAccuracy,
    knowledgeBase: rankingAccuracy(after, (symptoms) => rankComponents(symptoms, NO_EVIDENCE)),
  };
}

export function trainDiagnosis(cases: readonly DatedCase[]): DiagnosisTraining {
  return { evidence: storedEvidence(learnSymptomEvidence(cases)), evaluation: evaluateDiagnosis(cases) };
}
