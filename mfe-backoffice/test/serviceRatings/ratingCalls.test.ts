import { reviewsApi } from '../../src/reviews/reviewsApi';
import { serviceRatingsApi } from '../../src/serviceRatings/serviceRatingsApi';

// The calls as the API receives them: method, path, query and body (setup.ts stubs these modules for the pages).
jest.unmock('../../src/reviews/reviewsApi');
jest.unmock('../../src/serviceRatings/serviceRatingsApi');

const fetchMock = jest.fn(async (_url: string, _init: RequestInit) => ({ ok: true, status: 200, text: async () => JSON.stringify({ success: true, message: 'OK', data: { id: 1 } }) }));
const original = globalThis.fetch;
beforeEach(() => {
  fetchMock.mockClear();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = original;
});

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  const { pathname, search } = new URL(url, 'http://localhost');
  return { method: init.method, path: pathname, query: Object.fromEntries(new URLSearchParams(search)), body: init.body ? JSON.parse(String(init.body)) : undefined };
}

describe('the moderation calls', () => {
  it('hide, reply and unhide a product review with the bodies the contract names', async () => {
    await reviewsApi.hide(41, 'Ngôn từ xúc phạm');
    expect(lastCall()).toEqual({ method: 'POST', path: '/api/admin/reviews/41/hide', query: {}, body: { reason: 'Ngôn từ xúc phạm' } });
    await reviewsApi.reply(41, 'Cảm ơn anh.');
    expect(lastCall()).toEqual({ method: 'PUT', path: '/api/admin/reviews/41/reply', query: {}, body: { text: 'Cảm ơn anh.' } });
    await reviewsApi.unhide(41);
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/api/admin/reviews/41/unhide' });
    await reviewsApi.queue({ queue: 'unanswered', stars: 1, page: 2 });
    expect(lastCall()).toMatchObject({ method: 'GET', path: '/api/admin/reviews', query: { queue: 'unanswered', stars: '1', page: '2' } });
  });

  it('note, close and hide on the service side, and read with only the filters given', async () => {
    await serviceRatingsApi.addNote(5, 'Khách hẹn quay lại.');
    expect(lastCall()).toEqual({ method: 'POST', path: '/api/service-rating-follow-ups/5/notes', query: {}, body: { text: 'Khách hẹn quay lại.' } });
    await serviceRatingsApi.close(5, 'Đã xin lỗi.');
    expect(lastCall()).toEqual({ method: 'POST', path: '/api/service-rating-follow-ups/5/close', query: {}, body: { outcome: 'Đã xin lỗi.' } });
    await serviceRatingsApi.hide(11, 'Chứa số điện thoại');
    expect(lastCall()).toEqual({ method: 'POST', path: '/api/service-ratings/11/hide', query: {}, body: { reason: 'Chứa số điện thoại' } });
    await serviceRatingsApi.list({ from: '2026-11-01', to: '2026-11-30', maxStars: 2, page: 1 });
    expect(lastCall()).toMatchObject({ method: 'GET', path: '/api/service-ratings', query: { from: '2026-11-01', to: '2026-11-30', maxStars: '2', page: '1' } });
    await serviceRatingsApi.kpis({ from: '2026-11-01', to: '2026-11-30', centreId: 3 });
    expect(lastCall()).toMatchObject({ method: 'GET', path: '/api/service-ratings/kpis', query: { from: '2026-11-01', to: '2026-11-30', centreId: '3' } });
    await serviceRatingsApi.followUps({});
    expect(lastCall()).toMatchObject({ method: 'GET', path: '/api/service-rating-follow-ups', query: {} });
  });
});
