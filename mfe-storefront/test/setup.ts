import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// CI runs every suite on a loaded 2-core machine, where a lazy page's first load can take seconds:
// findBy*/waitFor wait up to 5 s instead of 1 s (a test still fails when the screen never appears).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 reads when its module loads.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// The product page's reviews section asks its own API: no reviews, unless a test mocks src/reviews/reviewsApi itself.
jest.mock('../src/reviews/reviewsApi', () => ({
  reviewsApi: {
    list: async () => ({
      summary: { average: null, count: 0, distribution: [0, 0, 0, 0, 0], withPhotos: 0 },
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
      totalPages: 0,
    }),
    voteHelpful: async () => ({ helpfulCount: 0, votedHelpful: false }),
    unvoteHelpful: async () => ({ helpfulCount: 0, votedHelpful: false }),
    report: async () => undefined,
  },
}));
