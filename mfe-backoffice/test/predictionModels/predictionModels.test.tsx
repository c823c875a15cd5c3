import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ModelVersionDto } from 'shared-contracts/diagnostics';
import { modelVersionsResponseSchema } from 'shared-contracts/schemas';
import { PredictionModelsPage } from '../../src/pages/admin/PredictionModelsPage';
import { PredictionModels } from '../../src/predictionModels/PredictionModels';
import { signIn, signOut } from '../partsRequestFixtures';
import { fold } from '../reportsFixtures';

/**
 * /admin/models (spec predictive.md §4) against a mocked fetch: the real API client and the page's calls, with
 * the answers shaped (and checked) by the API's own contract, modelVersionsResponseSchema.
 */

type Component = ModelVersionDto['components'][number];

const brakePads: Component = {
  component: 'BRAKE_PADS',
  label: 'Má phanh',
  accepted: true,
  backtest: {
    cutoff: Date.parse('2026-08-31T17:00:00.000Z'), // 01/09/2026 in Vietnam
    model: {
      inspections: 1250,
      failures: 140,
      brier: 0.0812,
      auc: 0.7412,
      calibration: [
        { predicted: 0.021, observed: 0.018, count: 417 },
        { predicted: 0.085, observed: 0.1, count: 417 },
        { predicted: 0.31, observed: 0.336, count: 416 },
      ],
    },
    baseline: { inspections: 1250, failures: 140, brier: 0.0954, auc: 0.5, calibration: [{ predicted: 0.112, observed: 0.112, count: 1250 }], rate: 0.1123 },
  },
  models: [
    { level: 'family', key: 'VinFast Feliz S', clock: 'km', shape: 2.4, scale: 31.5, ageing: 0, steps: 420, failures: 61 },
    // a version trained before the age clock: no clock, read from ageing (> 0: km and age)
    { level: 'type', key: 'scooter', shape: 1.9, scale: 28.24, ageing: 0.35, steps: 3050, failures: 301 },
  ],
};

const battery: Component = {
  component: 'BATTERY_SOH',
  label: 'Tình trạng pin',
  accepted: false,
  backtest: {
    cutoff: Date.parse('2026-08-31T17:00:00.000Z'),
    model: { inspections: 900, failures: 40, brier: 0.0431, auc: 0.55, calibration: [{ predicted: 0.04, observed: 0.05, count: 900 }] },
    baseline: { inspections: 900, failures: 40, brier: 0.0425, auc: null, calibration: [], rate: 0.044 },
  },
  models: [
    { level: 'fleet', key: 'fleet', clock: 'km+age', shape: 1.1, scale: 210, ageing: 1.5, steps: 4100, failures: 180 },
    // the age clock: λ in months, no η
    { level: 'type', key: 'car', clock: 'age', shape: 2.2, scale: 96.04, ageing: 0, steps: 900, failures: 25 },
    // an older version's model without ageing and without a clock: km
    { level: 'type', key: 'scooter', shape: 1.3, scale: 45, ageing: 0, steps: 3200, failures: 150 },
  ],
};

const chargePort: Component = { component: 'CHARGE_PORT', label: 'Cổng sạc', accepted: false, backtest: null, models: [] };

function version(overrides: Partial<ModelVersionDto> & Pick<ModelVersionDto, 'id'>): ModelVersionDto {
  return {
    status: 'ACCEPTED',
    startedAt: '2026-11-18T19:00:00.000Z',
    finishedAt: '2026-11-18T19:00:40.000Z', // 02:00 on 19/11/2026 in Vietnam
    dataCutoff: '2026-11-18T09:30:00.000Z',
    observations: 6250,
    failures: 702,
    error: null,
    diagnosis: null,
    components: [battery, brakePads, chargePort],
    ...overrides,
  };
}

const v1 = version({ id: 1 });
const training2 = version({ id: 2, status: 'TRAINING', startedAt: '2026-11-19T03:15:00.000Z', finishedAt: null, dataCutoff: null, observations: 0, failures: 0, components: [] });
const accepted2 = version({ id: 2, startedAt: '2026-11-19T03:15:00.000Z', finishedAt: '2026-11-19T03:15:30.000Z', observations: 6400, failures: 720, components: [{ ...battery, accepted: true }, brakePads, chargePort] });
const failed2 = { ...training2, status: 'FAILED' as const, finishedAt: '2026-11-19T03:15:20.000Z', error: 'Không đọc được dữ liệu kiểm tra.' };

