import type { ChecklistResult, InspectionAdvice } from 'shared-contracts/schemas';
import { saysReplaced } from '../prediction';

/** One checklist finding as the advice reads it. */
export interface Finding {
  label: string;
  result: ChecklistResult | null;
  note: string | null;
  /** A part was issued for the item at this visit (a parts request linked to it, more issued than returned). */
  partIssued: boolean;
}

/** A FAIL put right at this visit: a part issued for it, or the technician's note says it was replaced (as training reads it). */
export function isFixed(finding: Finding): boolean {
  return finding.result === 'FAIL' && (finding.partIssued || saysReplaced(finding.note));
}

/**
 * The advice for next time from one visit's findings, in checklist order, repairs first: every FAIL not fixed at
 * this visit, then every PASS the technician left a note on (a part near its limit). The text is the technician's
 * note; nothing is invented for an item without one.
 */
export function inspectionAdvice(findings: readonly Finding[]): InspectionAdvice[] {
  const repairs: InspectionAdvice[] = [];
  const watches: InspectionAdvice[] = [];
  for (const finding of findings) {
    const note = finding.note?.trim();
    if (!note) continue;
    if (finding.result === 'FAIL' && !isFixed(finding)) repairs.push({ label: finding.label, kind: 'REPAIR', note });
    else if (finding.result === 'PASS') watches.push({ label: finding.label, kind: 'WATCH', note });
  }
  return [...repairs, ...watches];
}
