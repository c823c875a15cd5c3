import '@testing-library/jest-dom';

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