interface Reply {
  status: number;
  body: unknown;
}

const versionsReply = (versions: ModelVersionDto[]): Reply => ({
  status: 200,
  // the API's contract: a fixture that drifts from it fails here, not in production
  body: modelVersionsResponseSchema.parse({ success: true, message: 'Các phiên bản mô hình dự đoán hư hỏng.', data: { versions } }),
});

/** GET /api/admin/models answers these in turn (the last one repeats); POST /api/admin/models/train answers `train`. */
let gets: Reply[];
let train: Reply;
const fetchMock = jest.fn(async (url: string, init: RequestInit) => {
  const reply = init.method === 'POST' && url.endsWith('/api/admin/models/train') ? train : url.endsWith('/api/admin/models') && init.method === 'GET' ? (gets.length > 1 ? gets.shift()! : gets[0]!) : { status: 404, body: {} };
  return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, text: async () => JSON.stringify(reply.body) };
});
const original = globalThis.fetch;
const getCalls = () => fetchMock.mock.calls.filter(([, init]) => init.method === 'GET').length;
const postCalls = () => fetchMock.mock.calls.filter(([, init]) => init.method === 'POST');

beforeEach(() => {
  fetchMock.mockClear();
  gets = [versionsReply([v1])];
  train = { status: 202, body: { success: true, message: 'Đã bắt đầu huấn luyện mô hình.', data: { runId: 2 } } };
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  signIn('admin');
});
afterEach(() => {
  globalThis.fetch = original;
  signOut();
  jest.useRealTimers();
});

const renderScreen = () => render(<PredictionModels />);
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => fold(cell.textContent)));
const card = (name: string) => screen.getByRole('region', { name });
const trainButton = () => screen.getByRole('button', { name: 'Huấn luyện ngay' });

/** Fake timers for the 2 s polling; userEvent advances them while it types and clicks. */
function withFakeTimers() {
  jest.useFakeTimers();
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}
const elapse = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

