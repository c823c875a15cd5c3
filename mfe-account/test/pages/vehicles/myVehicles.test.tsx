import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, sessionStore } from 'shared-contracts';
import { MyVehiclesPage } from '../../../src/pages/vehicles/MyVehiclesPage';
import { validateVehicle, vehicleInput, EMPTY_VEHICLE, type VehicleValues } from '../../../src/pages/vehicles/vehicleFormRules';
import { serviceApi } from '../../../src/service/serviceApi';
import { logIn, renderAccountPage } from '../../helpers';
import { car, vehicle } from '../../serviceFixtures';

jest.mock('../../../src/service/serviceApi');
const api = serviceApi as jest.Mocked<typeof serviceApi>;

beforeEach(() => {
  jest.resetAllMocks();
  api.vehicles.mockResolvedValue([vehicle(), car()]);
});
afterEach(() => sessionStore.clear());

function renderPage() {
  return renderAccountPage('/my-vehicles', <MyVehiclesPage />);
}

const card = (plate: string) => screen.getByRole('article', { name: plate });
const form = () => screen.getByRole('form');

async function choose(values: { type?: string; brand?: string; model?: string }) {
  if (values.type) await userEvent.selectOptions(within(form()).getByLabelText('Loại xe'), values.type);
  if (values.brand) await userEvent.selectOptions(within(form()).getByLabelText('Hãng xe'), values.brand);
  if (values.model) await userEvent.selectOptions(within(form()).getByLabelText('Mẫu xe'), values.model);
}

