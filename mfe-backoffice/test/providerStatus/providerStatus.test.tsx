import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, apiClient } from 'shared-contracts';
import type { ProviderStatus, ProviderStatusList } from 'shared-contracts/schemas';
import { ProviderStatusPanel } from '../../src/providerStatus';

jest.mock('shared-contracts', () => ({
  ...jest.requireActual('shared-contracts'),
  apiClient: { get: jest.fn() },
}));

const client = jest.mocked(apiClient);
const envelope = (data: unknown) => ({ success: true, message: 'Đã tải tình trạng nhà cung cấp.', data });

/** 10:20 19/11/2026 in Vietnam. */
const CHECKED_AT = '2026-11-19T03:20:00.000Z';

/** A provider that works, as the API answers it (its setup and channel as on a live server). */
function working(provider: ProviderStatus['provider'], name: string, setup: ProviderStatus['setup'], waiting: number | null): ProviderStatus {
  return { provider, name, setup, condition: 'ok', since: null, openUntil: null, lastError: null, waiting, oldestWaitingSince: null };
}

const ALL_OK: ProviderStatus[] = [
  working('payos', 'payOS', 'live', null),
  working('zalo', 'Zalo', 'live', 0),
  working('esms', 'eSMS', 'stand-in', 0),
  working('webpush', 'Web Push', 'live', 0),
  working('smtp', 'Máy chủ thư', 'local', 0),
  working('s3', 'Kho ảnh', 'local', null),
  working('google', 'Google', 'off', null),
];

/** Zalo's breaker opened at 10:05, calls stop until 10:15; 3 messages wait, the oldest since 10:01. */
const ZALO_DOWN: ProviderStatus = {
  ...ALL_OK[1]!,
  condition: 'down',
  since: '2026-11-19T03:05:00.000Z',
  openUntil: '2026-11-19T03:15:00.000Z',
  lastError: 'Zalo trả lời 503 Service Unavailable',
  waiting: 3,
  oldestWaitingSince: '2026-11-19T03:01:00.000Z',
};

const list = (replace: Partial<Record<ProviderStatus['provider'], ProviderStatus>> = {}): ProviderStatusList => ({
  providers: ALL_OK.map((status) => replace[status.provider] ?? status),
  checkedAt: CHECKED_AT,
});

/** The card of one provider, by its name (its heading). */
const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;
/** The panel's alert about the providers down now ('' while none is). */
const downAlert = () => screen.getAllByRole('alert').find((alert) => alert.textContent !== '')?.textContent ?? '';

beforeEach(() => jest.resetAllMocks());
afterEach(() => jest.useRealTimers());