describe('/admin/models: the version the API serves', () => {
  it('shows its status, when it was trained (dd/MM/yyyy HH:mm in Vietnam), the data cut-off and the data size', async () => {
    renderScreen();
    const summary = await screen.findByRole('region', { name: 'Phiên bản đang dùng: #1' });
    const facts = [...summary.querySelectorAll('dt')].map((term) => [fold(term.textContent), fold(term.nextElementSibling?.textContent)]);
    expect(facts).toEqual([
      ['Trạng thái', 'Hoàn tất (đang dùng)'],
      ['Huấn luyện lúc', '19/11/2026 02:00'],
      ['Dữ liệu đến ngày', '18/11/2026'],
      ['Số lần kiểm tra', '6.250'],
      ['Số lần hỏng', '702'],
      ['Hạng mục hiển thị cho khách hàng', '1/3'],
    ]);
    expect(fetchMock).toHaveBeenCalledWith('http://localhost/api/admin/models', expect.objectContaining({ method: 'GET', headers: expect.objectContaining({ Authorization: 'Bearer test-token' }) }));
  });

  it('per component: Brier and AUC next to the baseline’s in vi-VN numbers, saying lower Brier is better, and the fitted models per pool', async () => {
    renderScreen();
    await screen.findByRole('region', { name: 'Má phanh (BRAKE_PADS)' });
    const brakes = card('Má phanh (BRAKE_PADS)');
    expect(within(brakes).getByText('Kiểm tra lại trên 1.250 lần kiểm tra (140 lần hỏng) từ ngày 01/09/2026.')).toBeInTheDocument();
    expect(within(brakes).getByText('Brier của mô hình thấp hơn mức trung bình 14,9 % (thấp hơn là tốt hơn).')).toBeInTheDocument();
    expect(rowsOf(within(brakes).getByRole('table', { name: 'Mô hình so với mức trung bình – Má phanh' }))).toEqual([
      ['Chỉ số', 'Mô hình', 'Mức trung bình'],
      ['Brier (thấp hơn là tốt hơn)', '0,0812', '0,0954'],
      ['AUC (cao hơn là tốt hơn)', '0,741', '0,500'],
      ['Số lần kiểm tra', '1.250', '1.250'],
      ['Số lần hỏng', '140', '140'],
      ['Tỷ lệ hỏng chung', '—', '11,2 %'],
    ]);
    expect(rowsOf(within(brakes).getByRole('table', { name: 'Mô hình theo nhóm xe – Má phanh' }))).toEqual([
      ['Nhóm xe', 'Thang đo tuổi thọ', 'Hệ số hình dạng k', 'Thang λ', 'Lão hoá η (nghìn km/tháng)', 'Số lần kiểm tra', 'Số lần hỏng'],
      ['Dòng xe: VinFast Feliz S', 'Theo km', '2,40', '31,5 nghìn km', '—', '420', '61'],
      ['Loại xe: Xe máy điện', 'Theo km và tuổi xe', '1,90', '28,2 nghìn km', '0,35', '3.050', '301'],
    ]);
    // a baseline without AUC (constant prediction, no failures or no passes) shows '—'
    expect(rowsOf(within(card('Tình trạng pin (BATTERY_SOH)')).getByRole('table', { name: 'Mô hình so với mức trung bình – Tình trạng pin' }))[2]).toEqual(['AUC (cao hơn là tốt hơn)', '0,550', '—']);
    // each model with its clock: λ in thousand km or in months (the age clock), η only where the clock has one
    expect(rowsOf(within(card('Tình trạng pin (BATTERY_SOH)')).getByRole('table', { name: 'Mô hình theo nhóm xe – Tình trạng pin' })).slice(1)).toEqual([
      ['Toàn bộ xe', 'Theo km và tuổi xe', '1,10', '210,0 nghìn km', '1,50', '4.100', '180'],
      ['Loại xe: Ô tô điện', 'Theo tuổi xe', '2,20', '96,0 tháng', '—', '900', '25'],
      ['Loại xe: Xe máy điện', 'Theo km', '1,30', '45,0 nghìn km', '—', '3.200', '150'],
    ]);
  });

  it('says which components customers see: "Đang dùng", or not and why', async () => {
    renderScreen();
    await screen.findByRole('region', { name: 'Má phanh (BRAKE_PADS)' });
    expect(within(card('Má phanh (BRAKE_PADS)')).getByText('Đang dùng')).toBeInTheDocument();
    const batteryCard = card('Tình trạng pin (BATTERY_SOH)');
    expect(within(batteryCard).getByText('Không dùng: chưa tốt hơn mức trung bình')).toBeInTheDocument();
    expect(within(batteryCard).getByText(/Brier của mô hình không thấp hơn mức trung bình/)).toBeInTheDocument();
    const portCard = card('Cổng sạc (CHARGE_PORT)');
    expect(within(portCard).getByText('Không dùng: chưa đủ dữ liệu')).toBeInTheDocument();
    expect(within(portCard).getByText('Chưa đủ dữ liệu để kiểm tra lại hạng mục này.')).toBeInTheDocument();
    expect(within(portCard).getByText('Chưa có số liệu hiệu chuẩn cho hạng mục này.')).toBeInTheDocument();
    expect(within(portCard).queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws the calibration by decile with the diagonal, named by a summary, and gives the same figures as its table', async () => {
    const user = userEvent.setup();
    renderScreen();
    await screen.findByRole('region', { name: 'Má phanh (BRAKE_PADS)' });
    const chart = screen.getByRole('region', { name: 'Hiệu chuẩn – Má phanh' });
    const image = within(chart).getByRole('img');
    expect(fold(image.getAttribute('aria-label'))).toBe(
      'Biểu đồ hiệu chuẩn của Má phanh: 3 nhóm dự đoán, điểm càng gần đường chéo thì dự đoán càng sát thực tế; lệch nhiều nhất ở nhóm dự đoán 31,0 % với thực tế 33,6 %.',
    );
    expect(image.querySelectorAll('circle')).toHaveLength(3);
    expect(image.querySelectorAll('line[stroke-dasharray]')).toHaveLength(1);
    await user.click(within(chart).getByText('Xem bảng số liệu'));
    expect(rowsOf(within(chart).getByRole('table', { name: 'Hiệu chuẩn – Má phanh' }))).toEqual([
      ['Nhóm', 'Dự đoán trung bình', 'Tỷ lệ hỏng thực tế', 'Số lần kiểm tra'],
      ['Nhóm 1', '2,1 %', '1,8 %', '417'],
      ['Nhóm 2', '8,5 %', '10,0 %', '417'],
      ['Nhóm 3', '31,0 %', '33,6 %', '416'],
    ]);
  });

  it('lists the other versions compactly: id, status, date and a note', async () => {
    gets = [versionsReply([failed2, v1, version({ id: 0, finishedAt: '2026-11-17T19:00:35.000Z', components: [brakePads] })])];
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Các lần huấn luyện khác (mới nhất trước)' });
    expect(rowsOf(table)).toEqual([
      ['Phiên bản', 'Trạng thái', 'Thời gian', 'Ghi chú'],
      ['#2', 'Thất bại', '19/11/2026 10:15', 'Không đọc được dữ liệu kiểm tra.'],
      ['#0', 'Hoàn tất', '18/11/2026 02:00', '1/1 hạng mục hiển thị cho khách hàng'],
    ]);
    // the newest run failed: said above the served version, which keeps serving
    expect(screen.getByText('Lần huấn luyện gần nhất (#2, 19/11/2026 10:15) thất bại: Không đọc được dữ liệu kiểm tra. Phiên bản trước (#1) vẫn đang được dùng.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Phiên bản đang dùng: #1' })).toBeInTheDocument();
  });
});

