import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, sessionStore } from 'shared-contracts';
import { SYMPTOMS, type DiagnosisDto } from 'shared-contracts/diagnostics';
import { diagnosisRequestSchema } from 'shared-contracts/schemas';
import { bookingApi } from '../../src/pages/booking/bookingApi';
import { vehicle } from '../support/bookingFixtures';
import { answerWithFixtures, renderAt } from '../support/render';
import { REFERENCE_MODELS } from '../support/vehicleModelFixtures';
import { vehicleFitApi } from '../../src/vehicleFit/vehicleFitApi';

jest.mock('../../src/api/storefrontApi');
jest.mock('../../src/pages/booking/bookingApi');
// The reference models ("Dòng xe") the vehicle select offers; the diagnosis itself is answered at the fetch level.
jest.mock('../../src/vehicleFit/vehicleFitApi', () => ({ vehicleFitApi: { models: jest.fn(), savedVehicles: jest.fn() } }));

const booking = bookingApi as jest.Mocked<typeof bookingApi>;
const fit = vehicleFitApi as jest.Mocked<typeof vehicleFitApi>;
const customer = { id: '42', fullName: 'Nguyễn Minh Anh', email: 'khachhang@evshop.vn', role: 'customer' as const, emailVerified: true, avatar: null };

interface Reply {
  status: number;
  body?: unknown;
}
interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * The diagnostics page calls the API through the shared client, so the tests answer at the fetch level (jsdom has
 * none): the request body is the one the browser would send, and a 429 or a dropped connection goes through the
 * client's own error handling. Answers are Response-like `{ ok, status, text }` (the client reads `text()`).
 */
function mockFetch(handler: (call: RecordedCall) => Reply | Promise<Reply> | 'network-down'): RecordedCall[] {
  const calls: RecordedCall[] = [];
  globalThis.fetch = jest.fn(async (input: string, init: RequestInit = {}) => {
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: new URL(input).pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const reply = await handler(call);
    if (reply === 'network-down') throw new TypeError('Failed to fetch');
    return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)) };
  }) as unknown as typeof fetch;
  return calls;
}

const ok = (data: unknown): Reply => ({ status: 200, body: { success: true, message: 'Kết quả chẩn đoán sơ bộ. Kỹ thuật viên sẽ xác nhận khi kiểm tra xe.', data } });
const refused = (status: number, code: string, message: string): Reply => ({ status, body: { success: false, code, message, errors: [] } });

