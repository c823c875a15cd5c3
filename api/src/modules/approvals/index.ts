/**
 * The approvals module's front door — the customer's pending approvals. Nothing else of the module is imported from
 * outside.
 */
export { approvalsModule } from './approvalsModule';
