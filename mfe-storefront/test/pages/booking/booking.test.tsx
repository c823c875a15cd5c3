import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, sessionStore } from 'shared-contracts';
import { bookingApi } from '../../../src/pages/booking/bookingApi';
import { addCalendarDays, vietnamDateOf } from 'shared-contracts/calendar';
import { appointment, availability, packageCredit, vehicle } from '../../support/bookingFixtures';
import * as fixtures from '../../support/fixtures';
import { money } from '../../support/fixtures';
import { answerWithFixtures, api, renderAt } from '../../support/render';
import { REFERENCE_MODELS } from '../../support/vehicleModelFixtures';
import { vehicleFitApi } from '../../../src/vehicleFit/vehicleFitApi';

jest.mock('../../../src/api/storefrontApi');
jest.mock('../../../src/pages/booking/bookingApi');
jest.mock('../../../src/vehicleFit/vehicleFitApi', () => ({ vehicleFitApi: { models: jest.fn(), savedVehicles: jest.fn() } }));

const booking = bookingApi as jest.Mocked<typeof bookingApi>;
const fit = vehicleFitApi as jest.Mocked<typeof vehicleFitApi>;
const customer = { id: '42', fullName: 'Nguyễn Minh Anh', email: 'khachhang@evshop.vn', role: 'customer' as const, emailVerified: true, avatar: null };
const TOMORROW = addCalendarDays(vietnamDateOf(new Date()), 1);
const TIMES = ['08:00', '08:30', '09:00', '09:30', '10:00'];

function logIn() {
  act(() => sessionStore.save({ token: 'access-token', refreshToken: 'refresh-token', user: customer }));
}

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
  act(() => sessionStore.clear());
  booking.vehicles.mockResolvedValue([vehicle(), vehicle({ id: 4, type: 'car', brand: 'VinFast', model: 'VF 8', licensePlate: '30A-123.45' })]);
  booking.packageCredits.mockResolvedValue([]);
  booking.availability.mockImplementation(async (centreId, date) => availability(date, TIMES, ['08:30'], centreId));
  booking.book.mockResolvedValue({ kind: 'booked', appointment: appointment() });
  fit.models.mockResolvedValue(REFERENCE_MODELS);
});

/** The new vehicle's type, brand and model, once the reference models are there. */
async function describeVehicle(type: string, brand: string, model: string) {
  await userEvent.selectOptions(screen.getByLabelText('Loại xe'), type);
  await waitFor(() => expect(screen.getByLabelText('Hãng xe')).toBeEnabled());
  await userEvent.selectOptions(screen.getByLabelText('Hãng xe'), brand);
  await userEvent.selectOptions(screen.getByLabelText('Mẫu xe'), model);
}
const optionsOf = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((option) => option.textContent);

const panel = () => screen.getByRole('region', { name: /^Bước|Xác nhận lịch hẹn qua email|Đặt lịch thành công/ });
const next = () => userEvent.click(within(panel()).getByRole('button', { name: 'Tiếp tục' }));

async function chooseCentreAndSlot(centre = 'EV Service Cầu Giấy', time = '09:00') {
  await screen.findByRole('heading', { name: 'Bước 3: Chọn trung tâm' });
  await userEvent.click(screen.getByRole('radio', { name: new RegExp(centre) }));
  await next();
  await screen.findByRole('heading', { name: 'Bước 4: Chọn ngày và giờ' });
  fireEvent.change(screen.getByLabelText('Ngày hẹn'), { target: { value: TOMORROW } });
  await userEvent.click(await screen.findByRole('radio', { name: new RegExp(`^${time}`) }));
  await next();
}

