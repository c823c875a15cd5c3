import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { PartsDemand, PartsDemandItem } from 'shared-contracts/schemas';
import { inventoryApi } from '../../src/inventory/inventoryApi';
import { ManagerDashboardPage } from '../../src/pages/manager/ManagerDashboardPage';
import { partsDemandApi } from '../../src/partsDemand/partsDemandApi';
import { CENTRES } from '../inventoryFixtures';
import { signIn, signOut } from '../partsRequestFixtures';
import { renderAt } from '../staffFixtures';

jest.mock('../../src/partsDemand/partsDemandApi', () => ({ ...jest.requireActual('../../src/partsDemand/partsDemandApi'), partsDemandApi: { read: jest.fn() } }));
jest.mock('../../src/inventory/inventoryApi', () => ({
  inventoryApi: {
    centres: jest.fn(),
    page: jest.fn(),
    summary: jest.fn(),
    lowStock: jest.fn(),
    movements: jest.fn(),
    receive: jest.fn(),
    adjust: jest.fn(),
    setMinStock: jest.fn(),
    productOptions: jest.fn(),
  },
}));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const read = jest.mocked(partsDemandApi.read);
const inventory = jest.mocked(inventoryApi);

const item = (overrides: Partial<PartsDemandItem> = {}): PartsDemandItem => ({
  productId: 9,
  sku: 'BRK-PAD-SC',
  name: 'Má phanh xe máy điện',
  expectedDemand: 12.4,
  components: [{ code: 'BRAKE_PADS', label: 'Má phanh' }],
  appointmentCount: 1234,
  onHand: 5,
  available: 4,
  minStock: 3,
  suggestedReceive: 12,
  ...overrides,
});

const demand = (overrides: Partial<PartsDemand> = {}): PartsDemand => ({
  centreId: 1,
  days: 14,
  from: '2026-11-18T17:00:00.000Z',
  to: '2026-12-03T01:00:00.000Z',
  model: { id: 7, trainedAt: '2026-11-18T19:30:00.000Z' },
  appointments: 42,
  vehicles: 40,
  expectedFailures: 18.3,
  items: [
    item(),
    item({ productId: 14, sku: 'LGT-LED-HEAD', name: 'Đèn pha LED', expectedDemand: 0.4, components: [{ code: 'LIGHTS', label: 'Đèn' }, { code: 'WIRING', label: 'Bó dây' }], appointmentCount: 2, onHand: 9, available: 9, minStock: 2, suggestedReceive: 0 }),
  ],
  notes: [],
  ...overrides,
});

beforeEach(() => {
  jest.resetAllMocks();
  inventory.centres.mockResolvedValue(CENTRES);
  inventory.productOptions.mockResolvedValue([]);
  signIn('manager');
});
afterEach(signOut);

function renderView() {
  return renderAt(
    <Routes>
      <Route path="/manager" element={<ManagerDashboardPage />} />
    </Routes>,
    '/manager?view=parts-demand',
  );
}

const panel = () => screen.getByRole('region', { name: 'Nhu cầu phụ tùng' });

