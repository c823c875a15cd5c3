import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// CI runs every suite on a loaded 2-core machine, where a lazy page's first load can take seconds:
// findBy*/waitFor wait up to 5 s instead of 1 s (a test still fails when the screen never appears).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads when its module loads.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// The staff dashboard reads the orders waiting for a transfer: no test reaches the network. The page's own
// tests (awaitingTransfers.test.tsx) say what the API answers; elsewhere it never answers.
jest.mock('../src/pages/staff/payments/paymentsApi', () => ({
  paymentsApi: { awaitingTransfer: jest.fn(() => new Promise(() => undefined)), recordTransfer: jest.fn() },
}));

// The parts screens read the parts described outside the catalogue: no test reaches the network. Their own tests
// (freePartLine*.test.tsx) say what the API answers; elsewhere it never answers.
jest.mock('../src/partsRequests/freePartLinesApi', () => ({
  freePartLinesApi: { mine: jest.fn(() => new Promise(() => undefined)), create: jest.fn() },
}));
jest.mock('../src/partsDesk/freeLinesDeskApi', () => ({
  freeLinesDeskApi: { list: jest.fn(() => new Promise(() => undefined)), link: jest.fn(), specialOrder: jest.fn() },
}));

// The web-order desk reads its orders: no test reaches the network. Its own test (webOrderDesk.test.tsx) says
// what the API answers; elsewhere it never answers.
jest.mock('../src/webOrders/webOrdersApi', () => ({
  webOrdersApi: { list: jest.fn(() => new Promise(() => undefined)), detail: jest.fn(() => new Promise(() => undefined)), act: jest.fn(), note: jest.fn() },
}));

// The inventory page reads the centre's stock transfers: no test reaches the network. Their own test
// (stockTransfers.test.tsx) says what the API answers; elsewhere it never answers.
jest.mock('../src/stockTransfers/stockTransfersApi', () => ({
  stockTransfersApi: { locations: jest.fn(() => new Promise(() => undefined)), list: jest.fn(() => new Promise(() => undefined)), create: jest.fn(), receive: jest.fn(), cancel: jest.fn() },
}));

// The reviews and service ratings read their queues and KPIs (the manager's dashboard and the admin's reports
// include the rating sections): no test reaches the network. Their own tests (reviews/, serviceRatings/) say what
// the API answers; elsewhere it never answers.
jest.mock('../src/reviews/reviewsApi', () => ({
  reviewsApi: { queue: jest.fn(() => new Promise(() => undefined)), reply: jest.fn(), hide: jest.fn(), unhide: jest.fn() },
}));
jest.mock('../src/serviceRatings/serviceRatingsApi', () => ({
  ...jest.requireActual('../src/serviceRatings/serviceRatingsApi'),
  serviceRatingsApi: {
    kpis: jest.fn(() => new Promise(() => undefined)),
    list: jest.fn(() => new Promise(() => undefined)),
    followUps: jest.fn(() => new Promise(() => undefined)),
    hide: jest.fn(),
    unhide: jest.fn(),
    addNote: jest.fn(),
    close: jest.fn(),
  },
}));

// The staff inbox reads the centre's conversations: no test reaches the network. Its own tests (messages/) say what
// the API answers; elsewhere it never answers.
jest.mock('../src/messages/messagesApi', () => ({
  messagesApi: {
    inbox: jest.fn(() => new Promise(() => undefined)),
    thread: jest.fn(() => new Promise(() => undefined)),
    assignees: jest.fn(() => new Promise(() => undefined)),
    serviceOrderThread: jest.fn(() => new Promise(() => undefined)),
    uploadPhoto: jest.fn(),
    send: jest.fn(),
    markRead: jest.fn(),
    assign: jest.fn(),
    setStatus: jest.fn(),
  },
}));
