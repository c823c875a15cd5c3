/**
 * The cashCloses module's front door — the cashier's close per centre ("Chốt ca"): the open period's cash expected
 * from the ledger, the clerk's count with the difference and its reason, the history. Nothing else of the module is
 * imported from outside.
 */
export { cashClosesModule } from './cashClosesModule';
export { closeCashPeriod, writeClose, type CashCloseContext, type CashCloseRequest } from './cashCloseWrites';
export { periodTotals, readCurrentPeriod } from './cashClosePeriod';
