import { ERROR_CODES, LOYALTY_SETTINGS_LABELS } from 'shared-contracts/schemas';
import { AppError } from '../../http/appError';

// What the points rules (settingsChanges) and the tiers' rules (tierRules) share: each change is a new row in force
// from an instant, never retroactive, and their history shows who made it.

/** A change asked for "now" by a clock slightly behind the server's is taken as now; earlier than this is the past. */
const NOW_GRACE_MS = 60_000;

/** How many changes a history answers: the latest effective ones. */
export const RULE_HISTORY_LIMIT = 100;

export const pastEffectiveFromMessage = `${LOYALTY_SETTINGS_LABELS.effectiveFrom}: không được chọn thời điểm trong quá khứ (thay đổi không áp dụng hồi tố).`;

/**
 * When a change asked for at `now` takes effect: the instant asked for, or strictly after now (a rule read at the very
 * instant a sale was paid stays the old one). A past instant is refused (422).
 */
export function effectiveFromOf(asked: string | undefined, now: Date): Date {
  const at = asked === undefined ? null : new Date(asked);
  if (at !== null && at.getTime() < now.getTime() - NOW_GRACE_MS) {
    throw new AppError(422, ERROR_CODES.VALIDATION_ERROR, pastEffectiveFromMessage, [{ field: 'effectiveFrom', message: pastEffectiveFromMessage }]);
  }
  return new Date(Math.max(at?.getTime() ?? 0, now.getTime() + 1));
}

/** Who made a change (null: the system's first rules), from its row joined to users. */
export function changedByOf(row: { changed_by: number | null; full_name: string | null }): { id: number; fullName: string } | null {
  return row.changed_by === null ? null : { id: row.changed_by, fullName: row.full_name ?? '' };
}

/**
 * A rules overview from the change in force and the latest changes: `readOne` finds the one in force when it is older
 * than every change the bounded history holds.
 */
export async function overviewOf<C extends { id: number }>(currentId: number, history: C[], readOne: (id: number) => Promise<C[]>): Promise<{ current: C; history: C[] }> {
  const current = history.find((change) => change.id === currentId) ?? (await readOne(currentId))[0];
  if (!current) throw new Error(`loyalty rules change ${currentId} vanished`);
  return { current, history };
}
