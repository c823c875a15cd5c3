import type { Kysely } from 'kysely';
import { SYMPTOM_CODES, type SymptomCode } from 'shared-contracts/diagnostics';
import type { Database } from '../../db/schema';
import { componentOfChecklistCode } from './checklistComponents';
import { WEAR_MODEL_KIND } from './wearModel';
import type { SymptomEvidence } from './diagnosisRanking';
import { evidenceFromStored, type DatedCase, type DiagnosisTraining } from './diagnosisTraining';

/**
 * Our closed orders as labelled examples (spec predictive.md §3): the appointment's recorded symptoms in, the
 * components the checklist found FAIL out (a checklist code read as its component: the brake service's PADS are
 * the brake pads). Orders without a recorded symptom are not cases. Read by the training process only.
 */
export async function loadSymptomCases(db: Kysely<Database>): Promise<DatedCase[]> {
  const [symptoms, failures] = await Promise.all([
    db
      .selectFrom('appointment_symptoms as s')
      .innerJoin('service_orders as so', 'so.appointment_id', 's.appointment_id')
      .select(['so.id as order_id', 'so.closed_at', 's.code'])
      .where('so.status', '=', 'CLOSED')
      .execute(),
    db
      .selectFrom('service_order_checklist_items as item')
      .innerJoin('service_orders as so', 'so.id', 'item.service_order_id')
      .innerJoin('appointment_symptoms as s', 's.appointment_id', 'so.appointment_id')
      .select(['so.id as order_id', 'item.code'])
      .distinct()
      .where('so.status', '=', 'CLOSED')
      .where('item.result', '=', 'FAIL')
      .execute(),
  ]);
  const known = new Set<string>(SYMPTOM_CODES);
  const cases = new Map<number, { symptoms: SymptomCode[]; failed: Set<string>; closedAt: number }>();
  for (const row of symptoms) {
    if (!known.has(row.code)) continue;
    const entry = cases.get(row.order_id) ?? { symptoms: [], failed: new Set<string>(), closedAt: new Date(row.closed_at!).getTime() };
    entry.symptoms.push(row.code as SymptomCode);
    cases.set(row.order_id, entry);
  }
  for (const row of failures) cases.get(row.order_id)?.failed.add(componentOfChecklistCode(row.code));
  return [...cases.keys()]
    .sort((a, b) => a - b)
    .map((orderId) => {
      const entry = cases.get(orderId)!;
      return { orderId, closedAt: entry.closedAt, symptoms: entry.symptoms, failed: [...entry.failed].sort() };
    });
}

/** The served version is looked up again at most this often (a training run takes minutes; a diagnosis, ms). */
export const EVIDENCE_TTL_MS = 60_000;

/**
 * The learned counts of the model version the API serves (the newest ACCEPTED run: its `diagnosis` column,
 * written by the training process), looked up at most every EVIDENCE_TTL_MS: one small row, never the orders.
 * Before the first training with diagnosis (or on a version without it) the ranking uses the knowledge base alone.
 */
export function symptomEvidenceCache(db: Kysely<Database>, now: () => number): () => Promise<SymptomEvidence> {
  let cached: { at: number; evidence: Promise<SymptomEvidence> } | null = null;
  let parsed: { id: number; evidence: SymptomEvidence } | null = null;
  const read = async (): Promise<SymptomEvidence> => {
    const row = await db
      .selectFrom('prediction_models')
      .select(['id', 'diagnosis'])
      .where('kind', '=', WEAR_MODEL_KIND)
      .where('status', '=', 'ACCEPTED')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return evidenceFromStored(null);
    if (parsed?.id !== row.id) {
      const training = row.diagnosis ? (JSON.parse(row.diagnosis) as DiagnosisTraining) : null;
      parsed = { id: row.id, evidence: evidenceFromStored(training?.evidence) };
    }
    return parsed.evidence;
  };
  return () => {
    if (!cached || now() - cached.at > EVIDENCE_TTL_MS) {
      const evidence = read();
      cached = { at: now(), evidence };
      evidence.catch(() => {
        cached = null;
      });
    }
    return cached.evidence;
  };
}
