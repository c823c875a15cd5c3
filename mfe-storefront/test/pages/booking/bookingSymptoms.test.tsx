import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from 'shared-contracts';
import { addCalendarDays, vietnamDateOf } from 'shared-contracts/calendar';
import { DIAGNOSIS_SYMPTOMS_MAX, SYMPTOMS, type DiagnosisDto } from 'shared-contracts/diagnostics';
import { appointmentCreateInputSchema } from 'shared-contracts/schemas';
import { bookingLinkFor } from '../../../src/diagnostics/diagnosisLinks';
import { bookingApi } from '../../../src/pages/booking/bookingApi';
import { createBookingReducer, initialBookingState } from '../../../src/pages/booking/bookingReducer';
import { appointment, availability, vehicle } from '../../support/bookingFixtures';
import { answerWithFixtures, renderAt } from '../../support/render';
import { REFERENCE_MODELS } from '../../support/vehicleModelFixtures';
import { vehicleFitApi } from '../../../src/vehicleFit/vehicleFitApi';

jest.mock('../../../src/api/storefrontApi');
jest.mock('../../../src/pages/booking/bookingApi');
jest.mock('../../../src/vehicleFit/vehicleFitApi', () => ({ vehicleFitApi: { models: jest.fn(), savedVehicles: jest.fn() } }));

/**
 * The symptoms of the booking wizard (spec predictive.md §3 "the customer picks them when booking"): step 5's
 * 'Triệu chứng (không bắt buộc)', ticked in advance from ?symptom=… (the diagnostics page's 'Đặt lịch'), sent with
 * the booking, shown in the summary and, as the server recorded them, once booked.
 */

const booking = bookingApi as jest.Mocked<typeof bookingApi>;
const customer = { id: '42', fullName: 'Nguyễn Minh Anh', email: 'khachhang@evshop.vn', role: 'customer' as const, emailVerified: true, avatar: null };
const TOMORROW = addCalendarDays(vietnamDateOf(new Date()), 1);

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
  act(() => sessionStore.clear());
  booking.vehicles.mockResolvedValue([vehicle()]);
  (vehicleFitApi as jest.Mocked<typeof vehicleFitApi>).models.mockResolvedValue(REFERENCE_MODELS);
  booking.packageCredits.mockResolvedValue([]);
  booking.availability.mockImplementation(async (centreId, date) => availability(date, ['08:00', '09:00', '10:00'], [], centreId));
  booking.book.mockResolvedValue({ kind: 'booked', appointment: appointment() });
});

const panel = () => screen.getByRole('region', { name: /^Bước|Xác nhận lịch hẹn qua email|Đặt lịch thành công/ });
const next = () => userEvent.click(within(panel()).getByRole('button', { name: 'Tiếp tục' }));
const symptoms = () => screen.getByRole('group', { name: 'Triệu chứng (không bắt buộc)' });
const box = (label: string) => within(symptoms()).getByRole('checkbox', { name: label });
const label = (code: string) => SYMPTOMS.find((symptom) => symptom.code === code)!.label;

function logIn() {
  act(() => sessionStore.save({ token: 'access-token', refreshToken: 'refresh-token', user: customer }));
}

/** From step 1 (vehicle, service and centre given by the link) to step 5. */
async function toSymptomStep() {
  await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
  await next();
  await next();
  await next();
  await screen.findByRole('heading', { name: 'Bước 4: Chọn ngày và giờ' });
  fireEvent.change(screen.getByLabelText('Ngày hẹn'), { target: { value: TOMORROW } });
  await userEvent.click(await screen.findByRole('radio', { name: /^09:00/ }));
  await next();
  await screen.findByRole('heading', { name: 'Bước 5: Ghi chú cho kỹ thuật viên' });
}

