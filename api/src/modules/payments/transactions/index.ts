/** What the payment providers build on: recording a transfer, its messages, the webhook body helpers, the lookups. */
export { invoiceCodeCandidates, orderCodeCandidates } from './orderCodeInContent';
export { paymentMessages } from './paymentTransactionMessages';
export { firstOrderWithCode, orderById } from './paymentTransactionQueries';
export { recordTransfer, type IncomingTransfer } from './recordTransfer';
export { keepRawJsonBodies, rawBodyOf, sameSecret, vietnamTimeToIso } from './webhookBody';
