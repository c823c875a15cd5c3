import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads when its module loads.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no fetch. No test reaches a network: an unmocked call answers 404 with an empty body.
beforeEach(() => {
  globalThis.fetch = jest.fn(async () => ({ ok: false, status: 404, text: async () => '' })) as unknown as typeof fetch;
});
