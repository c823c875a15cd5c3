import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads when its module loads.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// The staff dashboard reads the orders waiting for a transfer: no test reaches the network. The page's own
// tests (awaitingTransfers.test.tsx) say what the API answers; elsewhere it never answers.
jest.mock('../src/pages/staff/payments/paymentsApi', () => ({
  paymentsApi: { awaitingTransfer: jest.fn(() => new Promise(() => undefined)), confirm: jest.fn() },
}));
