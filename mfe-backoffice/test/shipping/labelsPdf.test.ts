import { ApiError } from 'shared-contracts';
import { shippingApi } from '../../src/shipping/shippingApi';
import { signIn, signOut } from '../partsRequestFixtures';

/** What fetch answers, as far as the files helper reads it (jsdom has no Response). */
const answer = (status: number, body: unknown) => ({
  ok: status < 400,
  status,
  headers: { get: () => null },
  json: () => Promise.resolve(body),
  blob: () => Promise.resolve(new Blob([String(body)], { type: 'application/pdf' })),
});

/** The labels' PDF is asked for by a POST with the session's token, and shown in the tab opened at the click. */
describe('printing labels as one PDF', () => {
  const tab = { location: { href: '' }, close: jest.fn() };
  let fetchMock: jest.Mock;

  beforeEach(() => {
    signIn('staff');
    tab.location.href = '';
    tab.close.mockClear();
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = jest.fn(() => 'blob:labels');
    URL.revokeObjectURL = jest.fn();
    fetchMock = jest.fn();
    global.fetch = fetchMock;
  });
  afterEach(() => {
    signOut();
    jest.restoreAllMocks();
  });

  it('posts the chosen parcels and size with the token, then shows the PDF in the new tab', async () => {
    fetchMock.mockResolvedValue(answer(200, '%PDF-1.7'));
    await shippingApi.openLabels([41, 43], '80x80');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${window.location.origin}/api/staff/shipments/labels`);
    expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer test-token', 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(init.body))).toEqual({ shipmentIds: [41, 43], size: '80x80' });
    expect(tab.location.href).toBe('blob:labels');
  });

  it("closes the tab and throws the server's Vietnamese message when it refuses", async () => {
    fetchMock.mockResolvedValue(answer(422, { success: false, message: 'Tối đa 500 nhãn một lần in.', code: 'VALIDATION_ERROR' }));
    const failure = shippingApi.openLabels([41], 'A5');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Tối đa 500 nhãn một lần in.');
    expect(tab.close).toHaveBeenCalled();
  });
});
