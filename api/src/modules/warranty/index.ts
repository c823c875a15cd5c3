/**
 * The warranty module's front door — warranty claims to manufacturers (issue 66 §5): the draft an invoice with warranty lines opens, the manager's edits and the claim's moves (DRAFT → SUBMITTED → APPROVED or REJECTED, APPROVED → CREDITED with the money recorded), the report per manufacturer and month. Nothing else of the module is imported from outside.
 */
export { warrantyRoutes } from './warrantyRoutes';
export { draftWarrantyClaim } from './warrantyDraft';
export { approveWarrantyClaim, creditWarrantyClaim, rejectWarrantyClaim, submitWarrantyClaim } from './warrantyClaimActions';
