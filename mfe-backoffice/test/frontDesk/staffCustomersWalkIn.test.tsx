import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import type { CustomerDetail, Service } from 'shared-contracts/schemas';
import { CustomerSearch } from '../../src/frontDesk/CustomerSearch';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { subscribeFloorEvents } from '../../src/floorEvents/floorEvents';
import { WalkInDialog } from '../../src/frontDesk/WalkInDialog';
import { renderAt } from '../staffFixtures';
import { REFERENCE_MODELS } from './referenceModels';

// The walk-in form reads the vehicle rules and labels (zod-free entry points of shared-contracts).
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

const CUSTOMER: CustomerDetail = {
  access: 'full',
  id: 5,
  fullName: 'Nguyễn Văn An',
  email: 'an@example.vn',
  phone: '0912345678',
  plates: ['30A-123.45'],
  vehicles: [{ id: 7, licensePlate: '30A-123.45', brand: 'VinFast', model: 'VF 8', year: 2024, odometerKm: 12_000 }],
  appointments: [{ id: 101, code: 'LH2611A7K3Q', start: '2026-11-22T02:00:00.000Z', status: 'COMPLETED', statusLabel: 'Hoàn thành', centreName: 'EV Service Hà Nội' }],
  serviceOrders: [{ id: 501, code: 'PDV2611ABCD', status: 'CLOSED', statusLabel: 'Đã thanh toán', openedAt: '2026-11-22T02:05:00.000Z', licensePlate: '30A-123.45' }],
  orders: [{ code: 'EV2611220012', createdAt: '2026-11-20T03:15:00.000Z', status: 'COMPLETED', total: 1_250_000 }],
  maintenanceRecords: [{ id: 3, servicedAt: '2026-11-22T04:00:00.000Z', licensePlate: '30A-123.45', services: ['Bảo dưỡng cơ bản'], cost: 450_000 }],
};

const service = (id: number, name: string, vehicleTypes: Service['vehicleTypes']): Service => ({
  id,
  slug: `dich-vu-${id}`,
  name,
  kind: 'maintenance',
  tier: null,
  summary: name,
  includes: [],
  description: '',
  vatRate: 8,
  price: 450_000,
  durationMinutes: 60,
  vehicleTypes,
  checklist: [],
  image: null,
});

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(subscribeFloorEvents).mockImplementation(() => () => undefined);
});

describe('the customer search', () => {
  function renderSearch(path = '/staff/customers') {
    return renderAt(
      <Routes>
        <Route path="/staff/customers" element={<CustomerSearch />} />
      </Routes>,
      path,
    );
  }

  it('asks for at least 2 characters, then lists the matches and opens a read-only record', async () => {
    api.searchCustomers.mockResolvedValue([{ access: 'full', id: 5, fullName: 'Nguyễn Văn An', email: 'an@example.vn', phone: '0912345678', plates: ['30A-123.45'] }]);
    api.customer.mockResolvedValue(CUSTOMER);
    renderSearch();
    const input = screen.getByLabelText('Tên, số điện thoại, email hoặc biển số');
    await userEvent.type(input, 'n{Enter}');
    expect(screen.getByText('Nhập ít nhất 2 ký tự để tìm.')).toBeInTheDocument();
    expect(api.searchCustomers).not.toHaveBeenCalled();

    await userEvent.type(input, 'guyen{Enter}');
    expect(api.searchCustomers).toHaveBeenCalledWith('nguyen', expect.any(AbortSignal));
    await userEvent.click(await screen.findByRole('button', { name: 'Xem hồ sơ Nguyễn Văn An' }));

    const heading = await screen.findByRole('heading', { name: 'Nguyễn Văn An' });
    expect(heading).toHaveFocus();
    expect(api.customer).toHaveBeenCalledWith(5, expect.any(AbortSignal), 'nguyen');
    expect(screen.getByRole('region', { name: 'Xe' })).toHaveTextContent('30A-123.45VinFast VF 8202412.000 km');
    expect(screen.getByRole('region', { name: 'Lịch hẹn' })).toHaveTextContent('LH2611A7K3Q09:00 22/11/2026EV Service Hà NộiHoàn thành');
    expect(within(screen.getByRole('region', { name: 'Phiếu dịch vụ' })).getByRole('link', { name: 'PDV2611ABCD' })).toHaveAttribute('href', '/staff/service-orders?order=501');
    expect(screen.getByRole('region', { name: 'Đơn hàng' })).toHaveTextContent('EV261122001220/11/2026Hoàn thành');
    expect(screen.getByRole('region', { name: 'Lịch sử bảo dưỡng' })).toHaveTextContent('Bảo dưỡng cơ bản');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument(); // read-only

    await userEvent.click(screen.getByRole('button', { name: 'Quay lại kết quả tìm kiếm' }));
    expect(await screen.findByRole('button', { name: 'Xem hồ sơ Nguyễn Văn An' })).toBeInTheDocument();
  });
});

