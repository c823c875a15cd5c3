import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, sessionStore } from 'shared-contracts';
import { MyVehiclesPage } from '../../../src/pages/vehicles/MyVehiclesPage';
import { validateVehicle, vehicleInput, EMPTY_VEHICLE, type VehicleValues } from '../../../src/pages/vehicles/vehicleFormRules';
import { serviceApi } from '../../../src/service/serviceApi';
import { logIn, renderAccountPage } from '../../helpers';
import type { VehicleModelRecord, VehicleType } from 'shared-contracts/schemas';
import { car, vehicle } from '../../serviceFixtures';

jest.mock('../../../src/service/serviceApi');
const api = serviceApi as jest.Mocked<typeof serviceApi>;

type ModelRow = [id: number, type: VehicleType, brand: string, model: string, variant: string | null, batteryKwh: number | null];
/** GET /api/vehicle-models, as the reference rows read ('Evo200', not the older catalogue's 'Evo 200'). */
const MODEL_ROWS: ModelRow[] = [
  [1, 'scooter', 'VinFast', 'Feliz S', null, 3.5],
  [2, 'scooter', 'VinFast', 'Klara S', null, 3.5],
  [3, 'scooter', 'VinFast', 'Evo200', null, 3.5],
  [4, 'scooter', 'VinFast', 'Motio', null, null],
  [5, 'scooter', 'Yadea', 'G5', null, null],
  [10, 'car', 'VinFast', 'VF 5', null, 37.23],
  [20, 'car', 'VinFast', 'VF 8', null, 87.7],
  [21, 'car', 'VinFast', 'VF 8', 'Eco', 82],
  [22, 'car', 'VinFast', 'VF 8', 'Plus', 87.7],
  [30, 'car', 'BYD', 'Atto 3', null, null],
];
const MODELS: VehicleModelRecord[] = MODEL_ROWS.map(([id, type, brand, model, variant, batteryKwh]) => ({
  id,
  slug: [brand, model, variant ?? ''].join('-').toLowerCase().replace(/ /g, '-'),
  brand,
  model,
  variant,
  type,
  yearFrom: 2022,
  yearTo: null,
  batteryKwh,
  batteryChemistry: null,
  active: true,
  label: [brand, model, variant].filter(Boolean).join(' '),
}));
const vf8 = { id: 20, label: 'VinFast VF 8', slug: 'vinfast-vf-8' };

beforeEach(() => {
  jest.resetAllMocks();
  api.vehicles.mockResolvedValue([vehicle(), car({ modelId: 20, vehicleModel: vf8 })]);
  api.vehicleModels.mockImplementation(async (type) => MODELS.filter((model) => model.type === type));
});
afterEach(() => sessionStore.clear());

function renderPage() {
  return renderAccountPage('/my-vehicles', <MyVehiclesPage />);
}

const card = (plate: string) => screen.getByRole('article', { name: plate });
const form = () => screen.getByRole('form');

