/**
 * The states of failure prediction and diagnostics (spec predictive.md §2–§4), zod-free: the screens read them,
 * the API's schemas (diagnostics/predictionSchemas.ts) validate with them.
 */

/** A component's forecast: a number, found faulty and not fixed, too little data, or no better than the fleet rate. */
export const FORECAST_STATUSES = ['PREDICTED', 'NEEDS_ATTENTION_NOW', 'INSUFFICIENT_DATA', 'NOT_BETTER_THAN_BASELINE'] as const;
/** How soon a diagnosed component needs a look. */
export const URGENCIES = ['STOP', 'SOON', 'PLAN'] as const;
/** A training run's (a model version's) status. */
export const TRAINING_STATUSES = ['TRAINING', 'ACCEPTED', 'FAILED'] as const;
/**
 * The diagnosis ranking is evaluated only on at least this many held-out closed orders with recorded symptoms and a
 * failure found (a share of a dozen cases is noise): below it the model page says there is too little data.
 */
export const DIAGNOSIS_EVALUATION_MIN_CASES = 30;