describe('/my-vehicles', () => {
  it('offers a guest the login page, coming back here', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/auth/login?redirect=%2Fmy-vehicles');
    expect(api.vehicles).not.toHaveBeenCalled();
  });

  it('lists the vehicles with their next maintenance, the overdue one highlighted, each with a booking link', async () => {
    logIn();
    renderPage();
    const scooter = await screen.findByRole('article', { name: '29MĐ1-234.56' });
    expect(within(scooter).getByText(/VinFast Klara S · Xe máy điện/)).toBeInTheDocument();
    expect(within(scooter).getByText('8.200 km')).toBeInTheDocument();
    expect(within(scooter).getByText('Bảo dưỡng tiếp theo')).toBeInTheDocument();
    expect(within(scooter).getByText('Bảo dưỡng cơ bản: trước ngày 15/01/2027 hoặc khi đạt 10.000 km, tùy điều kiện nào đến trước.')).toBeInTheDocument();
    expect(within(scooter).getByRole('link', { name: 'Đặt lịch bảo dưỡng cho xe 29MĐ1-234.56' })).toHaveAttribute('href', '/booking?vehicleId=3&service=bao-duong-co-ban');

    const overdue = card('30A-123.45');
    expect(within(overdue).getByText('Đã đến hạn bảo dưỡng')).toBeInTheDocument();
    expect(within(overdue).getByText(/Bảo dưỡng nâng cao đã đến hạn/)).toBeInTheDocument();
    expect(within(overdue).getByText('RLNV5JSM0PA123456')).toBeInTheDocument();
    expect(within(overdue).getByRole('link', { name: /Đặt lịch bảo dưỡng cho xe 30A-123\.45/ })).toHaveAttribute('href', '/booking?vehicleId=4&service=bao-duong-nang-cao');
  });

  it('adds a vehicle: models of the chosen brand, the usual battery filled in, the plate normalised as typed', async () => {
    logIn();
    api.createVehicle.mockImplementation(async (input) => vehicle({ id: 8, ...input, licensePlate: '29MĐ2-345.67', nextMaintenance: null } as never));
    renderPage();
    await screen.findByRole('article', { name: '29MĐ1-234.56' });
    await userEvent.click(screen.getByRole('button', { name: 'Thêm xe' }));
    expect(screen.getByRole('heading', { name: 'Thêm xe mới' })).toHaveFocus();
    expect(within(form()).getByLabelText('Hãng xe')).toBeDisabled();

    await choose({ type: 'scooter', brand: 'VinFast' });
    const models = within(within(form()).getByLabelText('Mẫu xe')).getAllByRole('option').map((option) => option.textContent);
    expect(models).toEqual(['Chọn mẫu xe', 'Klara S', 'Feliz S', 'Evo 200', 'Evo 200 Lite', 'Vento S', 'Theon S', 'Motio']);
    await choose({ model: 'Feliz S' });
    expect(within(form()).getByLabelText(/Dung lượng pin/)).toHaveValue('3.5');

    const plate = within(form()).getByLabelText('Biển số xe');
    await userEvent.type(plate, '29md2 34567');
    expect(plate).toHaveAccessibleDescription('Biển số sẽ được lưu là 29MĐ2-345.67');
    await userEvent.type(within(form()).getByLabelText('Năm sản xuất'), '2024');
    await userEvent.type(within(form()).getByLabelText('Số km đã đi'), '1.250');
    await userEvent.type(within(form()).getByLabelText(/Màu xe/), 'Đỏ');
    await userEvent.click(within(form()).getByRole('button', { name: 'Lưu xe' }));

    expect(api.createVehicle).toHaveBeenCalledWith({
      type: 'scooter',
      brand: 'VinFast',
      model: 'Feliz S',
      year: 2024,
      licensePlate: '29MĐ2-345.67',
      vin: null,
      color: 'Đỏ',
      odometerKm: 1250,
      batteryCapacityKwh: 3.5,
      nickname: null,
    });
    expect(await screen.findByText('Đã thêm xe 29MĐ2-345.67.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: '29MĐ2-345.67' })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: '29MĐ2-345.67' })).getByText('Chưa có lịch bảo dưỡng gợi ý.')).toBeInTheDocument();
  });

  it('checks the fields before saving: plate as soon as the field is left, VIN required for a car, year, odometer', async () => {
    logIn();
    renderPage();
    await screen.findByRole('article', { name: '29MĐ1-234.56' });
    await userEvent.click(screen.getByRole('button', { name: 'Thêm xe' }));
    await choose({ type: 'car', brand: 'VinFast', model: 'VF 5' });
    const plate = within(form()).getByLabelText('Biển số xe');
    await userEvent.type(plate, '29B1-123.45');
    await userEvent.tab();
    expect(plate).toHaveAccessibleDescription(expect.stringContaining('Biển số ô tô không hợp lệ (ví dụ: 30A-123.45).'));
    await userEvent.type(within(form()).getByLabelText('Năm sản xuất'), '2003');
    await userEvent.type(within(form()).getByLabelText('Số VIN (số khung)'), 'rlnv5jsm0pa12345i');
    await userEvent.click(within(form()).getByRole('button', { name: 'Lưu xe' }));

    expect(plate).toHaveFocus();
    expect(within(form()).getByLabelText('Số VIN (số khung)')).toHaveAccessibleDescription(expect.stringContaining('Số VIN chỉ gồm chữ in hoa và chữ số, không có I, O, Q.'));
    expect(within(form()).getByLabelText('Năm sản xuất')).toHaveAccessibleDescription(expect.stringMatching(/^Năm sản xuất từ 2010 đến \d{4}\.$/));
    expect(within(form()).getByLabelText('Số km đã đi')).toHaveAccessibleDescription(expect.stringContaining('Số km phải là số nguyên từ 0 đến 2.000.000.'));
    expect(api.createVehicle).not.toHaveBeenCalled();
  });

  it('asks for a note when the odometer goes down, and sends it', async () => {
    logIn();
    api.updateVehicle.mockImplementation(async (id, input) => vehicle({ id, odometerKm: input.odometerKm as number }));
    renderPage();
    await screen.findByRole('article', { name: '29MĐ1-234.56' });
    await userEvent.click(within(card('29MĐ1-234.56')).getByRole('button', { name: 'Sửa xe 29MĐ1-234.56' }));
    expect(screen.getByRole('heading', { name: 'Sửa thông tin xe 29MĐ1-234.56' })).toHaveFocus();
    const odometer = within(form()).getByLabelText('Số km đã đi');
    expect(odometer).toHaveValue('8200');
    await userEvent.clear(odometer);
    await userEvent.type(odometer, '2820');
    const note = within(form()).getByLabelText('Lý do sửa số km');
    expect(note).toHaveAccessibleDescription(expect.stringContaining('Số km mới nhỏ hơn số đã lưu (8.200 km)'));
    await userEvent.click(within(form()).getByRole('button', { name: 'Lưu xe' }));
    expect(note).toHaveFocus();
    expect(api.updateVehicle).not.toHaveBeenCalled();
    await userEvent.type(note, 'Nhập nhầm thêm một số 0');
    await userEvent.click(within(form()).getByRole('button', { name: 'Lưu xe' }));
    expect(api.updateVehicle).toHaveBeenCalledWith(3, expect.objectContaining({ odometerKm: 2820, odometerNote: 'Nhập nhầm thêm một số 0', licensePlate: '29MĐ1-234.56' }));
    expect(await screen.findByText('Đã cập nhật xe 29MĐ1-234.56.')).toBeInTheDocument();
    expect(within(card('29MĐ1-234.56')).getByText('2.820 km')).toBeInTheDocument();
  });

  it("shows the server's refusal, e.g. a plate already saved", async () => {
    logIn();
    api.createVehicle.mockRejectedValue(
      new ApiError('Biển số này đã có trong danh sách xe của bạn.', 409, 'DUPLICATE_PLATE', [], { success: false, message: 'Biển số này đã có trong danh sách xe của bạn.' }),
    );
    renderPage();
    await screen.findByRole('article', { name: '29MĐ1-234.56' });
    await userEvent.click(screen.getByRole('button', { name: 'Thêm xe' }));
    await choose({ type: 'scooter', brand: 'Yadea', model: 'G5' });
    await userEvent.type(within(form()).getByLabelText('Biển số xe'), '29MĐ1-234.56');
    await userEvent.type(within(form()).getByLabelText('Năm sản xuất'), '2022');
    await userEvent.type(within(form()).getByLabelText('Số km đã đi'), '500');
    await userEvent.click(within(form()).getByRole('button', { name: 'Lưu xe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Biển số này đã có trong danh sách xe của bạn.');
    expect(screen.getByRole('form')).toBeInTheDocument();
  });

  it('removes a vehicle only after a confirmation', async () => {
    logIn();
    api.deleteVehicle.mockResolvedValue(undefined);
    renderPage();
    await screen.findByRole('article', { name: '30A-123.45' });
    await userEvent.click(within(card('30A-123.45')).getByRole('button', { name: 'Xóa xe 30A-123.45' }));
    const confirm = within(card('30A-123.45')).getByRole('group', { name: 'Xóa xe 30A-123.45' });
    expect(confirm).toHaveTextContent('Xóa xe 30A-123.45 khỏi danh sách? Lịch sử bảo dưỡng đã có vẫn được giữ.');
    expect(within(confirm).getByRole('button', { name: 'Xóa xe' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Hủy' }));
    expect(api.deleteVehicle).not.toHaveBeenCalled();

    await userEvent.click(within(card('30A-123.45')).getByRole('button', { name: 'Xóa xe 30A-123.45' }));
    await userEvent.click(within(card('30A-123.45')).getByRole('button', { name: 'Xóa xe' }));
    expect(api.deleteVehicle).toHaveBeenCalledWith(4);
    await waitFor(() => expect(screen.queryByRole('article', { name: '30A-123.45' })).not.toBeInTheDocument());
    expect(screen.getByText('Đã xóa xe 30A-123.45.')).toBeInTheDocument();
  });

  it('says so when there is no vehicle yet, and offers a retry when the list cannot be loaded', async () => {
    logIn();
    api.vehicles.mockRejectedValueOnce(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 503, 'HTTP_503')).mockResolvedValueOnce([]);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText(/Bạn chưa có xe nào/)).toBeInTheDocument();
  });
});

describe('the vehicle form rules', () => {
  const now = new Date('2026-11-22T03:00:00.000Z');
  const scooter: VehicleValues = { ...EMPTY_VEHICLE, type: 'scooter', brand: 'VinFast', model: 'Klara S', year: '2023', licensePlate: '29-md1 234.56', odometerKm: '8200' };

  it('accepts a scooter without a VIN, and normalises what it sends', () => {
    expect(validateVehicle(scooter, null, now)).toEqual({});
    expect(vehicleInput({ ...scooter, vin: ' ', batteryCapacityKwh: '3,5' }, null)).toMatchObject({ licensePlate: '29MĐ1-234.56', vin: null, batteryCapacityKwh: 3.5, odometerKm: 8200 });
  });

  it('refuses a model of another brand, next-next year, and a battery over 300 kWh', () => {
    expect(validateVehicle({ ...scooter, brand: 'Yadea', year: '2028', batteryCapacityKwh: '301' }, null, now)).toEqual({
      model: 'Vui lòng chọn mẫu xe.',
      year: 'Năm sản xuất từ 2010 đến 2027.',
      batteryCapacityKwh: 'Dung lượng pin phải là số lớn hơn 0 và không quá 300 kWh.',
    });
  });

  it('needs a note only when the odometer goes below the saved value', () => {
    expect(validateVehicle({ ...scooter, odometerKm: '8199' }, 8200, now)).toEqual({ odometerNote: 'Vui lòng ghi chú lý do sửa số km nhỏ hơn.' });
    expect(validateVehicle({ ...scooter, odometerKm: '8200' }, 8200, now)).toEqual({});
    expect(vehicleInput({ ...scooter, odometerKm: '9000', odometerNote: 'không cần' }, 8200)).not.toHaveProperty('odometerNote');
  });
});