describe('symptoms in the booking wizard', () => {
  it('ticks the ?symptom= codes it knows, sends the ticked ones, shows them in the summary and the server’s once booked', async () => {
    logIn();
    booking.book.mockResolvedValue({
      kind: 'booked',
      appointment: appointment({
        symptoms: [
          { code: 'BRAKE_NOISE', label: label('BRAKE_NOISE'), source: 'customer' },
          { code: 'VIBRATION', label: label('VIBRATION'), source: 'customer' },
        ],
      }),
    });
    renderAt('/booking?service=bao-duong-co-ban&vehicleId=3&centre=2&symptom=FAST_DRAIN&symptom=NOT_A_SYMPTOM&symptom=BRAKE_NOISE&symptom=BRAKE_NOISE&symptom=');
    await toSymptomStep();

    // the vocabulary, in the diagnostics page's groups, the link's known codes ticked
    expect(within(symptoms()).getByRole('group', { name: 'Pin và sạc' })).toContainElement(box('Tụt pin nhanh'));
    expect(within(symptoms()).getByRole('group', { name: 'Phanh, lốp và khung xe' })).toContainElement(box('Tiếng kêu khi phanh'));
    expect(within(symptoms()).getAllByRole('checkbox')).toHaveLength(SYMPTOMS.length);
    expect(within(symptoms()).getAllByRole('checkbox', { checked: true }).map((input) => (input as HTMLInputElement).value)).toEqual(['FAST_DRAIN', 'BRAKE_NOISE']);
    expect(symptoms()).toHaveAccessibleDescription(expect.stringContaining(`Đã chọn 2/${DIAGNOSIS_SYMPTOMS_MAX}`));

    await userEvent.click(box('Tụt pin nhanh'));
    await userEvent.click(box('Xe rung, lắc khi chạy'));
    await userEvent.type(screen.getByLabelText('Ghi chú'), 'Rung ở tốc độ 40 km/h');
    await next();

    await screen.findByRole('heading', { name: 'Bước 6: Xác nhận lịch hẹn' });
    const summary = panel();
    const chosen = within(summary).getByText('Triệu chứng', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(within(chosen).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Tiếng kêu khi phanh', 'Xe rung, lắc khi chạy']);
    expect(within(chosen).getByRole('button', { name: 'Sửa triệu chứng' })).toBeInTheDocument();

    await userEvent.click(within(summary).getByRole('button', { name: 'Đặt lịch' }));
    const body = booking.book.mock.calls[0]![0];
    expect(body).toEqual(expect.objectContaining({ vehicleId: 3, serviceIds: [1], centreId: 2, note: 'Rung ở tốc độ 40 km/h', symptoms: ['BRAKE_NOISE', 'VIBRATION'] }));
    // what the API validates it with
    expect(appointmentCreateInputSchema.safeParse(body)).toMatchObject({ success: true });

    await screen.findByRole('heading', { name: 'Đặt lịch thành công!' });
    const done = within(panel()).getByText('Triệu chứng', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(within(done).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Tiếng kêu khi phanh', 'Xe rung, lắc khi chạy']);
  });

  it('reopens step 5 from the summary to change them', async () => {
    logIn();
    renderAt('/booking?service=bao-duong-co-ban&vehicleId=3&centre=2&symptom=TYRE_LOW');
    await toSymptomStep();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Sửa triệu chứng' }));
    expect(await screen.findByRole('heading', { name: 'Bước 5: Ghi chú cho kỹ thuật viên' })).toBeInTheDocument();
    expect(box('Lốp non hơi, thủng')).toBeChecked();
    await userEvent.click(box('Lốp non hơi, thủng'));
    await next();
    expect(within(panel()).queryByText('Triệu chứng', { selector: 'dt' })).not.toBeInTheDocument();
    await userEvent.click(within(panel()).getByRole('button', { name: 'Đặt lịch' }));
    expect(booking.book.mock.calls[0]![0]).not.toHaveProperty('symptoms');
  });

  it(`takes at most ${DIAGNOSIS_SYMPTOMS_MAX}: the other boxes are disabled and the hint says why`, async () => {
    logIn();
    const link = SYMPTOMS.map((symptom) => `symptom=${symptom.code}`).join('&'); // more than the maximum
    renderAt(`/booking?service=bao-duong-co-ban&vehicleId=3&centre=2&${link}`);
    await toSymptomStep();
    const first = SYMPTOMS.slice(0, DIAGNOSIS_SYMPTOMS_MAX).map((symptom) => symptom.code);
    expect(within(symptoms()).getAllByRole('checkbox', { checked: true }).map((input) => (input as HTMLInputElement).value).sort()).toEqual([...first].sort());
    const rest = SYMPTOMS[DIAGNOSIS_SYMPTOMS_MAX]!;
    expect(box(rest.label)).toBeDisabled();
    expect(symptoms()).toHaveAccessibleDescription(expect.stringContaining(`Đã chọn đủ ${DIAGNOSIS_SYMPTOMS_MAX} triệu chứng`));
    // unticking one frees the others
    await userEvent.click(box(SYMPTOMS[0]!.label));
    expect(box(rest.label)).toBeEnabled();
    await userEvent.click(box(rest.label));
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Đặt lịch' }));
    const sent = booking.book.mock.calls[0]![0].symptoms!;
    expect(sent).toHaveLength(DIAGNOSIS_SYMPTOMS_MAX);
    expect(sent).toContain(rest.code);
    expect(sent).not.toContain(SYMPTOMS[0]!.code);
  });

  it("sends a guest's symptoms too", async () => {
    booking.book.mockResolvedValue({ kind: 'booked', appointment: appointment({ status: 'AWAITING_VERIFICATION', statusLabel: 'Chờ xác thực email' }) });
    renderAt('/booking?service=bao-duong-co-ban&centre=2&symptom=NOT_CHARGING');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await userEvent.type(screen.getByLabelText('Họ và tên'), 'Trần Thị Bình');
    await userEvent.type(screen.getByLabelText('Số điện thoại'), '0912345678');
    await userEvent.type(screen.getByLabelText('Email'), 'binh@example.vn');
    await userEvent.selectOptions(screen.getByLabelText('Loại xe'), 'scooter');
    await waitFor(() => expect(screen.getByLabelText('Hãng xe')).toBeEnabled());
    await userEvent.selectOptions(screen.getByLabelText('Hãng xe'), 'VinFast');
    await userEvent.selectOptions(screen.getByLabelText('Mẫu xe'), 'Feliz S');
    await userEvent.type(screen.getByLabelText('Biển số xe'), '29MĐ1-234.56');
    await next();
    await next();
    await next();
    await screen.findByRole('heading', { name: 'Bước 4: Chọn ngày và giờ' });
    fireEvent.change(screen.getByLabelText('Ngày hẹn'), { target: { value: TOMORROW } });
    await userEvent.click(await screen.findByRole('radio', { name: /^09:00/ }));
    await next();
    expect(box('Không sạc được')).toBeChecked();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Đặt lịch' }));
    expect(booking.book).toHaveBeenCalledWith(expect.objectContaining({ contact: expect.anything(), symptoms: ['NOT_CHARGING'] }));
  });
});

describe('the booking reducer’s symptoms', () => {
  const reducer = createBookingReducer(false);

  it('keeps known codes once, in the vocabulary’s order, at most the maximum', () => {
    const prefilled = reducer(initialBookingState, { type: 'prefilled', symptoms: ['TYRE_LOW', 'nope', 'NOT_CHARGING', 'TYRE_LOW'] });
    expect(prefilled.symptoms).toEqual(['NOT_CHARGING', 'TYRE_LOW']);
    const all = reducer(initialBookingState, { type: 'prefilled', symptoms: SYMPTOMS.map((symptom) => symptom.code) });
    expect(all.symptoms).toEqual(SYMPTOMS.slice(0, DIAGNOSIS_SYMPTOMS_MAX).map((symptom) => symptom.code));
    // one more than the maximum is not ticked
    expect(reducer(all, { type: 'symptomToggled', code: SYMPTOMS[DIAGNOSIS_SYMPTOMS_MAX]!.code })).toBe(all);
    expect(reducer(all, { type: 'symptomToggled', code: 'NOT_CHARGING' }).symptoms).not.toContain('NOT_CHARGING');
    expect(reducer(prefilled, { type: 'symptomToggled', code: 'FAST_DRAIN' }).symptoms).toEqual(['NOT_CHARGING', 'FAST_DRAIN', 'TYRE_LOW']);
    expect(reducer(prefilled, { type: 'restarted' }).symptoms).toEqual([]);
  });
});

describe("the diagnosis page's booking link", () => {
  const ranked = (slugs: string[]): DiagnosisDto['ranked'] =>
    slugs.map((serviceSlug, index) => ({ component: `C${index}`, label: `C${index}`, probability: 0.5, reasons: [], serviceSlug, urgency: 'SOON' }));

  it('carries each symptom of the answer once, after the services', () => {
    expect(bookingLinkFor({ ranked: ranked(['bao-duong-phanh', 'dich-vu-lop', 'bao-duong-phanh']), symptoms: ['BRAKE_NOISE', 'TYRE_LOW', 'BRAKE_NOISE'] }, 3)).toBe(
      '/booking?service=bao-duong-phanh&service=dich-vu-lop&symptom=BRAKE_NOISE&symptom=TYRE_LOW&vehicleId=3',
    );
    // a safety answer has no ranking, but the symptoms still go to the booking
    expect(bookingLinkFor({ ranked: [], symptoms: ['BRAKE_FAILURE'] }, null)).toBe('/booking?symptom=BRAKE_FAILURE');
    expect(bookingLinkFor({ ranked: [], symptoms: [] }, null)).toBe('/booking');
  });

  it('opens the wizard with those symptoms ticked', async () => {
    logIn();
    renderAt(`${bookingLinkFor({ ranked: ranked(['bao-duong-co-ban']), symptoms: ['WONT_START', 'LIGHTS_OUT'] }, 3)}&centre=2`);
    await toSymptomStep();
    expect(within(symptoms()).getAllByRole('checkbox', { checked: true }).map((input) => (input as HTMLInputElement).value)).toEqual(['WONT_START', 'LIGHTS_OUT']);
  });
});
