import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { VehicleModelAdmin } from 'shared-contracts/schemas';
import { VehicleModelsPage } from '../../src/vehicleModels';
import { vehicleModelsApi } from '../../src/vehicleModels/vehicleModelsApi';
import { modelInput, validateModel, EMPTY_MODEL } from '../../src/vehicleModels/vehicleModelForm';
import { signIn, signOut } from '../partsRequestFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/vehicleModels/vehicleModelsApi', () => ({
  vehicleModelsApi: { list: jest.fn(), create: jest.fn(), save: jest.fn(), remove: jest.fn() },
}));

const api = jest.mocked(vehicleModelsApi);

const model = (overrides: Partial<VehicleModelAdmin>): VehicleModelAdmin => ({
  id: 1,
  slug: 'vinfast-feliz-s',
  brand: 'VinFast',
  model: 'Feliz S',
  variant: null,
  type: 'scooter',
  yearFrom: 2022,
  yearTo: null,
  batteryKwh: 3.5,
  batteryChemistry: 'LFP',
  batterySohDegradedPct: null,
  batterySohReplacePct: null,
  batterySpreadWarnMv: null,
  active: true,
  label: 'VinFast Feliz S',
  vehicleCount: 12,
  ...overrides,
});

const feliz = model({});
const vf8Plus = model({ id: 22, slug: 'vinfast-vf-8-plus', model: 'VF 8', variant: 'Plus', type: 'car', batteryKwh: 87.7, batteryChemistry: null, label: 'VinFast VF 8 Plus', vehicleCount: 0 });
const ludo = model({ id: 8, slug: 'vinfast-ludo', model: 'Ludo', yearFrom: 2019, yearTo: 2021, batteryKwh: null, batteryChemistry: null, active: false, label: 'VinFast Ludo', vehicleCount: 3 });

beforeEach(() => {
  jest.resetAllMocks();
  api.list.mockResolvedValue([feliz, ludo, vf8Plus]);
  signIn('admin');
});
afterEach(signOut);

function renderPage() {
  return renderAt(
    <Routes>
      <Route path="/admin/vehicle-models" element={<VehicleModelsPage />} />
    </Routes>,
    '/admin/vehicle-models',
  );
}

const rowOf = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) });
const cellsOf = (label: string) => within(rowOf(label)).getAllByRole('cell').map((cell) => cell.textContent);

