import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Service, WalkInCustomerDetail, WalkInCustomerSummary } from 'shared-contracts/schemas';
import { CustomerSearch } from '../../src/frontDesk/CustomerSearch';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { WalkInDialog } from '../../src/frontDesk/WalkInDialog';
import { renderAt } from '../staffFixtures';
import { REFERENCE_MODELS } from './referenceModels';

// The walk-in form reads the vehicle catalogue and its labels (zod-free entry points of shared-contracts).
jest.mock('shared-contracts/vehicle', () => jest.requireActual('../../../shared-contracts/src/vehicle/index.ts'), { virtual: true });
jest.mock('shared-contracts/labels', () => jest.requireActual('../../../shared-contracts/src/labels/index.ts'), { virtual: true });
jest.mock('../../src/frontDesk/frontDeskApi', () => ({
  frontDeskApi: {
    summary: jest.fn(),
    day: jest.fn(),
    setStatus: jest.fn(),
    walkIn: jest.fn(),
    checkIn: jest.fn(),
    searchCustomers: jest.fn(),
    customer: jest.fn(),
    technicians: jest.fn(),
    services: jest.fn(),
    vehicleModels: jest.fn(),
  },
}));
jest.mock('../../src/floorEvents/floorEvents', () => ({ subscribeFloorEvents: jest.fn(() => () => undefined) }));

const api = jest.mocked(frontDeskApi);

/** Another centre's customer, found by their exact phone: name, phone and vehicles only (spec back-office §3). */
const OTHER_CENTRE: WalkInCustomerDetail = {
  access: 'walk-in',
  id: 9,
  fullName: 'Trần Minh Khôi',
  phone: '0977123456',
  plates: ['30A-555.66'],
  vehicles: [{ id: 21, licensePlate: '30A-555.66', brand: 'VinFast', model: 'VF 8', year: 2024, odometerKm: 30_000 }],
};
const FOUND: WalkInCustomerSummary = { access: 'walk-in', id: 9, fullName: 'Trần Minh Khôi', phone: '0977123456', plates: ['30A-555.66'] };

const carService: Service = {
  id: 1,
  slug: 'bao-duong-o-to',
  name: 'Bảo dưỡng ô tô',
  kind: 'maintenance',
  tier: null,
  summary: 'Bảo dưỡng ô tô',
  includes: [],
  description: '',
  vatRate: 8,
  price: 450_000,
  durationMinutes: 60,
  vehicleTypes: ['car'],
  checklist: [],
  image: null,
};

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(subscribeFloorEvents).mockImplementation(() => () => undefined);
});

it("lists another centre's customer without email and opens them with name, phone and vehicles only", async () => {
  api.searchCustomers.mockResolvedValue([FOUND]);
  api.customer.mockResolvedValue(OTHER_CENTRE);
  renderAt(
    <Routes>
      <Route path="/staff/customers" element={<CustomerSearch />} />
    </Routes>,
    '/staff/customers',
  );
  await userEvent.type(screen.getByLabelText('Tên, số điện thoại, email hoặc biển số'), '0977123456{Enter}');
  const row = (await screen.findByRole('rowheader', { name: 'Trần Minh Khôi' })).closest('tr')!;
  expect(row).toHaveTextContent('0977123456Khách của trung tâm khác30A-555.66');

  await userEvent.click(within(row).getByRole('button', { name: 'Xem hồ sơ Trần Minh Khôi' }));
  expect(await screen.findByRole('heading', { name: 'Trần Minh Khôi' })).toHaveFocus();
  // Asked with what found them: the API shows another centre's customer only for their exact phone or plate.
  expect(api.customer).toHaveBeenCalledWith(9, expect.any(AbortSignal), '0977123456');
  expect(screen.getByRole('note')).toHaveTextContent('Khách của trung tâm khác: chỉ hiện tên, số điện thoại và xe.');
  expect(screen.getByRole('region', { name: 'Xe' })).toHaveTextContent('30A-555.66VinFast VF 8202430.000 km');
  for (const name of ['Lịch hẹn', 'Phiếu dịch vụ', 'Đơn hàng', 'Lịch sử bảo dưỡng']) expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
});

it("books another centre's customer at the counter with their vehicle, the email asked for there", async () => {
  api.services.mockResolvedValue([carService]);
  api.vehicleModels.mockResolvedValue(REFERENCE_MODELS);
  api.searchCustomers.mockResolvedValue([FOUND]);
  api.customer.mockResolvedValue(OTHER_CENTRE);
  api.walkIn.mockResolvedValue({ id: 300, code: 'LH2611WALK', start: '2026-11-22T03:30:00.000Z' });
  renderAt(<WalkInDialog onClose={jest.fn()} onCreated={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Khách đến trực tiếp' });

  await userEvent.type(within(dialog).getByLabelText('Tìm khách hàng đã có tài khoản (không bắt buộc)'), '30A-555.66{Enter}');
  expect(await within(dialog).findByText(/0977123456 · Khách của trung tâm khác · 30A-555\.66/)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Chọn Trần Minh Khôi' }));
  await waitFor(() => expect(within(dialog).getByLabelText('Họ và tên')).toHaveValue('Trần Minh Khôi'));
  expect(api.customer).toHaveBeenCalledWith(9, undefined, '30A-555.66');
  expect(within(dialog).getByText('Khách hàng: Trần Minh Khôi. Khách của trung tâm khác: có thể hỏi thêm email của khách (không bắt buộc).')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Email')).toHaveValue('');
  expect(within(dialog).getByRole('radio', { name: '30A-555.66 · VinFast VF 8' })).toBeChecked();

  await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Bảo dưỡng ô tô/ }));
  await userEvent.type(within(dialog).getByLabelText('Email'), 'khoi@example.vn');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo lịch hẹn' }));
  expect(api.walkIn).toHaveBeenCalledWith({
    contact: { fullName: 'Trần Minh Khôi', phone: '0977123456', email: 'khoi@example.vn' },
    serviceIds: [1],
    note: null,
    vehicleId: 21,
  });
});
