import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// CI runs every suite on a loaded 2-core machine, where a lazy page's first load can take seconds:
// findBy*/waitFor wait up to 5 s instead of 1 s (a test still fails when the screen never appears).
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia: desktop width unless a test says otherwise.
let mobile = false;
export function setMobileViewport(value: boolean): void {
  mobile = value;
}
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: mobile && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }),
});
window.scrollTo = () => undefined;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  mobile = false;
});

// No test reaches a network: an unmocked call answers 404.
beforeEach(() => {
  global.fetch = jest.fn(async () => ({ ok: false, status: 404, text: async () => '' })) as unknown as typeof fetch;
});