describe('/admin/vehicle-models', () => {
  it('lists every model with its type, years, battery, the customers\' vehicles naming it and its status', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dòng xe' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /^VinFast Feliz S/ })).toBeInTheDocument();
    expect(api.list).toHaveBeenCalledWith({ q: '', type: '' }, expect.anything());
    expect(within(rowOf('VinFast Feliz S')).getByRole('rowheader')).toHaveTextContent('VinFast Feliz SMọi phiên bản');
    expect(cellsOf('VinFast Feliz S').slice(0, 5)).toEqual(['Xe máy điện / xe tay ga điện', '2022 – nay', '3,5 kWh · LFP', '12', 'Đang hoạt động']);
    expect(cellsOf('VinFast Ludo').slice(0, 5)).toEqual(['Xe máy điện / xe tay ga điện', '2019 – 2021', 'Chưa rõ', '3', 'Ngừng hoạt động']);
    expect(cellsOf('VinFast VF 8 Plus').slice(0, 5)).toEqual(['Ô tô điện', '2022 – nay', '87,7 kWh', '0', 'Đang hoạt động']);
    expect(within(rowOf('VinFast VF 8 Plus')).getByRole('rowheader')).toHaveTextContent(/^VinFast VF 8 Plus$/);
    expect(within(rowOf('VinFast Ludo')).getByRole('button', { name: 'Cho dòng xe VinFast Ludo hoạt động lại' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bảng dòng xe' })).toBeInTheDocument();
  });

  it('searches and filters by type through the API', async () => {
    renderPage();
    await screen.findByRole('row', { name: /^VinFast Feliz S/ });
    api.list.mockResolvedValue([vf8Plus]);
    await userEvent.selectOptions(screen.getByLabelText('Loại xe'), 'car');
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ q: '', type: 'car' }, expect.anything()));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm dòng xe' }), 'vf 8 plus');
    await userEvent.click(screen.getByRole('button', { name: 'Tìm' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ q: 'vf 8 plus', type: 'car' }, expect.anything()));
    await waitFor(() => expect(screen.queryByRole('row', { name: /^VinFast Feliz S/ })).not.toBeInTheDocument());
    expect(screen.getByText('1 dòng xe')).toBeInTheDocument();

    api.list.mockResolvedValue([]);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Tìm dòng xe' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Tìm dòng xe' }), 'không có');
    await userEvent.click(screen.getByRole('button', { name: 'Tìm' }));
    expect(await screen.findByText('Không có dòng xe nào khớp với điều kiện tìm.')).toBeInTheDocument();
  });

  it('adds a model, checking the fields first, and announces it', async () => {
    api.create.mockResolvedValue({ data: { ...vf8Plus, id: 23, variant: 'Eco', label: 'VinFast VF 8 Eco' }, message: 'Đã thêm dòng xe.' });
    renderPage();
    await screen.findByRole('row', { name: /^VinFast Feliz S/ });
    await userEvent.click(screen.getByRole('button', { name: 'Thêm dòng xe' }));
    const dialog = screen.getByRole('dialog', { name: 'Thêm dòng xe' });
    await userEvent.type(within(dialog).getByLabelText('Năm bắt đầu (không bắt buộc)'), '1985');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm dòng xe' }));
    expect(within(dialog).getByLabelText('Hãng xe')).toHaveFocus();
    expect(within(dialog).getByLabelText('Hãng xe')).toHaveAccessibleDescription('Vui lòng nhập hãng xe.');
    expect(within(dialog).getByLabelText('Loại xe')).toHaveAccessibleDescription('Vui lòng chọn loại xe.');
    expect(within(dialog).getByLabelText('Năm bắt đầu (không bắt buộc)')).toHaveAccessibleDescription('Năm không hợp lệ (từ 1990, bốn chữ số).');
    expect(api.create).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Hãng xe'), 'VinFast');
    await userEvent.type(within(dialog).getByLabelText('Dòng xe'), 'VF 8');
    await userEvent.type(within(dialog).getByLabelText('Phiên bản (không bắt buộc)'), 'Eco');
    expect(within(dialog).getByText('Tên hiển thị: VinFast VF 8 Eco')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại xe'), 'car');
    await userEvent.clear(within(dialog).getByLabelText('Năm bắt đầu (không bắt buộc)'));
    await userEvent.type(within(dialog).getByLabelText('Năm bắt đầu (không bắt buộc)'), '2022');
    await userEvent.type(within(dialog).getByLabelText('Dung lượng pin, kWh (không bắt buộc)'), '82,5');
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại pin (không bắt buộc)'), 'LFP');
    api.list.mockResolvedValue([feliz, ludo, vf8Plus, { ...vf8Plus, id: 23, variant: 'Eco', label: 'VinFast VF 8 Eco' }]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm dòng xe' }));

    expect(api.create).toHaveBeenCalledWith({
      brand: 'VinFast',
      model: 'VF 8',
      variant: 'Eco',
      type: 'car',
      yearFrom: 2022,
      yearTo: null,
      batteryKwh: 82.5,
      batteryChemistry: 'LFP',
      batterySohDegradedPct: null,
      batterySohReplacePct: null,
      batterySpreadWarnMv: null,
    });
    expect(await screen.findByText('Đã thêm dòng xe VinFast VF 8 Eco.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /^VinFast VF 8 Eco/ })).toBeInTheDocument();
  });

  it('explains a 409 (the same brand, model and variant exists), keeping what was typed and reading the list again', async () => {
    api.save.mockRejectedValue(new ApiError('Dòng xe này (cùng hãng, dòng và phiên bản) đã có.', 409, 'CONFLICT'));
    renderPage();
    await screen.findByRole('row', { name: /^VinFast VF 8 Plus/ });
    await userEvent.click(screen.getByRole('button', { name: 'Sửa dòng xe VinFast VF 8 Plus' }));
    const dialog = screen.getByRole('dialog', { name: 'Sửa dòng xe VinFast VF 8 Plus' });
    expect(within(dialog).getByLabelText('Dung lượng pin, kWh (không bắt buộc)')).toHaveValue('87,7');
    const variant = within(dialog).getByLabelText('Phiên bản (không bắt buộc)');
    expect(variant).toHaveValue('Plus');
    await userEvent.clear(variant);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu dòng xe' }));

    expect(api.save).toHaveBeenCalledWith(22, expect.objectContaining({ brand: 'VinFast', model: 'VF 8', variant: null, type: 'car', batteryKwh: 87.7 }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Dòng xe này (cùng hãng, dòng và phiên bản) đã có. Hãy tìm dòng xe đó trong danh sách để sửa, hoặc nhập phiên bản khác.',
    );
    expect(variant).toHaveValue('');
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });

  it('sets a model’s own battery thresholds under "Ngưỡng pin", each showing its chemistry’s default while empty', async () => {
    const own = model({ id: 31, slug: 'vinfast-evo200', model: 'Evo200', batteryChemistry: 'LFP', batterySohDegradedPct: 85, batterySohReplacePct: null, batterySpreadWarnMv: 40, label: 'VinFast Evo200', vehicleCount: 4 });
    api.list.mockResolvedValue([feliz, own]);
    api.save.mockResolvedValue({ data: { ...own, batterySohReplacePct: 72 }, message: 'Đã lưu dòng xe.' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Sửa dòng xe VinFast Evo200' }));
    const dialog = screen.getByRole('dialog', { name: 'Sửa dòng xe VinFast Evo200' });
    const group = within(dialog).getByRole('group', { name: 'Ngưỡng pin' });
    expect(group).toHaveAccessibleDescription(/Để trống để dùng mặc định của loại pin/);
    const degraded = within(group).getByLabelText('"Pin suy giảm" khi SOH dưới (%)');
    const replace = within(group).getByLabelText('"Nên thay pin sớm" khi SOH dưới (%)');
    const spread = within(group).getByLabelText('"Lệch áp cell cao" khi chênh lệch trên (mV)');
    expect(degraded).toHaveValue('85');
    expect(replace).toHaveValue('');
    expect(replace).toHaveAttribute('placeholder', 'Mặc định: 70 %');
    expect(spread).toHaveValue('40');
    expect(degraded).toHaveAttribute('placeholder', 'Mặc định: 80 %');
    expect(spread).toHaveAttribute('placeholder', 'Mặc định: 50 mV');

    // the placeholders follow the chosen chemistry
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại pin (không bắt buộc)'), 'LEAD_ACID');
    expect(replace).toHaveAttribute('placeholder', 'Mặc định: 60 %');
    expect(spread).toHaveAttribute('placeholder', 'Mặc định: 200 mV');
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại pin (không bắt buộc)'), 'LFP');

    // checked before sending: "thay pin" must stay below "suy giảm"
    await userEvent.type(replace, '90');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu dòng xe' }));
    expect(replace).toHaveFocus();
    expect(replace).toHaveAccessibleDescription('Ngưỡng "Nên thay pin sớm" phải thấp hơn ngưỡng "Pin suy giảm" (85 %).');
    expect(api.save).not.toHaveBeenCalled();

    await userEvent.clear(replace);
    await userEvent.type(replace, '72');
    await userEvent.clear(spread);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu dòng xe' }));
    expect(api.save).toHaveBeenCalledWith(31, expect.objectContaining({ batteryChemistry: 'LFP', batterySohDegradedPct: 85, batterySohReplacePct: 72, batterySpreadWarnMv: null }));
    expect(await screen.findByText('Đã lưu dòng xe VinFast Evo200.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a threshold on its field', async () => {
    api.create.mockRejectedValue(
      new ApiError('Dữ liệu không hợp lệ.', 400, 'VALIDATION_ERROR', [{ field: 'batterySohDegradedPct', message: 'Ngưỡng "Pin suy giảm" phải cao hơn ngưỡng "Nên thay pin sớm" (75 %).' }]),
    );
    renderPage();
    await screen.findByRole('row', { name: /^VinFast Feliz S/ });
    await userEvent.click(screen.getByRole('button', { name: 'Thêm dòng xe' }));
    const dialog = screen.getByRole('dialog', { name: 'Thêm dòng xe' });
    await userEvent.type(within(dialog).getByLabelText('Hãng xe'), 'VinFast');
    await userEvent.type(within(dialog).getByLabelText('Dòng xe'), 'Evo Neo');
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại xe'), 'scooter');
    await userEvent.type(within(dialog).getByLabelText('"Pin suy giảm" khi SOH dưới (%)'), '78');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thêm dòng xe' }));
    expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ model: 'Evo Neo', batterySohDegradedPct: 78, batterySohReplacePct: null }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Dữ liệu không hợp lệ.');
    expect(within(dialog).getByLabelText('"Pin suy giảm" khi SOH dưới (%)')).toHaveAccessibleDescription('Ngưỡng "Pin suy giảm" phải cao hơn ngưỡng "Nên thay pin sớm" (75 %).');
  });

  it('deactivates and reactivates a model after a confirmation, sending the whole model with its new status', async () => {
    api.save.mockResolvedValue({ data: { ...feliz, active: false }, message: 'Đã lưu dòng xe.' });
    renderPage();
    await screen.findByRole('row', { name: /^VinFast Feliz S/ });
    await userEvent.click(screen.getByRole('button', { name: 'Ngừng hoạt động dòng xe VinFast Feliz S' }));
    const confirm = screen.getByRole('dialog', { name: 'Ngừng hoạt động dòng xe VinFast Feliz S?' });
    expect(confirm).toHaveTextContent('12 xe của khách đang ghi dòng xe này vẫn giữ nguyên.');
    api.list.mockResolvedValue([{ ...feliz, active: false }, ludo, vf8Plus]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Ngừng hoạt động' }));
    expect(api.save).toHaveBeenCalledWith(1, {
      brand: 'VinFast',
      model: 'Feliz S',
      variant: null,
      type: 'scooter',
      yearFrom: 2022,
      yearTo: null,
      batteryKwh: 3.5,
      batteryChemistry: 'LFP',
      batterySohDegradedPct: null,
      batterySohReplacePct: null,
      batterySpreadWarnMv: null,
      active: false,
    });
    expect(await screen.findByText('Đã ngừng hoạt động dòng xe VinFast Feliz S.')).toBeInTheDocument();
    await waitFor(() => expect(cellsOf('VinFast Feliz S')[4]).toBe('Ngừng hoạt động'));

    api.save.mockResolvedValue({ data: { ...ludo, active: true }, message: 'Đã lưu dòng xe.' });
    await userEvent.click(screen.getByRole('button', { name: 'Cho dòng xe VinFast Ludo hoạt động lại' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Cho dòng xe VinFast Ludo hoạt động lại?' })).getByRole('button', { name: 'Hoạt động lại' }));
    expect(api.save).toHaveBeenLastCalledWith(8, expect.objectContaining({ model: 'Ludo', yearFrom: 2019, yearTo: 2021, active: true }));
    expect(await screen.findByText('Dòng xe VinFast Ludo đã hoạt động lại.')).toBeInTheDocument();
  });

  it('deletes a model nothing uses, and says so when the API deactivated one in use instead', async () => {
    api.remove.mockResolvedValueOnce({ data: { deleted: true, model: vf8Plus }, message: 'Đã xóa dòng xe.' });
    renderPage();
    await screen.findByRole('row', { name: /^VinFast VF 8 Plus/ });
    await userEvent.click(screen.getByRole('button', { name: 'Xóa dòng xe VinFast VF 8 Plus' }));
    const confirm = screen.getByRole('dialog', { name: 'Xóa dòng xe VinFast VF 8 Plus?' });
    expect(within(confirm).getByRole('button', { name: 'Xóa dòng xe' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xóa dòng xe' }));
    expect(api.remove).toHaveBeenCalledWith(22);
    expect(await screen.findByText('Đã xóa dòng xe VinFast VF 8 Plus.')).toBeInTheDocument();

    api.remove.mockResolvedValueOnce({ data: { deleted: false, model: { ...feliz, active: false } }, message: 'Dòng xe đang được xe của khách hoặc phụ tùng dùng: đã ngừng hoạt động thay vì xóa.' });
    await userEvent.click(screen.getByRole('button', { name: 'Xóa dòng xe VinFast Feliz S' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Xóa dòng xe VinFast Feliz S?' })).getByRole('button', { name: 'Xóa dòng xe' }));
    expect(await screen.findByText('Dòng xe VinFast Feliz S đang được dùng nên đã ngừng hoạt động thay vì xóa.')).toBeInTheDocument();
  });

  it("shows the server's refusal, and a failed list with a retry", async () => {
    api.list.mockRejectedValueOnce(new ApiError('Bạn không có quyền truy cập.', 403, 'FORBIDDEN'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Bạn không có quyền truy cập.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('row', { name: /^VinFast Feliz S/ })).toBeInTheDocument();

    api.save.mockRejectedValue(new ApiError('Không tìm thấy dòng xe.', 404, 'NOT_FOUND'));
    await userEvent.click(screen.getByRole('button', { name: 'Ngừng hoạt động dòng xe VinFast Feliz S' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ngừng hoạt động' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Không tìm thấy dòng xe.');
  });
});

describe('the model form rules', () => {
  const now = new Date('2026-11-29T03:00:00.000Z');
  it('needs brand, model and type; years from 1990 to two years ahead, in order; a battery up to 300 kWh', () => {
    expect(validateModel(EMPTY_MODEL, now)).toEqual({ brand: 'Vui lòng nhập hãng xe.', model: 'Vui lòng nhập dòng xe.', type: 'Vui lòng chọn loại xe.' });
    const vf = { ...EMPTY_MODEL, brand: 'VinFast', model: 'VF 3', type: 'car' as const };
    expect(validateModel({ ...vf, yearFrom: '2024', yearTo: '2023', batteryKwh: '301' }, now)).toEqual({
      yearTo: 'Năm kết thúc phải từ năm bắt đầu trở đi.',
      batteryKwh: 'Dung lượng pin phải là số lớn hơn 0 và không quá 300 kWh.',
    });
    expect(validateModel({ ...vf, yearFrom: '2029' }, now)).toEqual({ yearFrom: 'Năm không hợp lệ (từ 1990, bốn chữ số).' });
    expect(validateModel({ ...vf, yearFrom: '2028', batteryKwh: '18,64' }, now)).toEqual({});
    expect(modelInput({ ...vf, variant: '  ', batteryKwh: '18,64' })).toEqual({
      brand: 'VinFast',
      model: 'VF 3',
      variant: null,
      type: 'car',
      yearFrom: null,
      yearTo: null,
      batteryKwh: 18.64,
      batteryChemistry: null,
      batterySohDegradedPct: null,
      batterySohReplacePct: null,
      batterySpreadWarnMv: null,
    });
  });

  it('takes battery thresholds as whole numbers (SOH 1–100 %, spread 1–2000 mV), "thay pin" below "suy giảm", empty for the default', () => {
    const vf = { ...EMPTY_MODEL, brand: 'VinFast', model: 'VF 3', type: 'car' as const, batteryChemistry: 'LFP' };
    expect(validateModel({ ...vf, batterySohDegradedPct: '0', batterySohReplacePct: '7,5', batterySpreadWarnMv: '2001' }, now)).toEqual({
      batterySohDegradedPct: 'Ngưỡng "Pin suy giảm" phải là số nguyên từ 1 đến 100 (%).',
      batterySohReplacePct: 'Ngưỡng "Nên thay pin sớm" phải là số nguyên từ 1 đến 100 (%).',
      batterySpreadWarnMv: 'Ngưỡng lệch áp cell phải là số nguyên từ 1 đến 2000 mV.',
    });
    expect(validateModel({ ...vf, batterySohReplacePct: '80' }, now)).toEqual({ batterySohReplacePct: 'Ngưỡng "Nên thay pin sớm" phải thấp hơn ngưỡng "Pin suy giảm" (80 %).' });
    expect(validateModel({ ...vf, batteryChemistry: 'LEAD_ACID', batterySohDegradedPct: '60' }, now)).toEqual({
      batterySohDegradedPct: 'Ngưỡng "Pin suy giảm" phải cao hơn ngưỡng "Nên thay pin sớm" (60 %).',
    });
    const own = { ...vf, batterySohDegradedPct: '85', batterySohReplacePct: '75', batterySpreadWarnMv: ' 40 ' };
    expect(validateModel(own, now)).toEqual({});
    expect(modelInput(own)).toMatchObject({ batterySohDegradedPct: 85, batterySohReplacePct: 75, batterySpreadWarnMv: 40 });
  });
});
