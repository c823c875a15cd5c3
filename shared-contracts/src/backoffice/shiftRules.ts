/** Time-entry corrections (spec §1 work_time_entries, M4), zod-free for the back office: a reason's length. */
export const TIME_ENTRY_REASON_MIN = 5;
export const TIME_ENTRY_REASON_MAX = 300;
