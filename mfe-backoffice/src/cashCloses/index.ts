// The cashier's close per centre ("Chốt ca", issue 62): the open period's expected cash, the count, the history.
export { CashClosePage } from './CashClosePage';