function diagnosis(overrides: Partial<DiagnosisDto> = {}): DiagnosisDto {
  return {
    safety: null,
    symptoms: ['BRAKE_NOISE', 'TYRE_LOW'],
    ranked: [
      {
        component: 'BRAKE_PADS',
        label: 'Má phanh',
        probability: 0.62,
        reasons: [{ symptom: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh', weight: 0.6, source: 'Bảng tra lỗi trong sổ tay dịch vụ xe điện', pastCases: 14 }],
        serviceSlug: 'bao-duong-phanh',
        urgency: 'SOON',
      },
      {
        component: 'BRAKE_FUNCTION',
        label: 'Hệ thống phanh',
        probability: 0.22,
        reasons: [{ symptom: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh', weight: 0.2, source: null, pastCases: 0 }],
        serviceSlug: 'bao-duong-phanh',
        urgency: 'STOP',
      },
      {
        component: 'TYRE_PRESSURE',
        label: 'Áp suất lốp',
        probability: 0.004,
        reasons: [{ symptom: 'TYRE_LOW', label: 'Lốp non hơi, thủng', weight: 0.6, source: 'Ghi nhận của kỹ thuật viên', pastCases: 3 }],
        serviceSlug: 'dich-vu-lop',
        urgency: 'PLAN',
      },
    ],
    learnedFromCases: 1234,
    ...overrides,
  };
}

const SAFETY: DiagnosisDto['safety'] = { message: 'Dừng xe, không sạc, gọi cứu hộ', hotline: '1900 6868', symptoms: ['BRAKE_FAILURE'] };

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Chẩn đoán' }));
const tick = async (label: string) => userEvent.click(screen.getByRole('checkbox', { name: label }));
const diagnoseCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/diagnostics');

async function openPage() {
  renderAt('/services/chan-doan');
  await screen.findByRole('heading', { level: 1, name: 'Chẩn đoán AI' });
}

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
  act(() => sessionStore.clear());
  fit.models.mockResolvedValue(REFERENCE_MODELS);
});

describe('the diagnostics page /services/chan-doan', () => {
  it('offers every symptom of the vocabulary once, in labelled groups inside a fieldset, and the text with its limit', async () => {
    mockFetch(() => ok(diagnosis()));
    await openPage();
    const all = screen.getByRole('group', { name: 'Triệu chứng bạn gặp' });
    expect(all).toHaveAccessibleDescription(/tối đa 10.*Đã chọn 0\/10/);
    const boxes = within(all).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).value).sort()).toEqual(SYMPTOMS.map((symptom) => symptom.code).sort());
    for (const symptom of SYMPTOMS) expect(within(all).getByRole('checkbox', { name: symptom.label })).toBeInTheDocument();
    expect(within(all).getByRole('group', { name: 'Pin và sạc' })).toContainElement(screen.getByRole('checkbox', { name: 'Không sạc được' }));
    expect(within(all).getByRole('group', { name: 'Phanh, lốp và khung xe' })).toContainElement(screen.getByRole('checkbox', { name: 'Mất phanh' }));

    const text = screen.getByRole('textbox', { name: 'Mô tả thêm (không bắt buộc)' });
    expect(text).toHaveAttribute('maxLength', '1000');
    expect(text).toHaveAccessibleDescription(/0\/1000 ký tự/);
    await userEvent.type(text, 'xe rung');
    expect(text).toHaveAccessibleDescription(/7\/1000 ký tự/);
    // the vehicle: optional, the reference models ("Dòng xe", active ones) grouped by type and brand
    const select = screen.getByRole('combobox', { name: 'Xe hoặc mẫu xe (không bắt buộc)' });
    expect(await within(select).findByRole('option', { name: 'VinFast Feliz S' })).toBeInTheDocument();
    expect(within(within(select).getByRole('group', { name: 'Ô tô điện · VinFast' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['VinFast VF 8', 'VinFast VF 8 Plus']);
    expect(within(within(select).getByRole('group', { name: 'Xe máy điện / xe tay ga điện · VinFast' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'VinFast Evo Grand',
      'VinFast Evo200',
      'VinFast Feliz S',
      'VinFast Klara S',
    ]);
  });

  it('says the models are loading, and offers a retry when they cannot be read (a saved vehicle or none can still be chosen)', async () => {
    let fail: (error: unknown) => void = () => undefined;
    fit.models.mockImplementationOnce(
      () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    );
    mockFetch(() => ok(diagnosis()));
    await openPage();
    const select = screen.getByRole('combobox', { name: /Xe hoặc mẫu xe/ });
    expect(within(select).getByRole('option', { name: 'Đang tải danh sách mẫu xe…' })).toBeDisabled();
    await act(async () => fail(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 503, 'HTTP_503')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Chưa tải được danh sách mẫu xe. Máy chủ đang gặp sự cố. Vui lòng thử lại sau.');
    expect(select).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await within(select).findByRole('option', { name: 'VinFast Evo Grand' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses an empty submit before calling the API, and says why', async () => {
    const calls = mockFetch(() => ok(diagnosis()));
    await openPage();
    await userEvent.type(screen.getByRole('textbox', { name: /Mô tả thêm/ }), '   ');
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng chọn ít nhất một triệu chứng hoặc mô tả tình trạng xe.');
    expect(screen.getByRole('checkbox', { name: 'Không sạc được' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Triệu chứng bạn gặp' })).toHaveAccessibleDescription(/Vui lòng chọn ít nhất một triệu chứng/);
    expect(diagnoseCalls(calls)).toHaveLength(0);
  });

  it('sends a body the API’s diagnosisRequestSchema accepts: the ticked symptoms in vocabulary order, the trimmed text, the model', async () => {
    const calls = mockFetch(() => ok(diagnosis()));
    await openPage();
    const select = screen.getByRole('combobox', { name: /Xe hoặc mẫu xe/ });
    await userEvent.selectOptions(select, await within(select).findByRole('option', { name: 'VinFast Feliz S' }));
    await tick('Lốp non hơi, thủng');
    await tick('Tiếng kêu khi phanh');
    await userEvent.type(screen.getByRole('textbox', { name: /Mô tả thêm/ }), '  phanh kêu ken két khi trời mưa  ');
    await submit();
    await screen.findByRole('heading', { level: 2, name: 'Kết quả chẩn đoán sơ bộ' });

    const [call] = diagnoseCalls(calls);
    expect(call).toMatchObject({ method: 'POST', headers: expect.objectContaining({ 'Content-Type': 'application/json' }) });
    expect(diagnosisRequestSchema.safeParse(call!.body)).toMatchObject({ success: true });
    expect(call!.body).toEqual({ symptoms: ['BRAKE_NOISE', 'TYRE_LOW'], text: 'phanh kêu ken két khi trời mưa', vehicleModel: 'Feliz S' });

    // text alone is enough (the server finds the symptoms in it); nothing else is sent
    await tick('Lốp non hơi, thủng');
    await tick('Tiếng kêu khi phanh');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Xe hoặc mẫu xe/ }), 'Không chọn / chưa rõ mẫu xe');
    await submit();
    await waitFor(() => expect(diagnoseCalls(calls)).toHaveLength(2));
    expect(diagnoseCalls(calls)[1]!.body).toEqual({ symptoms: [], text: 'phanh kêu ken két khi trời mưa' });
    expect(diagnosisRequestSchema.safeParse(diagnoseCalls(calls)[1]!.body)).toMatchObject({ success: true });
  });

  it('shows the stop-and-call alert first, with the hotline as a tel: link, before any ranking', async () => {
    mockFetch(() => ok(diagnosis({ safety: SAFETY, symptoms: ['BRAKE_NOISE', 'BRAKE_FAILURE'] })));
    await openPage();
    await tick('Mất phanh');
    await submit();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Dừng xe, không sạc, gọi cứu hộ' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Vì bạn báo: Mất phanh.');
    expect(within(alert).getByRole('link', { name: 'Gọi cứu hộ 1900 6868' })).toHaveAttribute('href', 'tel:19006868');

    const ranking = screen.getByRole('heading', { name: 'Các hạng mục có khả năng gặp vấn đề' });
    expect(alert.compareDocumentPosition(ranking) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const firstItem = screen.getByRole('heading', { level: 4, name: 'Má phanh' });
    expect(alert.compareDocumentPosition(firstItem) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('ranks the causes with confidence in words and percent, urgency, reasons and what the numbers rest on', async () => {
    mockFetch(() => ok(diagnosis()));
    await openPage();
    await tick('Tiếng kêu khi phanh');
    await submit();

    const heading = await screen.findByRole('heading', { level: 2, name: 'Kết quả chẩn đoán sơ bộ' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Đã có kết quả chẩn đoán: 3 hạng mục có khả năng gặp vấn đề.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const items = within(screen.getByRole('region', { name: 'Các hạng mục có khả năng gặp vấn đề' })).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading', { level: 4 }).textContent)).toEqual(['Má phanh', 'Hệ thống phanh', 'Áp suất lốp']);
    const [pads, brakes, tyres] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(pads).toHaveTextContent('Khả năng cao · 62%');
    expect(pads).toHaveTextContent('Nên kiểm tra sớm');
    expect(pads).toHaveTextContent('Tiếng kêu khi phanh: 14 ca tương tự đã được xác nhận tại các trung tâm của chúng tôi.');
    expect(pads).toHaveTextContent('Nguồn: Bảng tra lỗi trong sổ tay dịch vụ xe điện');
    expect(brakes).toHaveTextContent('Khả năng vừa · 22%');
    expect(brakes).toHaveTextContent('Cần xử lý ngay');
    expect(brakes).toHaveTextContent('chưa có ca tương tự trong dữ liệu của chúng tôi');
    expect(brakes).toHaveTextContent('Nguồn: dữ liệu phiếu dịch vụ của chúng tôi');
    // never rounded to a certainty the model does not have
    expect(tyres).toHaveTextContent('Khả năng rất thấp · dưới 1%');
    expect(tyres).toHaveTextContent('Kiểm tra ở lần bảo dưỡng tới');

    const basis = screen.getByRole('region', { name: 'Kết quả này dựa trên gì?' });
    expect(basis).toHaveTextContent('1.234 phiếu dịch vụ đã hoàn thành');
    expect(basis).toHaveTextContent('kỹ thuật viên sẽ xác nhận khi kiểm tra xe');
  });

  it('says honestly when no closed order backs the numbers yet', async () => {
    mockFetch(() => ok(diagnosis({ learnedFromCases: 0 })));
    await openPage();
    await tick('Tiếng kêu khi phanh');
    await submit();
    expect(await screen.findByRole('region', { name: 'Kết quả này dựa trên gì?' })).toHaveTextContent('các con số hiện chỉ dựa trên cơ sở tri thức');
  });

  it('links Đặt lịch to the booking wizard with the services the ranking points to, once each, most likely first, and the answer’s symptoms', async () => {
    mockFetch(() => ok(diagnosis()));
    await openPage();
    await tick('Tiếng kêu khi phanh');
    await submit();
    const book = await screen.findByRole('link', { name: 'Đặt lịch' });
    // the tyre pressure item (dưới 1%) is listed but its service is not booked
    expect(book).toHaveAttribute('href', '/booking?service=bao-duong-phanh&symptom=BRAKE_NOISE&symptom=TYRE_LOW');
    expect(book).toHaveAccessibleDescription(/chọn sẵn các dịch vụ kiểm tra hạng mục có khả năng cao nhất và những hạng mục từ “Khả năng vừa” trở lên/);
  });

  it('never pre-ticks a tyre service for a brake noise: a component listed below “Khả năng vừa” is shown, not booked', async () => {
    // issue 36: with the demo's closed orders, worn tyres found on the same visits as worn pads rank under a brake noise
    const tyreWear = {
      component: 'TYRE_WEAR',
      label: 'Lốp (độ mòn)',
      probability: 0.14,
      reasons: [{ symptom: 'BRAKE_NOISE' as const, label: 'Tiếng kêu khi phanh', weight: 0, source: null, pastCases: 142 }],
      serviceSlug: 'dich-vu-lop',
      urgency: 'SOON' as const,
    };
    const [pads, brakes] = diagnosis().ranked;
    mockFetch(() => ok(diagnosis({ symptoms: ['BRAKE_NOISE'], ranked: [{ ...pads!, probability: 0.77 }, tyreWear, { ...brakes!, probability: 0.1 }] })));
    await openPage();
    await userEvent.type(screen.getByRole('textbox', { name: /Mô tả thêm/ }), 'phanh bị kêu ken két');
    await submit();

    const ranking = await screen.findByRole('region', { name: 'Các hạng mục có khả năng gặp vấn đề' });
    expect(within(ranking).getByRole('heading', { name: 'Lốp (độ mòn)' })).toBeInTheDocument();
    const book = screen.getByRole('link', { name: 'Đặt lịch' });
    expect(book).toHaveAttribute('href', '/booking?service=bao-duong-phanh&symptom=BRAKE_NOISE');
  });

  it('logged in: diagnoses a saved vehicle, and Đặt lịch opens the wizard with that vehicle and every recommended service ticked', async () => {
    act(() => sessionStore.save({ token: 'access-token', refreshToken: 'refresh-token', user: customer }));
    const saved = vehicle();
    const calls = mockFetch((call) =>
      call.path === '/api/vehicles'
        ? ok([saved])
        : ok(
            diagnosis({
              symptoms: ['FAST_DRAIN'],
              ranked: diagnosis().ranked.map((item, index) => ({ ...item, serviceSlug: index === 0 ? 'kiem-tra-pin-bms' : 'chan-doan-loi-dien' })),
            }),
          ),
    );
    booking.vehicles.mockResolvedValue([saved]);
    booking.packageCredits.mockResolvedValue([]);
    await openPage();
    const select = screen.getByRole('combobox', { name: /Xe hoặc mẫu xe/ });
    await userEvent.selectOptions(select, await within(select).findByRole('option', { name: 'VinFast Klara S (29MĐ1-234.56)' }));
    await tick('Tụt pin nhanh');
    await submit();

    const basis = await screen.findByRole('region', { name: 'Kết quả này dựa trên gì?' });
    expect(basis).toHaveTextContent('Đã tính thêm lịch sử kiểm tra và dự đoán hao mòn của xe VinFast Klara S (29MĐ1-234.56).');
    const [call] = diagnoseCalls(calls);
    expect(call!.body).toEqual({ symptoms: ['FAST_DRAIN'], vehicleId: 3 });
    expect(call!.headers.Authorization).toBe('Bearer access-token');
    expect(diagnosisRequestSchema.safeParse(call!.body)).toMatchObject({ success: true });

    const book = screen.getByRole('link', { name: 'Đặt lịch' });
    expect(book).toHaveAttribute('href', '/booking?service=kiem-tra-pin-bms&service=chan-doan-loi-dien&symptom=FAST_DRAIN&vehicleId=3');
    await userEvent.click(book);
    expect(await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /29MĐ1-234\.56/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    await screen.findByRole('heading', { name: 'Bước 2: Chọn dịch vụ' });
    expect(screen.getByRole('checkbox', { name: /Kiểm tra pin & BMS/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Chẩn đoán lỗi điện/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Bảo dưỡng cơ bản/ })).not.toBeChecked();
  });

  it('shows the API’s Vietnamese message when the address asked too often (429)', async () => {
    mockFetch(() => refused(429, 'TOO_MANY_REQUESTS', 'Bạn đã chẩn đoán quá nhiều lần. Vui lòng thử lại sau 42 giây.'));
    await openPage();
    await tick('Đèn không sáng');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn đã chẩn đoán quá nhiều lần. Vui lòng thử lại sau 42 giây.');
    expect(screen.queryByRole('heading', { name: 'Kết quả chẩn đoán sơ bộ' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chẩn đoán' })).toBeEnabled();
  });

  it('says the server cannot be reached when the network fails, and a new try works', async () => {
    let down = true;
    mockFetch(() => (down ? 'network-down' : ok(diagnosis())));
    await openPage();
    await tick('Đèn không sáng');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Không kết nối được máy chủ. Vui lòng thử lại.');
    down = false;
    await submit();
    expect(await screen.findByRole('heading', { level: 2, name: 'Kết quả chẩn đoán sơ bộ' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the API’s message for text it cannot read as a symptom (422)', async () => {
    mockFetch(() => refused(422, 'NO_SYMPTOM', 'Vui lòng chọn ít nhất một triệu chứng, hoặc mô tả rõ hơn tình trạng xe (ví dụ: “xe tụt pin nhanh”).'));
    await openPage();
    await userEvent.type(screen.getByRole('textbox', { name: /Mô tả thêm/ }), 'Xe bình thường');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('mô tả rõ hơn tình trạng xe');
  });

  it('a model the API no longer knows (deactivated since the list was read): asks again without it and says the answer does not rest on the model', async () => {
    const calls = mockFetch((call) =>
      (call.body as { vehicleModel?: string }).vehicleModel
        ? refused(422, 'UNKNOWN_VEHICLE_MODEL', 'Mẫu xe này chưa có trong hệ thống. Vui lòng chọn mẫu xe trong danh sách.')
        : ok(diagnosis()),
    );
    await openPage();
    const select = screen.getByRole('combobox', { name: /Xe hoặc mẫu xe/ });
    await userEvent.selectOptions(select, await within(select).findByRole('option', { name: 'BYD Dolphin' }));
    await tick('Tiếng kêu khi phanh');
    await submit();
    expect(await screen.findByText('Chúng tôi chưa có dữ liệu về mẫu xe BYD Dolphin: kết quả dưới đây dựa trên các triệu chứng.')).toBeInTheDocument();
    expect(diagnoseCalls(calls).map((call) => call.body)).toEqual([{ symptoms: ['BRAKE_NOISE'], vehicleModel: 'Dolphin' }, { symptoms: ['BRAKE_NOISE'] }]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the way in', () => {
  it('the services page’s "Chẩn đoán AI" section links to the diagnostics page', async () => {
    const { container } = renderAt('/services');
    await screen.findByRole('heading', { name: 'Bảo dưỡng nâng cao', level: 3 });
    const section = container.querySelector('section#chan-doan-ai') as HTMLElement;
    expect(within(section).getByRole('link', { name: 'Chẩn đoán sơ bộ từ triệu chứng' })).toHaveAttribute('href', '/services/chan-doan');
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(/^Chẩn đoán AI$/);
  });
});