describe('booking as a logged-in customer', () => {
  it('books from /services?service=…: saved vehicle, preselected service, centre, slot, note, summary, then the code and status', async () => {
    logIn();
    renderAt('/booking?service=bao-duong-co-ban');
    expect(await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /29MĐ1-234\.56/ }));
    await next();

    expect(await screen.findByRole('heading', { name: 'Bước 2: Chọn dịch vụ' })).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: /Bảo dưỡng cơ bản/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Kiểm tra pin & BMS/ })).not.toBeChecked();
    await next();

    await chooseCentreAndSlot();
    expect(booking.availability).toHaveBeenLastCalledWith(2, TOMORROW, 45, expect.anything());

    await screen.findByRole('heading', { name: 'Bước 5: Ghi chú cho kỹ thuật viên' });
    await userEvent.type(screen.getByLabelText('Ghi chú'), 'Phanh sau kêu khi đi chậm');
    await next();

    await screen.findByRole('heading', { name: 'Bước 6: Xác nhận lịch hẹn' });
    const summary = panel();
    expect(within(summary).getByText(/29MĐ1-234\.56 · VinFast Klara S/)).toBeInTheDocument();
    expect(within(summary).getByText(/EV Service Cầu Giấy, 88 Xuân Thủy/)).toBeInTheDocument();
    expect(within(summary).getByText(new RegExp(`^09:00, .*${TOMORROW.slice(8, 10)}/${TOMORROW.slice(5, 7)}/${TOMORROW.slice(0, 4)}`))).toBeInTheDocument();
    expect(within(summary).getByText('45 phút')).toBeInTheDocument();
    expect(within(summary).getByText(money(250_000), { selector: 'dd' })).toBeInTheDocument();

    await userEvent.click(within(summary).getByRole('button', { name: 'Đặt lịch' }));
    expect(booking.book).toHaveBeenCalledWith({
      vehicleId: 3,
      serviceIds: [1],
      centreId: 2,
      start: new Date(Date.parse(`${TOMORROW}T09:00:00.000Z`) - 7 * 3_600_000).toISOString(),
      note: 'Phanh sau kêu khi đi chậm',
    });
    expect(await screen.findByRole('heading', { name: 'Đặt lịch thành công!' })).toHaveFocus();
    expect(screen.getByText('LH2611A7K3Q')).toBeInTheDocument();
    expect(screen.getByText('Chờ xác nhận')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Xem lịch hẹn trên Bảng điều khiển' })).toHaveAttribute('href', '/dashboard');
  });

  it('prefills the vehicle and centre from a reminder link and shows only the services of a car for a car', async () => {
    logIn();
    api.services.mockResolvedValue([...fixtures.services, fixtures.service({ id: 9, slug: 'bao-duong-o-to', name: 'Bảo dưỡng ô tô điện', vehicleTypes: ['car'], price: 1_200_000, durationMinutes: 120 })]);
    renderAt('/booking?vehicleId=4&service=bao-duong-o-to&centre=1');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    expect(screen.getByRole('radio', { name: /30A-123\.45/ })).toBeChecked();
    await next();
    expect(screen.getByRole('checkbox', { name: /Bảo dưỡng ô tô điện/ })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /Bảo dưỡng cơ bản/ })).not.toBeInTheDocument();
    await next();
    expect(screen.getByRole('radio', { name: /EV Service Quận 1/ })).toBeChecked();
  });

  it('disables full slots and asks for a slot before moving on', async () => {
    logIn();
    renderAt('/booking?service=bao-duong-co-ban&vehicleId=3&centre=2');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await next();
    await next();
    await next();
    fireEvent.change(await screen.findByLabelText('Ngày hẹn'), { target: { value: TOMORROW } });
    expect(await screen.findByRole('radio', { name: '08:30 (hết chỗ)' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '09:00 (còn 3 chỗ)' })).toBeEnabled();
    await next();
    expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng chọn ngày và khung giờ.');
    expect(screen.getByRole('heading', { name: 'Bước 4: Chọn ngày và giờ' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Ngày hẹn'), { target: { value: addCalendarDays(TOMORROW, 40) } });
    expect(screen.getByLabelText('Ngày hẹn')).toHaveAccessibleDescription(expect.stringContaining('Chỉ đặt được lịch từ hôm nay đến 30 ngày tới.'));
  });

  it("on SLOT_FULL shows the server's message and its next free slots, and books the one picked", async () => {
    logIn();
    const nextSlots = [
      { start: new Date(Date.parse(`${TOMORROW}T09:30:00.000Z`) - 7 * 3_600_000).toISOString(), time: '09:30' },
      { start: new Date(Date.parse(`${TOMORROW}T10:00:00.000Z`) - 7 * 3_600_000).toISOString(), time: '10:00' },
    ];
    booking.book
      .mockResolvedValueOnce({ kind: 'slotFull', message: 'Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác', nextSlots })
      .mockResolvedValueOnce({ kind: 'booked', appointment: appointment({ start: nextSlots[1]!.start }) });
    renderAt('/booking?service=bao-duong-co-ban&vehicleId=3&centre=2');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await next();
    await next();
    await chooseCentreAndSlot();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Đặt lịch' }));

    expect(await screen.findByRole('heading', { name: 'Bước 4: Chọn ngày và giờ' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác');
    await waitFor(() => expect(booking.availability).toHaveBeenCalledTimes(2)); // the day is asked again
    await userEvent.click(within(alert).getByRole('button', { name: /^10:00 ngày/ }));

    expect(await screen.findByRole('heading', { name: 'Bước 6: Xác nhận lịch hẹn' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Đặt lịch' }));
    await screen.findByRole('heading', { name: 'Đặt lịch thành công!' });
    expect(booking.book).toHaveBeenLastCalledWith(expect.objectContaining({ start: nextSlots[1]!.start }));
  });

  it("shows the server's message when booking fails, and lets the customer try again", async () => {
    logIn();
    booking.book.mockRejectedValueOnce(new ApiError('Chỉ có thể đặt lịch trong giờ mở cửa của trung tâm.', 422, 'OUTSIDE_HOURS'));
    renderAt('/booking?service=bao-duong-co-ban&vehicleId=3&centre=2');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await next();
    await next();
    await chooseCentreAndSlot();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Đặt lịch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Chỉ có thể đặt lịch trong giờ mở cửa của trung tâm.');
    await userEvent.click(screen.getByRole('button', { name: 'Đặt lịch' }));
    expect(await screen.findByRole('heading', { name: 'Đặt lịch thành công!' })).toBeInTheDocument();
  });

  it('uses a package credit: preselected from ?package=, prepaid in the summary, sent as packageCreditId', async () => {
    logIn();
    booking.packageCredits.mockResolvedValue([packageCredit()]);
    renderAt('/booking?package=tieu-chuan&vehicleId=3&centre=2');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await next();
    expect(screen.getByRole('radio', { name: /Gói tiêu chuẩn: Bảo dưỡng nâng cao/ })).toBeChecked();
    const covered = screen.getByRole('checkbox', { name: /Bảo dưỡng nâng cao/ });
    expect(covered).toBeChecked();
    expect(covered).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /Kiểm tra pin & BMS/ }));
    await next();
    await chooseCentreAndSlot();
    expect(booking.availability).toHaveBeenLastCalledWith(2, TOMORROW, 150, expect.anything()); // 90 + 60 minutes
    await next();
    const summary = panel();
    expect(within(summary).getByText(/Gói tiêu chuẩn: Bảo dưỡng nâng cao \(đã thanh toán trong gói\)/)).toBeInTheDocument();
    expect(within(summary).getByText(money(350_000), { selector: 'dd' })).toBeInTheDocument();
    expect(within(summary).getByText('2 giờ 30 phút')).toBeInTheDocument();
    await userEvent.click(within(summary).getByRole('button', { name: 'Đặt lịch' }));
    expect(booking.book).toHaveBeenCalledWith(expect.objectContaining({ vehicleId: 3, serviceIds: [5], packageCreditId: 9 }));
  });

  it("preselects the dashboard's package credit (?packageCredit=) and drops it for a vehicle type its service does not fit", async () => {
    logIn();
    booking.packageCredits.mockResolvedValue([packageCredit({ id: 5, packageName: 'Gói cơ bản', packageId: 1, serviceId: 1, serviceName: 'Bảo dưỡng cơ bản' }), packageCredit()]);
    renderAt('/booking?packageCredit=9');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await userEvent.click(screen.getByRole('radio', { name: /29MĐ1-234\.56/ }));
    await next();
    expect(screen.getByRole('radio', { name: /Gói tiêu chuẩn: Bảo dưỡng nâng cao/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Gói cơ bản: Bảo dưỡng cơ bản/ })).not.toBeChecked();
    // a car: none of the fixtures' services (scooters and motorbikes) fit, nor the credits
    await userEvent.click(screen.getByRole('button', { name: /^Xe/ }));
    await userEvent.click(screen.getByRole('radio', { name: /30A-123\.45/ }));
    await next();
    expect(screen.queryByRole('radio', { name: /Gói tiêu chuẩn/ })).not.toBeInTheDocument();
    await next();
    expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng chọn ít nhất một dịch vụ hoặc một gói dịch vụ.');
  });

  it('adds a vehicle inline: its plate is checked as typed and sent normalised', async () => {
    logIn();
    renderAt('/booking?service=bao-duong-co-ban&centre=2');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await userEvent.click(screen.getByRole('radio', { name: 'Thêm xe mới' }));
    await describeVehicle('scooter', 'VinFast', 'Feliz S');
    await userEvent.type(screen.getByLabelText('Biển số xe'), '30A 123');
    await userEvent.tab();
    expect(screen.getByLabelText('Biển số xe')).toHaveAccessibleDescription(expect.stringContaining('Biển số xe máy không hợp lệ'));
    await userEvent.clear(screen.getByLabelText('Biển số xe'));
    await userEvent.type(screen.getByLabelText('Biển số xe'), '29md1 23456');
    expect(screen.getByText('Biển số sẽ được lưu là 29MĐ1-234.56')).toBeInTheDocument();
    await next();
    await next();
    await chooseCentreAndSlot();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Đặt lịch' }));
    expect(booking.book).toHaveBeenCalledWith(
      expect.objectContaining({ vehicle: { type: 'scooter', brand: 'VinFast', model: 'Feliz S', licensePlate: '29MĐ1-234.56' }, serviceIds: [1] }),
    );
    expect(booking.book.mock.calls[0]![0]).not.toHaveProperty('vehicleId');
  });

  it('offers the reference models ("Dòng xe") of the chosen type, active ones in the API\'s order, and books one an admin added', async () => {
    logIn();
    renderAt('/booking?service=bao-duong-co-ban&centre=2');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await userEvent.click(screen.getByRole('radio', { name: 'Thêm xe mới' }));
    await userEvent.selectOptions(screen.getByLabelText('Loại xe'), 'car');
    await waitFor(() => expect(screen.getByLabelText('Hãng xe')).toBeEnabled());
    expect(optionsOf('Hãng xe')).toEqual(['Chọn hãng xe', 'BYD', 'VinFast']);
    await userEvent.selectOptions(screen.getByLabelText('Hãng xe'), 'VinFast');
    expect(optionsOf('Mẫu xe')).toEqual(['Chọn mẫu xe', 'VF 8', 'VF 8 Plus']);
    // another type: VinFast makes scooters too, so the brand stays; the car's model goes, and the deactivated Ludo is not offered
    await userEvent.selectOptions(screen.getByLabelText('Loại xe'), 'scooter');
    expect(screen.getByLabelText('Hãng xe')).toHaveValue('VinFast');
    expect(screen.getByLabelText('Mẫu xe')).toHaveValue('');
    expect(optionsOf('Mẫu xe')).toEqual(['Chọn mẫu xe', 'Evo Grand', 'Evo200', 'Feliz S', 'Klara S']);
    await userEvent.selectOptions(screen.getByLabelText('Mẫu xe'), 'Evo Grand');
    await userEvent.type(screen.getByLabelText('Biển số xe'), '29MĐ1-234.56');
    await next();
    // the car chosen on the way dropped the scooter's service: chosen again
    await userEvent.click(await screen.findByRole('checkbox', { name: /Bảo dưỡng cơ bản/ }));
    await next();
    await chooseCentreAndSlot();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Đặt lịch' }));
    expect(booking.book).toHaveBeenCalledWith(expect.objectContaining({ vehicle: { type: 'scooter', brand: 'VinFast', model: 'Evo Grand', licensePlate: '29MĐ1-234.56' } }));
  });

  it('says the brands and models are loading, and offers a retry when they cannot be read', async () => {
    logIn();
    let fail: (error: unknown) => void = () => undefined;
    fit.models.mockImplementationOnce(
      () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    );
    renderAt('/booking?service=bao-duong-co-ban&centre=2');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await userEvent.click(screen.getByRole('radio', { name: 'Thêm xe mới' }));
    await userEvent.selectOptions(screen.getByLabelText('Loại xe'), 'scooter');
    expect(screen.getByLabelText('Hãng xe')).toBeDisabled();
    expect(optionsOf('Hãng xe')).toEqual(['Đang tải danh sách xe…']);
    expect(optionsOf('Mẫu xe')).toEqual(['Đang tải danh sách xe…']);

    await act(async () => fail(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 503, 'HTTP_503')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Chưa tải được danh sách hãng và mẫu xe. Máy chủ đang gặp sự cố. Vui lòng thử lại sau.');
    expect(screen.getByLabelText('Hãng xe')).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    await waitFor(() => expect(screen.getByLabelText('Hãng xe')).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Hãng xe'), 'Yadea');
    expect(optionsOf('Mẫu xe')).toEqual(['Chọn mẫu xe', 'G5']);
  });
});

describe('booking as a guest', () => {
  it('asks for name, phone, email and the vehicle, then the emailed code, then shows the booked appointment', async () => {
    booking.book.mockResolvedValue({ kind: 'booked', appointment: appointment({ status: 'AWAITING_VERIFICATION', statusLabel: 'Chờ xác thực email' }) });
    booking.verify.mockResolvedValue(appointment({ status: 'PENDING', statusLabel: 'Chờ xác nhận' }));
    renderAt('/booking?service=bao-duong-co-ban');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    expect(booking.vehicles).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /Đăng nhập để chọn xe đã lưu/ })).toHaveAttribute('href', '/auth/login?redirect=%2Fbooking%3Fservice%3Dbao-duong-co-ban');

    await next();
    expect(screen.getByLabelText('Họ và tên')).toHaveFocus();
    expect(screen.getByLabelText('Họ và tên')).toHaveAccessibleDescription('Vui lòng nhập họ và tên.');
    expect(screen.getByLabelText('Loại xe')).toHaveAccessibleDescription('Vui lòng chọn loại xe.');
    expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng kiểm tra lại các trường được đánh dấu.');

    await userEvent.type(screen.getByLabelText('Họ và tên'), 'Trần Thị Bình');
    await userEvent.type(screen.getByLabelText('Số điện thoại'), '0123');
    await userEvent.type(screen.getByLabelText('Email'), 'binh@example.vn');
    await describeVehicle('motorbike', 'Dat Bike', 'Weaver 200');
    await userEvent.type(screen.getByLabelText('Biển số xe'), '59-X3 123.45');
    await next();
    expect(screen.getByLabelText('Số điện thoại')).toHaveAccessibleDescription(expect.stringContaining('Số điện thoại di động không hợp lệ'));
    await userEvent.clear(screen.getByLabelText('Số điện thoại'));
    await userEvent.type(screen.getByLabelText('Số điện thoại'), '+84 912 345 678');
    await next();

    expect(await screen.findByRole('heading', { name: 'Bước 2: Chọn dịch vụ' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Không dùng gói' })).not.toBeInTheDocument();
    await next();
    await chooseCentreAndSlot();
    await next();
    expect(within(panel()).getByText('Trần Thị Bình · +84 912 345 678 · binh@example.vn')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Đặt lịch' }));
    expect(booking.book).toHaveBeenCalledWith(
      expect.objectContaining({
        vehicle: { type: 'motorbike', brand: 'Dat Bike', model: 'Weaver 200', licensePlate: '59X3-123.45' },
        contact: { fullName: 'Trần Thị Bình', phone: '0912345678', email: 'binh@example.vn' },
      }),
    );

    expect(await screen.findByRole('heading', { name: 'Xác nhận lịch hẹn qua email' })).toBeInTheDocument();
    expect(screen.getByText(/gửi mã gồm 6 chữ số tới binh@example\.vn/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mã xác nhận'), '12a34-56789');
    expect(screen.getByLabelText('Mã xác nhận')).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận lịch hẹn' }));
    expect(booking.verify).toHaveBeenCalledWith('LH2611A7K3Q', 'binh@example.vn', '123456');
    expect(await screen.findByRole('heading', { name: 'Đặt lịch thành công!' })).toBeInTheDocument();
    expect(screen.getByText('Chờ xác nhận')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Xem lịch hẹn trên Bảng điều khiển' })).not.toBeInTheDocument();
  });

  it("shows the server's message for a wrong code and keeps the code step", async () => {
    booking.book.mockResolvedValue({ kind: 'booked', appointment: appointment({ status: 'AWAITING_VERIFICATION', statusLabel: 'Chờ xác thực email' }) });
    booking.verify.mockRejectedValue(new ApiError('Mã xác nhận không đúng hoặc đã hết hạn.', 400, 'INVALID_OTP'));
    renderAt('/booking?service=bao-duong-co-ban&centre=2');
    await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' });
    await userEvent.type(screen.getByLabelText('Họ và tên'), 'Trần Thị Bình');
    await userEvent.type(screen.getByLabelText('Số điện thoại'), '0912345678');
    await userEvent.type(screen.getByLabelText('Email'), 'binh@example.vn');
    await describeVehicle('scooter', 'Yadea', 'G5');
    await userEvent.type(screen.getByLabelText('Biển số xe'), '29MĐ1-234.56');
    await next();
    await next();
    await chooseCentreAndSlot();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Đặt lịch' }));
    await userEvent.type(await screen.findByLabelText('Mã xác nhận'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận lịch hẹn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Mã xác nhận không đúng hoặc đã hết hạn.');
    expect(screen.getByRole('heading', { name: 'Xác nhận lịch hẹn qua email' })).toBeInTheDocument();
  });
});

it('offers a retry when the services or centres cannot be loaded', async () => {
  api.centres.mockRejectedValueOnce(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 503, 'HTTP_503'));
  renderAt('/booking');
  expect(await screen.findByRole('alert')).toHaveTextContent('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.');
  await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
  expect(await screen.findByRole('heading', { name: 'Bước 1: Chọn xe' })).toBeInTheDocument();
});