describe('the manager’s parts demand (/manager?view=parts-demand)', () => {
  it('is a tab of the manager’s page, with a table of the figures in vi-VN', async () => {
    read.mockResolvedValue(demand());
    renderView();
    expect(screen.getByRole('link', { name: 'Nhu cầu phụ tùng' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Nhu cầu phụ tùng 14 ngày tới tại EV Service Hà Nội' });
    expect(read).toHaveBeenCalledWith(14, undefined, expect.any(AbortSignal));
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Sản phẩm',
      'Nhu cầu dự kiến',
      'Từ hạng mục',
      'Lịch hẹn',
      'Khả dụng',
      'Tối thiểu',
      'Đề xuất nhập',
      'Thao tác',
    ]);
    const pads = within(table).getByRole('row', { name: /Má phanh xe máy điện/ });
    expect(within(pads).getByRole('rowheader')).toHaveTextContent('Má phanh xe máy điệnBRK-PAD-SC');
    expect(within(pads).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['12,4', 'Má phanh', '1.234', '4', '3', '12', 'Nhập kho']);
    const light = within(table).getByRole('row', { name: /Đèn pha LED/ });
    expect(within(light).getAllByRole('cell').slice(0, 6).map((cell) => cell.textContent)).toEqual(['0,4', 'Đèn, Bó dây', '2', '9', '2', '0']);
    expect(panel()).toHaveTextContent('42 lịch hẹn · 40 xe · khoảng 18,3 hạng mục dự kiến hỏng');
    expect(panel()).toHaveTextContent('Theo mô hình dự đoán #7, huấn luyện ngày 19/11/2026.');
    expect(within(panel()).getByRole('radio', { name: '14 ngày tới' })).toBeChecked();
  });

  it('reads the 30 days when switched, and back', async () => {
    read.mockImplementation(async (days) => demand({ days, items: [item({ expectedDemand: days === 30 ? 25.6 : 12.4 })] }));
    renderView();
    await screen.findByRole('table', { name: /14 ngày tới/ });
    await userEvent.click(screen.getByRole('radio', { name: '30 ngày tới' }));
    await waitFor(() => expect(read).toHaveBeenLastCalledWith(30, undefined, expect.any(AbortSignal)));
    const table = await screen.findByRole('table', { name: 'Nhu cầu phụ tùng 30 ngày tới tại EV Service Hà Nội' });
    expect(within(table).getByRole('row', { name: /Má phanh/ })).toHaveTextContent('25,6');
    await userEvent.click(screen.getByRole('radio', { name: '14 ngày tới' }));
    await screen.findByRole('table', { name: /14 ngày tới/ });
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('opens the inventory’s receive dialog with the product and the suggested quantity, and reloads after the receive', async () => {
    read.mockResolvedValue(demand());
    inventory.receive.mockResolvedValue({ data: { centreId: 1, items: [] }, message: 'Đã nhập kho từ kho online.' });
    renderView();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Nhập kho Má phanh xe máy điện, đề xuất 12' }));
    const dialog = screen.getByRole('dialog', { name: 'Nhập kho từ kho online' });
    expect(dialog).toHaveTextContent('Má phanh xe máy điện (BRK-PAD-SC)');
    expect(within(dialog).getByLabelText('Số lượng (dòng 1)')).toHaveValue('12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Nhập kho' }));
    await waitFor(() => expect(inventory.receive).toHaveBeenCalledWith({ centreId: undefined, lines: [{ productId: 9, quantity: 12 }], note: null }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Đã nhập kho từ kho online.');
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  });

  it('leaves the quantity to the manager when nothing is suggested', async () => {
    read.mockResolvedValue(demand());
    renderView();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Nhập kho Đèn pha LED' }));
    const dialog = screen.getByRole('dialog', { name: 'Nhập kho từ kho online' });
    expect(dialog).toHaveTextContent('Đèn pha LED (LGT-LED-HEAD)');
    expect(within(dialog).getByLabelText('Số lượng (dòng 1)')).toHaveValue('');
  });

  it('shows the API’s notes: no model yet, zero demand', async () => {
    read.mockResolvedValue(
      demand({
        model: null,
        expectedFailures: 0,
        items: [],
        notes: [{ code: 'NO_MODEL', message: 'Chưa có mô hình dự đoán hư hỏng nào được huấn luyện, nên chưa tính được nhu cầu phụ tùng.' }],
      }),
    );
    renderView();
    expect(await screen.findByText('Chưa có mô hình dự đoán hư hỏng nào được huấn luyện, nên chưa tính được nhu cầu phụ tùng.')).toBeInTheDocument();
    expect(panel()).toHaveTextContent('Chưa có phụ tùng nào dự kiến cần trong khoảng này.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says why it failed and retries', async () => {
    read.mockRejectedValueOnce(new ApiError('Số ngày dự báo chỉ có thể là 14 hoặc 30.', 400, 'VALIDATION_ERROR')).mockResolvedValue(demand());
    renderView();
    expect(await screen.findByRole('alert')).toHaveTextContent('Số ngày dự báo chỉ có thể là 14 hoặc 30.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    await screen.findByRole('table');
  });

  it('lets an admin choose the centre, and receive into it', async () => {
    signIn('admin');
    read.mockImplementation(async (days, centreId) => demand({ days, centreId: centreId ?? 1 }));
    inventory.receive.mockResolvedValue({ data: null, message: 'Đã nhập kho từ kho online.' });
    renderView();
    await screen.findByRole('table', { name: /tại EV Service Hà Nội/ });
    expect(read).toHaveBeenLastCalledWith(14, 1, expect.any(AbortSignal));
    await userEvent.selectOptions(screen.getByLabelText('Trung tâm'), '2');
    await screen.findByRole('table', { name: 'Nhu cầu phụ tùng 14 ngày tới tại EV Service Đà Nẵng' });
    expect(read).toHaveBeenLastCalledWith(14, 2, expect.any(AbortSignal));
    await userEvent.click(screen.getByRole('button', { name: 'Nhập kho Má phanh xe máy điện, đề xuất 12' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Nhập kho' }));
    await waitFor(() => expect(inventory.receive).toHaveBeenCalledWith(expect.objectContaining({ centreId: 2, lines: [{ productId: 9, quantity: 12 }] })));
  });
});
