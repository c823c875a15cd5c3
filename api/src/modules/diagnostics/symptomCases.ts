import type { Kysely } from 'kysely';
import { SYMPTOM_CODES, type SymptomCode } from 'shared-contracts/diagnostics';
import type { Database } from '../../db/schema';
import { learnSymptomEvidence, type LabelledCase, type SymptomEvidence } from './diagnosisRanking';

/**
 * Our closed orders as labelled examples (spec predictive.md §3): the appointment's recorded symptoms in, the
 * checklist's FAIL components out. Orders without a recorded symptom are not cases.
 */
export async function loadSymptomCases(db: Kysely<Database>): Promise<LabelledCase[]> {
  const [symptoms, failures] = await Promise.all([
    db
      .selectFrom('appointment_symptoms as s')
      .innerJoin('service_orders as so', 'so.appointment_id', 's.appointment_id')
      .select(['so.id as order_id', 's.code'])
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
  const cases = new Map<number, { symptoms: SymptomCode[]; failed: string[] }>();
  for (const row of symptoms) {
    if (!known.has(row.code)) continue;
    const entry = cases.get(row.order_id) ?? { symptoms: [], failed: [] };
    entry.symptoms.push(row.code as SymptomCode);
    cases.set(row.order_id, entry);
  }
  for (const row of failures) cases.get(row.order_id)?.failed.push(row.code);
  return [...cases.keys()].sort((a, b) => a - b).map((id) => cases.get(id)!);
}

const EVIDENCE_TTL_MS = 10 * 60_000;

/** The learned counts, read again at most every 10 minutes (a diagnosis must answer in milliseconds). */
export function symptomEvidenceCache(db: Kysely<Database>, now: () => number): () => Promise<SymptomEvidence> {
  let cached: { at: number; evidence: Promise<SymptomEvidence> } | null = null;
  return () => {
    if (!cached || now() - cached.at > EVIDENCE_TTL_MS) {
      const evidence = loadSymptomCases(db).then(learnSymptomEvidence);
      cached = { at: now(), evidence };
      evidence.catch(() => {
        cached = null;
      });
    }
    return cached.evidence;
  };
}