async function choose(values: { type?: string; brand?: string; model?: string }) {
  if (values.type) await userEvent.selectOptions(within(form()).getByLabelText('Loại xe'), values.type);
  if (values.brand) {
    const brand = within(form()).getByLabelText('Hãng xe');
    await waitFor(() => expect(brand).toBeEnabled());
    await userEvent.selectOptions(brand, values.brand);
  }
  if (values.model) await userEvent.selectOptions(await within(form()).findByRole('combobox', { name: 'Mẫu xe' }), values.model);
}
const optionsOf = (label: string) => within(within(form()).getByLabelText(label)).getAllByRole('option').map((option) => option.textContent);

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

  it('adds a vehicle: reference models of the chosen type and brand, the usual battery filled in, the plate normalised as typed', async () => {
    logIn();
    api.createVehicle.mockImplementation(async (input) => vehicle({ id: 8, ...input, licensePlate: '29MĐ2-345.67', nextMaintenance: null } as never));
    renderPage();
    await screen.findByRole('article', { name: '29MĐ1-234.56' });
    await userEvent.click(screen.getByRole('button', { name: 'Thêm xe' }));
    expect(screen.getByRole('heading', { name: 'Thêm xe mới' })).toHaveFocus();
    expect(within(form()).getByLabelText('Hãng xe')).toBeDisabled();

    await choose({ type: 'scooter', brand: 'VinFast' });
    expect(api.vehicleModels).toHaveBeenCalledWith('scooter', expect.anything());
    expect(optionsOf('Hãng xe')).toEqual(['Chọn hãng xe', 'VinFast', 'Yadea']);
    expect(optionsOf('Mẫu xe')).toEqual(['Chọn mẫu xe', 'Feliz S', 'Klara S', 'Evo200', 'Motio']);
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
      modelId: 1,
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

  it('finds a model and its variant by a quick search, which fills the brand, the model and its battery', async () => {
    logIn();
    api.createVehicle.mockImplementation(async (input) => car({ id: 9, ...input, modelId: 22, vehicleModel: { id: 22, label: 'VinFast VF 8 Plus', slug: 'vinfast-vf-8-plus' } } as never));
    renderPage();
    await screen.findByRole('article', { name: '29MĐ1-234.56' });
    await userEvent.click(screen.getByRole('button', { name: 'Thêm xe' }));
    await choose({ type: 'car' });
    const search = await within(form()).findByRole('searchbox', { name: 'Tìm nhanh dòng xe' });
    await userEvent.type(search, 'vf8 plu');
    expect(within(form()).getByRole('status')).toHaveTextContent('1 dòng xe phù hợp.');
    await userEvent.click(within(within(form()).getByRole('list', { name: 'Dòng xe tìm thấy' })).getByRole('button', { name: 'VinFast VF 8 Plus' }));
    expect(within(form()).getByLabelText('Hãng xe')).toHaveValue('VinFast');
    const model = within(form()).getByLabelText('Mẫu xe');
    expect(model).toHaveDisplayValue('VF 8 Plus');
    await waitFor(() => expect(model).toHaveFocus());
    expect(model).toHaveAccessibleDescription('Không rõ phiên bản? Chọn tên dòng xe không kèm phiên bản (ví dụ: VF 8).');
    expect(optionsOf('Mẫu xe')).toEqual(['Chọn mẫu xe', 'VF 5', 'VF 8', 'VF 8 Eco', 'VF 8 Plus']);
    expect(within(form()).getByLabelText(/Dung lượng pin/)).toHaveValue('87.7');
    expect(search).toHaveValue('');

    // another model replaces the battery it filled in, not one the customer typed
    await choose({ model: 'VF 8 Eco' });
    expect(within(form()).getByLabelText(/Dung lượng pin/)).toHaveValue('82');
    await userEvent.clear(within(form()).getByLabelText(/Dung lượng pin/));
    await userEvent.type(within(form()).getByLabelText(/Dung lượng pin/), '90');
    await choose({ model: 'VF 8 Plus' });
    expect(within(form()).getByLabelText(/Dung lượng pin/)).toHaveValue('90');

    await userEvent.type(search, 'xyz');
    expect(within(form()).getByRole('status')).toHaveTextContent('Không tìm thấy dòng xe phù hợp.');
    await userEvent.clear(search);

    await userEvent.type(within(form()).getByLabelText('Biển số xe'), '30A-999.88');
    await userEvent.type(within(form()).getByLabelText('Năm sản xuất'), '2024');
    await userEvent.type(within(form()).getByLabelText('Số km đã đi'), '100');
    await userEvent.type(within(form()).getByLabelText('Số VIN (số khung)'), 'RLNV5JSM0PA654321');
    await userEvent.click(within(form()).getByRole('button', { name: 'Lưu xe' }));
    expect(api.createVehicle).toHaveBeenCalledWith(expect.objectContaining({ type: 'car', brand: 'VinFast', model: 'VF 8 Plus', modelId: 22, batteryCapacityKwh: 90 }));
    expect(await screen.findByText('Đã thêm xe 30A-999.88.')).toBeInTheDocument();
  });

  it('asks to choose the model of a vehicle that names none, opening the form on the model', async () => {
    logIn();
    api.updateVehicle.mockImplementation(async (id, input) => vehicle({ id, ...input, modelId: 2, vehicleModel: { id: 2, label: 'VinFast Klara S', slug: 'vinfast-klara-s' } } as never));
    renderPage();
    const scooter = await screen.findByRole('article', { name: '29MĐ1-234.56' });
    expect(within(card('30A-123.45')).queryByRole('button', { name: /Chọn dòng xe/ })).not.toBeInTheDocument();
    expect(within(scooter).getByText('Chưa chọn dòng xe: chọn để biết phụ tùng nào vừa xe của bạn.')).toBeInTheDocument();
    await userEvent.click(within(scooter).getByRole('button', { name: 'Chọn dòng xe cho xe 29MĐ1-234.56' }));

    const model = within(form()).getByLabelText('Mẫu xe');
    await waitFor(() => expect(model).toHaveFocus());
    expect(model).toHaveValue('');
    expect(within(form()).getByLabelText('Hãng xe')).toHaveValue('VinFast');
    expect(model).toHaveAccessibleDescription('Xe đang lưu là VinFast Klara S. Chọn dòng xe để cửa hàng biết phụ tùng nào vừa xe của bạn.');
    await userEvent.selectOptions(model, 'Klara S');
    await userEvent.click(within(form()).getByRole('button', { name: 'Lưu xe' }));
    expect(api.updateVehicle).toHaveBeenCalledWith(3, expect.objectContaining({ brand: 'VinFast', model: 'Klara S', modelId: 2 }));
    expect(await screen.findByText('Đã cập nhật xe 29MĐ1-234.56.')).toBeInTheDocument();
    expect(within(card('29MĐ1-234.56')).queryByRole('button', { name: /Chọn dòng xe/ })).not.toBeInTheDocument();
  });

  it("keeps a vehicle's own model when editing it, and shows the server's refusal of a model on the model", async () => {
    logIn();
    api.updateVehicle.mockRejectedValue(
      new ApiError('Dòng xe này đã ngừng hoạt động, vui lòng chọn dòng xe khác.', 422, 'VALIDATION_ERROR', [{ field: 'modelId', message: 'Dòng xe này đã ngừng hoạt động, vui lòng chọn dòng xe khác.' }]),
    );
    renderPage();
    await screen.findByRole('article', { name: '30A-123.45' });
    await userEvent.click(within(card('30A-123.45')).getByRole('button', { name: 'Sửa xe 30A-123.45' }));
    const model = within(form()).getByLabelText('Mẫu xe');
    await waitFor(() => expect(model).toBeEnabled());
    expect(model).toHaveDisplayValue('VF 8');
    await userEvent.click(within(form()).getByRole('button', { name: 'Lưu xe' }));
    expect(api.updateVehicle).toHaveBeenCalledWith(4, expect.objectContaining({ model: 'VF 8', modelId: 20 }));
    await waitFor(() => expect(model).toHaveAccessibleDescription(expect.stringContaining('Dòng xe này đã ngừng hoạt động, vui lòng chọn dòng xe khác.')));
    expect(model).toHaveFocus();
  });

  it('saves a vehicle linked to no model whose typed names match a reference model, and asks for a model when they match none', async () => {
    logIn();
    api.vehicles.mockResolvedValue([vehicle(), vehicle({ id: 5, model: 'Quantum S', licensePlate: '29MĐ1-555.55' })]);
    api.updateVehicle.mockImplementation(async (id, input) => vehicle({ id, ...input } as never));
    renderPage();
    await screen.findByRole('article', { name: '29MĐ1-555.55' });

    // 'Quantum S' is no model of the reference table: the customer must choose one, nothing is sent
    await userEvent.click(within(card('29MĐ1-555.55')).getByRole('button', { name: 'Sửa xe 29MĐ1-555.55' }));
    await waitFor(() => expect(within(form()).getByLabelText('Hãng xe')).toBeEnabled());
    await userEvent.click(within(form()).getByRole('button', { name: 'Lưu xe' }));
    const model = within(form()).getByLabelText('Mẫu xe');
    expect(model).toHaveAccessibleDescription(expect.stringContaining('Vui lòng chọn mẫu xe.'));
    expect(model).toHaveFocus();
    expect(api.updateVehicle).not.toHaveBeenCalled();
    await userEvent.click(within(form()).getByRole('button', { name: 'Hủy' }));

    // 'Klara S' is: saved as typed, the API links it
    await userEvent.click(within(card('29MĐ1-234.56')).getByRole('button', { name: 'Sửa xe 29MĐ1-234.56' }));
    await waitFor(() => expect(within(form()).getByLabelText('Hãng xe')).toBeEnabled());
    await userEvent.click(within(form()).getByRole('button', { name: 'Lưu xe' }));
    expect(api.updateVehicle).toHaveBeenCalledWith(3, expect.objectContaining({ brand: 'VinFast', model: 'Klara S' }));
    expect(api.updateVehicle.mock.calls[0]![1]).not.toHaveProperty('modelId');
  });

  it('offers a retry when the models cannot be loaded', async () => {
    logIn();
    api.vehicleModels.mockRejectedValueOnce(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 503, 'HTTP_503'));
    renderPage();
    await screen.findByRole('article', { name: '29MĐ1-234.56' });
    await userEvent.click(screen.getByRole('button', { name: 'Thêm xe' }));
    await choose({ type: 'scooter' });
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.');
    expect(within(form()).getByLabelText('Hãng xe')).toBeDisabled();
    await userEvent.click(within(form()).getByRole('button', { name: 'Thử lại' }));
    await waitFor(() => expect(within(form()).getByLabelText('Hãng xe')).toBeEnabled());
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
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
  const scooters = MODELS.filter((model) => model.type === 'scooter');
  const scooter: VehicleValues = { ...EMPTY_VEHICLE, type: 'scooter', brand: 'VinFast', model: 'Klara S', year: '2023', licensePlate: '29-md1 234.56', odometerKm: '8200' };

  it('accepts a scooter without a VIN, and normalises what it sends', () => {
    expect(validateVehicle(scooter, null, scooters, now)).toEqual({});
    expect(vehicleInput({ ...scooter, vin: ' ', batteryCapacityKwh: '3,5' }, null)).toMatchObject({ licensePlate: '29MĐ1-234.56', vin: null, batteryCapacityKwh: 3.5, odometerKm: 8200 });
  });

  it('refuses a model of another brand, next-next year, and a battery over 300 kWh', () => {
    expect(validateVehicle({ ...scooter, brand: 'Yadea', year: '2028', batteryCapacityKwh: '301' }, null, scooters, now)).toEqual({
      model: 'Vui lòng chọn mẫu xe.',
      year: 'Năm sản xuất từ 2010 đến 2027.',
      batteryCapacityKwh: 'Dung lượng pin phải là số lớn hơn 0 và không quá 300 kWh.',
    });
  });

  it('takes a chosen reference model as it is named, and otherwise typed names that match a reference model as the API does', () => {
    const evo = { ...scooter, model: 'Evo200' };
    expect(validateVehicle({ ...evo, modelId: '3' }, null, scooters, now)).toEqual({});
    expect(vehicleInput({ ...evo, modelId: '3' }, null)).toMatchObject({ model: 'Evo200', modelId: 3 });
    expect(vehicleInput(scooter, null)).not.toHaveProperty('modelId');
    // not linked to a model: the typed names are matched to the type's reference models (spaces and case aside)
    expect(validateVehicle({ ...scooter, model: 'Evo 200' }, null, scooters, now)).toEqual({});
    expect(validateVehicle({ ...scooter, model: 'Evo 300' }, null, scooters, now)).toEqual({ model: 'Vui lòng chọn mẫu xe.' });
    // the models not loaded (yet): nothing to match, a model must be chosen
    expect(validateVehicle(scooter, null, [], now)).toEqual({ model: 'Vui lòng chọn mẫu xe.' });
  });

  it('needs a note only when the odometer goes below the saved value', () => {
    expect(validateVehicle({ ...scooter, odometerKm: '8199' }, 8200, scooters, now)).toEqual({ odometerNote: 'Vui lòng ghi chú lý do sửa số km nhỏ hơn.' });
    expect(validateVehicle({ ...scooter, odometerKm: '8200' }, 8200, scooters, now)).toEqual({});
    expect(vehicleInput({ ...scooter, odometerKm: '9000', odometerNote: 'không cần' }, 8200)).not.toHaveProperty('odometerNote');
  });
});