describe('/admin/models: loading, empty and error states', () => {
  it('empty: no model yet, and how to get one', async () => {
    gets = [versionsReply([])];
    renderScreen();
    expect(await screen.findByText('Chưa có mô hình nào. Bấm Huấn luyện ngay.')).toBeInTheDocument();
    expect(trainButton()).toBeEnabled();
    expect(screen.queryByRole('region', { name: /Phiên bản đang dùng/ })).not.toBeInTheDocument();
  });

  it('loading, then an error with its message and a retry that loads again', async () => {
    gets = [{ status: 500, body: { success: false, code: 'INTERNAL', message: 'Lỗi máy chủ, vui lòng thử lại sau.' } }, versionsReply([v1])];
    renderScreen();
    expect(screen.getByText('Đang tải các phiên bản mô hình…')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Lỗi máy chủ, vui lòng thử lại sau.');
    await userEvent.click(screen.getByRole('button', { name: 'Tải lại' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Phiên bản đang dùng: #1' })).toBeInTheDocument();
  });

  it('is the page of /admin/models in the admin area, with its Vietnamese title and the model screen (loaded lazily)', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/models']}>
        <Routes>
          <Route path="/admin/models" element={<PredictionModelsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mô hình dự đoán');
    expect(within(screen.getByRole('navigation', { name: 'Khu vực quản trị' })).getByRole('link', { name: 'Mô hình dự đoán' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 2, name: 'Phiên bản đang dùng: #1' })).toBeInTheDocument();
  });
});

describe('/admin/models: "Huấn luyện ngay"', () => {
  it('POSTs, says "Đang huấn luyện…" in a live region, polls every 2 s until the run is ACCEPTED, then shows the new version', async () => {
    const user = withFakeTimers();
    renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Phiên bản đang dùng: #1' });
    gets = [versionsReply([training2, v1]), versionsReply([accepted2, v1])];

    await user.click(trainButton());
    expect(postCalls()).toEqual([['http://localhost/api/admin/models/train', expect.objectContaining({ method: 'POST' })]]);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(status).toHaveTextContent('Đang huấn luyện… (lần #2)'));
    // keyboard users keep their focus on the button; a second press starts nothing
    expect(trainButton()).toHaveAttribute('aria-disabled', 'true');
    expect(trainButton()).toHaveFocus();
    await user.click(trainButton());
    expect(postCalls()).toHaveLength(1);

    const before = getCalls();
    await elapse(1_999);
    expect(getCalls()).toBe(before);
    await elapse(1);
    expect(getCalls()).toBe(before + 1);
    expect(status).toHaveTextContent('Đang huấn luyện…');

    await elapse(2_000);
    expect(getCalls()).toBe(before + 2);
    await waitFor(() => expect(status).toHaveTextContent('Đã huấn luyện xong phiên bản #2: 2/3 hạng mục đủ tốt để hiển thị cho khách hàng.'));
    expect(screen.getByRole('heading', { level: 2, name: 'Phiên bản đang dùng: #2' })).toBeInTheDocument();
    expect(within(card('Tình trạng pin (BATTERY_SOH)')).getByText('Đang dùng')).toBeInTheDocument();
    expect(trainButton()).toHaveAttribute('aria-disabled', 'false');

    // polling has stopped
    await elapse(10_000);
    expect(getCalls()).toBe(before + 2);
  });

  it('a FAILED run: its error, and the previous version keeps serving', async () => {
    const user = withFakeTimers();
    renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Phiên bản đang dùng: #1' });
    gets = [versionsReply([training2, v1]), versionsReply([failed2, v1])];

    await user.click(trainButton());
    await elapse(2_000);
    await elapse(2_000);
    expect(await screen.findByRole('alert')).toHaveTextContent('Lần huấn luyện #2 thất bại: Không đọc được dữ liệu kiểm tra. Phiên bản trước (#1) vẫn đang được dùng.');
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('heading', { level: 2, name: 'Phiên bản đang dùng: #1' })).toBeInTheDocument();
    expect(trainButton()).toHaveAttribute('aria-disabled', 'false');
    // said once, as the alert (not again above the version)
    expect(screen.getAllByText(/thất bại: Không đọc được dữ liệu kiểm tra/)).toHaveLength(1);
  });

  it('a FAILED first run: says no version serves yet', async () => {
    const user = withFakeTimers();
    gets = [versionsReply([])];
    renderScreen();
    await screen.findByText('Chưa có mô hình nào. Bấm Huấn luyện ngay.');
    gets = [versionsReply([{ ...failed2, id: 1 }])];
    train = { status: 202, body: { success: true, message: 'Đã bắt đầu huấn luyện mô hình.', data: { runId: 1 } } };
    await user.click(trainButton());
    await elapse(2_000);
    expect(await screen.findByRole('alert')).toHaveTextContent('Lần huấn luyện #1 thất bại: Không đọc được dữ liệu kiểm tra. Chưa có phiên bản nào trước đó, nên khách hàng chưa thấy dự đoán.');
  });

  it('409: explains that another training is running, then follows that run', async () => {
    const user = withFakeTimers();
    renderScreen();
    await screen.findByRole('heading', { level: 2, name: 'Phiên bản đang dùng: #1' });
    train = { status: 409, body: { success: false, code: 'TRAINING_IN_PROGRESS', message: 'Mô hình đang được huấn luyện. Vui lòng đợi lần này xong.' } };
    gets = [versionsReply([training2, v1]), versionsReply([training2, v1]), versionsReply([accepted2, v1])];

    await user.click(trainButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Đang có một lần huấn luyện khác chạy (do quản trị viên khác bấm, hoặc lần chạy tự động lúc 02:00). Mỗi lúc chỉ chạy được một lần huấn luyện: trang sẽ theo dõi lần đó và hiện kết quả khi xong.',
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Đang huấn luyện… (lần #2)'));
    await elapse(2_000);
    await elapse(2_000);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Đã huấn luyện xong phiên bản #2'));
  });

  it('a run already going when the page opens is followed the same way, the button waiting for it', async () => {
    withFakeTimers();
    gets = [versionsReply([training2, v1]), versionsReply([accepted2, v1])];
    renderScreen();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Đang huấn luyện… (lần #2)'));
    expect(trainButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Phiên bản đang dùng: #1' })).toBeInTheDocument();
    await elapse(2_000);
    expect(await screen.findByRole('heading', { level: 2, name: 'Phiên bản đang dùng: #2' })).toBeInTheDocument();
  });
});
