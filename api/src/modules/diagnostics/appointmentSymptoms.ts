import type { Kysely, Transaction } from 'kysely';
import { SYMPTOMS, type SymptomCode } from 'shared-contracts/diagnostics';
import type { Database } from '../../db/schema';

/**
 * The symptoms of an appointment (spec predictive.md §3 "Where symptoms are recorded"): picked by the customer when
 * booking (source 'customer') and confirmed or added by staff at check-in (source 'staff'). With the order's
 * checklist they make every closed order a labelled example for the diagnostics ranking (symptomCases.ts). One
 * row per appointment and code: a symptom recorded twice keeps its first source.
 */

export type SymptomSource = 'customer' | 'staff';

export interface RecordedSymptom {
  code: SymptomCode;
  label: string;
  source: SymptomSource;
}

const LABELS = new Map<string, string>(SYMPTOMS.map((symptom) => [symptom.code, symptom.label]));

/** Records `codes` for the appointment (those already there are kept as they are). */
export async function recordAppointmentSymptoms(
  db: Kysely<Database> | Transaction<Database>,
  appointmentId: number,
  codes: readonly SymptomCode[],
  source: SymptomSource,
  recordedBy: number | null,
): Promise<void> {
  const unique = [...new Set(codes)];
  if (unique.length === 0) return;
  await db
    .insertInto('appointment_symptoms')
    .values(unique.map((code) => ({ appointment_id: appointmentId, code, source, recorded_by: recordedBy })))
    .onConflict((conflict) => conflict.columns(['appointment_id', 'code']).doNothing())
    .execute();
}

/**
 * The symptoms staff confirmed at the counter (spec predictive.md §3) become the appointment's: those the customer
 * picked and staff kept stay as recorded (source 'customer'), those staff added are theirs (source 'staff',
 * recorded_by them), those staff unticked are dropped, so that the closed order is a labelled example of what was
 * confirmed.
 */
export async function confirmSymptoms(trx: Transaction<Database>, appointmentId: number, codes: readonly SymptomCode[], staffId: number): Promise<void> {
  const confirmed = [...new Set(codes)];
  let unticked = trx.deleteFrom('appointment_symptoms').where('appointment_id', '=', appointmentId);
  if (confirmed.length > 0) unticked = unticked.where('code', 'not in', confirmed);
  await unticked.execute();
  await recordAppointmentSymptoms(trx, appointmentId, confirmed, 'staff', staffId);
}

/** The recorded symptoms of each of `appointmentIds`, in the vocabulary's order (ids without any are absent). */
export async function appointmentSymptomsOf(db: Kysely<Database> | Transaction<Database>, appointmentIds: readonly number[]): Promise<Map<number, RecordedSymptom[]>> {
  const result = new Map<number, RecordedSymptom[]>();
  if (appointmentIds.length === 0) return result;
  const rows = await db
    .selectFrom('appointment_symptoms')
    .select(['appointment_id', 'code', 'source'])
    .where('appointment_id', 'in', [...new Set(appointmentIds)])
    .execute();
  const order = new Map<string, number>(SYMPTOMS.map((symptom, index) => [symptom.code, index]));
  for (const row of rows) {
    const label = LABELS.get(row.code);
    if (label === undefined) continue; // a code no longer in the vocabulary
    const list = result.get(row.appointment_id) ?? [];
    list.push({ code: row.code as SymptomCode, label, source: row.source as SymptomSource });
    result.set(row.appointment_id, list);
  }
  for (const list of result.values()) list.sort((a, b) => order.get(a.code)! - order.get(b.code)!);
  return result;
}