describe('the walk-in form', () => {
  it('books an existing customer’s vehicle and offers only the services for it', async () => {
    api.services.mockResolvedValue([service(1, 'Bảo dưỡng ô tô', ['car']), service(2, 'Bảo dưỡng xe máy', ['scooter'])]);
    api.vehicleModels.mockResolvedValue(REFERENCE_MODELS);
    api.searchCustomers.mockResolvedValue([{ access: 'full', id: 5, fullName: 'Nguyễn Văn An', email: 'an@example.vn', phone: '0912345678', plates: ['30A-123.45'] }]);
    api.customer.mockResolvedValue(CUSTOMER);
    api.walkIn.mockResolvedValue({ id: 300, code: 'LH2611WALK', start: '2026-11-22T03:30:00.000Z' });
    const onCreated = jest.fn();
    renderAt(<WalkInDialog onClose={jest.fn()} onCreated={onCreated} />);
    const dialog = screen.getByRole('dialog', { name: 'Khách đến trực tiếp' });

    await userEvent.type(within(dialog).getByLabelText('Tìm khách hàng đã có tài khoản (không bắt buộc)'), '0912{Enter}');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Chọn Nguyễn Văn An' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Họ và tên')).toHaveValue('Nguyễn Văn An'));
    expect(within(dialog).getByRole('radio', { name: '30A-123.45 · VinFast VF 8' })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: /Bảo dưỡng xe máy/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Bảo dưỡng ô tô/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo lịch hẹn' }));

    expect(api.walkIn).toHaveBeenCalledWith({
      contact: { fullName: 'Nguyễn Văn An', phone: '0912345678', email: 'an@example.vn' },
      serviceIds: [1],
      note: null,
      vehicleId: 7,
    });
    expect(onCreated).toHaveBeenCalledWith({ id: 300, code: 'LH2611WALK', start: '2026-11-22T03:30:00.000Z' });
  });

  it('checks a typed vehicle, and shows the next free slots when the centre is full (409 SLOT_FULL)', async () => {
    api.services.mockResolvedValue([service(2, 'Bảo dưỡng xe máy', ['scooter'])]);
    api.vehicleModels.mockResolvedValue(REFERENCE_MODELS);
    api.walkIn.mockRejectedValue(
      new ApiError('Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác', 409, 'SLOT_FULL', [], {
        success: false,
        code: 'SLOT_FULL',
        message: 'Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác',
        nextSlots: [
          { start: '2026-11-22T07:00:00.000Z', time: '14:00' },
          { start: '2026-11-22T07:30:00.000Z', time: '14:30' },
        ],
      }),
    );
    renderAt(<WalkInDialog onClose={jest.fn()} onCreated={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Khách đến trực tiếp' });
    await userEvent.type(within(dialog).getByLabelText('Họ và tên'), 'Trần Thị Bình');
    await userEvent.type(within(dialog).getByLabelText('Số điện thoại'), '0987654321');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'binh@example.vn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo lịch hẹn' }));
    expect(within(dialog).getByText('Vui lòng chọn hãng và mẫu xe.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vui lòng chọn ít nhất một dịch vụ.')).toBeInTheDocument();
    expect(api.walkIn).not.toHaveBeenCalled();

    await waitFor(() => expect(within(dialog).getByLabelText('Hãng xe')).toBeEnabled());
    await userEvent.selectOptions(within(dialog).getByLabelText('Hãng xe'), 'VinFast');
    await userEvent.selectOptions(within(dialog).getByLabelText('Mẫu xe'), 'Klara S');
    await userEvent.type(within(dialog).getByLabelText('Biển số'), '29MĐ1-234.56');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Bảo dưỡng xe máy/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo lịch hẹn' }));

    expect(api.walkIn).toHaveBeenCalledWith(
      expect.objectContaining({ vehicle: { type: 'scooter', brand: 'VinFast', model: 'Klara S', licensePlate: '29MĐ1-234.56' }, serviceIds: [2] }),
    );
    const alert = await within(dialog).findByText('Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác');
    const box = alert.closest('div')!;
    expect(box).toHaveTextContent('Các khung giờ còn trống gần nhất:');
    expect(within(box).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['14:00', '14:30']);
  });

  it('offers the reference models ("Dòng xe") of the chosen type in the API\'s order, one an admin added included', async () => {
    api.services.mockResolvedValue([service(1, 'Bảo dưỡng ô tô', ['car']), service(2, 'Bảo dưỡng xe máy', ['scooter'])]);
    api.vehicleModels.mockResolvedValue(REFERENCE_MODELS);
    api.walkIn.mockResolvedValue({ id: 301, code: 'LH2611WALK', start: '2026-11-22T03:30:00.000Z' });
    renderAt(<WalkInDialog onClose={jest.fn()} onCreated={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Khách đến trực tiếp' });
    const optionsOf = (label: string) => within(within(dialog).getByLabelText(label)).getAllByRole('option').map((option) => option.textContent);
    await waitFor(() => expect(within(dialog).getByLabelText('Hãng xe')).toBeEnabled());
    expect(optionsOf('Hãng xe')).toEqual(['Chọn...', 'VinFast', 'Yadea']);
    await userEvent.selectOptions(within(dialog).getByLabelText('Hãng xe'), 'VinFast');
    expect(optionsOf('Mẫu xe')).toEqual(['Chọn...', 'Evo Grand', 'Evo200', 'Feliz S', 'Klara S']);
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại xe'), 'car');
    await userEvent.selectOptions(within(dialog).getByLabelText('Hãng xe'), 'VinFast');
    expect(optionsOf('Mẫu xe')).toEqual(['Chọn...', 'VF 8', 'VF 8 Plus']);
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại xe'), 'scooter');
    await userEvent.selectOptions(within(dialog).getByLabelText('Hãng xe'), 'VinFast');
    await userEvent.selectOptions(within(dialog).getByLabelText('Mẫu xe'), 'Evo Grand');
    await userEvent.type(within(dialog).getByLabelText('Họ và tên'), 'Trần Thị Bình');
    await userEvent.type(within(dialog).getByLabelText('Số điện thoại'), '0987654321');
    await userEvent.type(within(dialog).getByLabelText('Biển số'), '29MĐ1-234.56');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Bảo dưỡng xe máy/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo lịch hẹn' }));
    expect(api.walkIn).toHaveBeenCalledWith(expect.objectContaining({ vehicle: { type: 'scooter', brand: 'VinFast', model: 'Evo Grand', licensePlate: '29MĐ1-234.56' }, serviceIds: [2] }));
  });

  it('says the models are loading, and offers a retry when they cannot be read', async () => {
    api.services.mockResolvedValue([service(2, 'Bảo dưỡng xe máy', ['scooter'])]);
    let fail: (error: unknown) => void = () => undefined;
    api.vehicleModels
      .mockImplementationOnce(
        () =>
          new Promise((_resolve, reject) => {
            fail = reject;
          }),
      )
      .mockResolvedValue(REFERENCE_MODELS);
    renderAt(<WalkInDialog onClose={jest.fn()} onCreated={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Khách đến trực tiếp' });
    const brand = within(dialog).getByLabelText('Hãng xe');
    expect(brand).toBeDisabled();
    expect(within(brand).getByRole('option')).toHaveTextContent('Đang tải danh sách xe...');

    await act(async () => fail(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 503, 'HTTP_503')));
    const alert = await within(dialog).findByText('Chưa tải được danh sách hãng và mẫu xe. Máy chủ đang gặp sự cố. Vui lòng thử lại sau.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(brand).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Thử lại' }));
    await waitFor(() => expect(brand).toBeEnabled());
    expect(within(dialog).queryByText(/Chưa tải được danh sách/)).not.toBeInTheDocument();
    expect(within(brand).getAllByRole('option').map((option) => option.textContent)).toEqual(['Chọn...', 'VinFast', 'Yadea']);
  });
});