describe('the owner’s panel of outside providers on /admin', () => {
  it('says a down Zalo in words, with its error, since when, and the messages waiting for it, as the one alert', async () => {
    client.get.mockResolvedValue(envelope(list({ zalo: ZALO_DOWN })));
    render(<ProviderStatusPanel />);

    const section = await screen.findByRole('region', { name: 'Nhà cung cấp bên ngoài' });
    const zalo = await within(section).findByRole('heading', { level: 3, name: 'Zalo' }).then((heading) => heading.closest('li')!);
    expect(client.get).toHaveBeenCalledWith('/admin/provider-status', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(within(zalo).getByText('Zalo đang lỗi — tạm ngừng gọi đến 10:15')).toBeInTheDocument();
    expect(within(zalo).getByText('Lỗi: Zalo trả lời 503 Service Unavailable')).toBeInTheDocument();
    expect(within(zalo).getByText('Từ 10:05 19/11/2026')).toBeInTheDocument();
    expect(within(zalo).getByText('3 tin đang chờ gửi (cũ nhất từ 10:01 19/11/2026)')).toBeInTheDocument();
    expect(within(zalo).getByText('Đang dùng thật')).toBeInTheDocument();

    // one alert for the panel, not one per row; the others say they work
    expect(within(section).getAllByRole('alert')).toHaveLength(1);
    expect(downAlert()).toBe('Cần chú ý: Zalo đang lỗi.');
    expect(within(card('payOS')).getByText('Hoạt động bình thường')).toBeInTheDocument();
    expect(within(card('eSMS')).getByText('0 tin đang chờ gửi')).toBeInTheDocument();
    // payOS sends no messages: no waiting count at all
    expect(card('payOS')).not.toHaveTextContent('tin đang chờ gửi');
    expect(within(section).getByText('Cập nhật lúc 10:20 19/11/2026')).toBeInTheDocument();
  });

  it('says every provider works when all do, and how each is set up', async () => {
    client.get.mockResolvedValue(envelope(list()));
    render(<ProviderStatusPanel />);

    expect(await screen.findAllByText('Hoạt động bình thường')).toHaveLength(6);
    expect(downAlert()).toBe('');
    expect(screen.queryByText(/đang lỗi/)).not.toBeInTheDocument();
    expect(within(card('eSMS')).getByText('Giả lập (môi trường phát triển)')).toBeInTheDocument();
    expect(within(card('Máy chủ thư')).getByText('Lưu tại máy chủ (thư nằm trong hộp thư phát triển, không gửi đi)')).toBeInTheDocument();
    expect(within(card('Kho ảnh')).getByText('Lưu tại máy chủ (ảnh nằm trong thư mục của máy chủ)')).toBeInTheDocument();
    // Google is not configured: it calls nothing, so it is not said to work
    expect(within(card('Google')).getByText('Chưa cấu hình')).toBeInTheDocument();
    expect(within(card('Google')).getByText('Không sử dụng')).toBeInTheDocument();
  });

  it('says a provider whose pause is over failed and is being tried again', async () => {
    client.get.mockResolvedValue(envelope(list({ esms: { ...ALL_OK[2]!, condition: 'retrying', since: '2026-11-19T03:05:00.000Z', openUntil: '2026-11-19T03:10:00.000Z', lastError: 'timeout' } })));
    render(<ProviderStatusPanel />);

    expect(await screen.findByText('eSMS vừa lỗi lúc 10:05 19/11/2026, đang thử lại')).toBeInTheDocument();
    expect(within(card('eSMS')).getByText('Lỗi: timeout')).toBeInTheDocument();
    // retrying is not down: no alert
    expect(downAlert()).toBe('');
  });

  it('shows a change every 15 seconds without reloading the page: Zalo down, then working again', async () => {
    jest.useFakeTimers({ now: Date.parse(CHECKED_AT) });
    client.get.mockResolvedValueOnce(envelope(list({ zalo: ZALO_DOWN }))).mockResolvedValue(envelope({ ...list(), checkedAt: '2026-11-19T03:20:15.000Z' }));
    render(<ProviderStatusPanel />);
    expect(await screen.findByText('Zalo đang lỗi — tạm ngừng gọi đến 10:15')).toBeInTheDocument();

    await act(async () => void (await jest.advanceTimersByTimeAsync(14_000)));
    expect(client.get).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Zalo đang lỗi — tạm ngừng gọi đến 10:15')).toBeInTheDocument();

    await act(async () => void (await jest.advanceTimersByTimeAsync(1_000)));
    expect(client.get).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Zalo đang lỗi — tạm ngừng gọi đến 10:15')).not.toBeInTheDocument();
    expect(within(card('Zalo')).getByText('Hoạt động bình thường')).toBeInTheDocument();
    expect(downAlert()).toBe('');

    // and it keeps reading
    await act(async () => void (await jest.advanceTimersByTimeAsync(15_000)));
    expect(client.get).toHaveBeenCalledTimes(3);
  });

  it('says in Vietnamese when the status cannot load, and loads it again on request', async () => {
    client.get.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(envelope(list({ zalo: ZALO_DOWN })));
    render(<ProviderStatusPanel />);

    expect(await screen.findByText('Không tải được tình trạng nhà cung cấp. Vui lòng thử lại.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tải lại tình trạng nhà cung cấp' }));
    expect(await screen.findByText('Zalo đang lỗi — tạm ngừng gọi đến 10:15')).toBeInTheDocument();
    expect(screen.queryByText('Không tải được tình trạng nhà cung cấp. Vui lòng thử lại.')).not.toBeInTheDocument();
  });

  it('shows the server’s own message when it refuses', async () => {
    client.get.mockRejectedValue(new ApiError('Bạn không có quyền truy cập chức năng này.', 403, 'FORBIDDEN'));
    render(<ProviderStatusPanel />);
    expect(await screen.findByText('Bạn không có quyền truy cập chức năng này.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tải lại tình trạng nhà cung cấp' })).toBeInTheDocument();
  });

  it('keeps the last status on screen when a poll fails, saying it is not up to date', async () => {
    jest.useFakeTimers({ now: Date.parse(CHECKED_AT) });
    client.get.mockResolvedValueOnce(envelope(list({ zalo: ZALO_DOWN }))).mockRejectedValue(new TypeError('Failed to fetch'));
    render(<ProviderStatusPanel />);
    expect(await screen.findByText('Zalo đang lỗi — tạm ngừng gọi đến 10:15')).toBeInTheDocument();

    await act(async () => void (await jest.advanceTimersByTimeAsync(15_000)));
    expect(client.get).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Zalo đang lỗi — tạm ngừng gọi đến 10:15')).toBeInTheDocument();
    expect(screen.getByText('Không cập nhật được tình trạng mới, đang hiển thị tình trạng lúc 10:20 19/11/2026. Hệ thống sẽ tự thử lại.')).toBeInTheDocument();
  });
});
