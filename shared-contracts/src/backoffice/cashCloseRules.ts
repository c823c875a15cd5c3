/**
 * The cashier's close per centre ("Chốt ca", issue 62), zod-free for the back office: the bounds of what the clerk
 * types, the history's longest range and the floor-changed kind a close publishes.
 */
/** The most a clerk may count (VND): 10 billion, far above any drawer, still exact in a JavaScript number. */
export const CASH_CLOSE_COUNTED_MAX = 10_000_000_000;
/** A difference's reason: required when counted ≠ expected, at most this many characters. */
export const CASH_CLOSE_REASON_MAX = 300;
/** The history's longest range of local dates, both inclusive. */
export const CASH_CLOSE_RANGE_MAX_DAYS = 92;
/** At most this many cash lines are listed for the open period (the expected total always counts them all). */
export const CASH_CLOSE_LINES_LIMIT = 500;
/** At most this many closes are listed by the history. */
export const CASH_CLOSE_HISTORY_LIMIT = 500;
/** The `kind` of the floor-changed a close publishes: the centre's open "Chốt ca" pages reload. */
export const CASH_CLOSE_CHANGE_KIND = 'cash-close';
