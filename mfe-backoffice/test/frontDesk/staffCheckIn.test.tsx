import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import { CheckInDialog } from '../../src/frontDesk/CheckInDialog';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { appointment, detail, renderAt, TECHNICIANS } from '../staffFixtures';

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
  },
}));

const api = jest.mocked(frontDeskApi);

beforeEach(() => {
  jest.resetAllMocks();
  api.technicians.mockResolvedValue(TECHNICIANS);
});

function open(props: Partial<Parameters<typeof CheckInDialog>[0]> = {}) {
  const handlers = { onClose: jest.fn(), onCheckedIn: jest.fn(), onStale: jest.fn() };
  renderAt(<CheckInDialog appointment={appointment()} serviceBays={3} {...handlers} {...props} />);
  return { ...handlers, dialog: screen.getByRole('dialog', { name: 'Tiếp nhận xe 30A-123.45' }) };
}

describe('the check-in form', () => {
  it('opens with the odometer prefilled from the last reading, focused, and offers the centre’s technicians and bays', async () => {
    const { dialog } = open();
    const odometer = within(dialog).getByLabelText('Số km hiện tại');
    expect(odometer).toHaveValue('12000');
    expect(odometer).toHaveFocus();
    expect(within(dialog).getByText('Lần ghi gần nhất: 12.000 km.')).toBeInTheDocument();
    expect(await within(dialog).findByRole('option', { name: 'Trần Minh Thợ' })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: 'Phạm Quốc Kỹ (đang có xe)' })).toBeInTheDocument();
    expect(within(within(dialog).getByLabelText('Khoang (không bắt buộc)')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Chưa xếp khoang',
      'Khoang 1',
      'Khoang 2',
      'Khoang 3',
    ]);
  });

  it('says in Vietnamese what is wrong with the odometer and sends nothing', async () => {
    const { dialog } = open();
    const odometer = within(dialog).getByLabelText('Số km hiện tại');
    await userEvent.clear(odometer);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp nhận xe' }));
    expect(within(dialog).getByText('Vui lòng nhập số km.')).toBeInTheDocument();
    expect(odometer).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(odometer, '11500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp nhận xe' }));
    expect(within(dialog).getByText('Số km không được nhỏ hơn lần ghi gần nhất (12.000 km).')).toBeInTheDocument();

    await userEvent.clear(odometer);
    await userEvent.type(odometer, '12,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp nhận xe' }));
    expect(within(dialog).getByText('Số km phải là số nguyên không âm.')).toBeInTheDocument();
    expect(api.checkIn).not.toHaveBeenCalled();
  });

  it('sends the odometer, the concern, the technician and the bay, and hands the new service order over', async () => {
    const order = detail({ id: 777, code: 'PDV2611WXYZ' });
    api.checkIn.mockResolvedValue(order);
    const { dialog, onCheckedIn } = open();
    const odometer = within(dialog).getByLabelText('Số km hiện tại');
    await userEvent.clear(odometer);
    await userEvent.type(odometer, '12500');
    await userEvent.type(within(dialog).getByLabelText('Khách mô tả tình trạng xe'), 'Phanh kêu khi đi chậm');
    await within(dialog).findByRole('option', { name: 'Trần Minh Thợ' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Kỹ thuật viên (không bắt buộc)'), 'Trần Minh Thợ');
    await userEvent.selectOptions(within(dialog).getByLabelText('Khoang (không bắt buộc)'), 'Khoang 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp nhận xe' }));

    expect(api.checkIn).toHaveBeenCalledWith(101, { odometerKm: 12_500, customerConcern: 'Phanh kêu khi đi chậm', intakeNote: null, technicianId: 11, bayNo: 2 });
    expect(onCheckedIn).toHaveBeenCalledWith(order);
  });

  it('shows the server’s message when the check-in is refused, and has the list behind reloaded on a 409', async () => {
    api.checkIn.mockRejectedValue(new ApiError('Lịch hẹn vừa được người khác cập nhật, vui lòng tải lại.', 409, 'APPOINTMENT_CHANGED'));
    const { dialog, onStale, onCheckedIn } = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp nhận xe' }));
    expect(await within(dialog).findByText('Lịch hẹn vừa được người khác cập nhật, vui lòng tải lại.')).toBeInTheDocument();
    expect(api.checkIn).toHaveBeenCalledWith(101, expect.objectContaining({ odometerKm: 12_000, technicianId: null, bayNo: null }));
    expect(onStale).toHaveBeenCalled();
    expect(onCheckedIn).not.toHaveBeenCalled();
  });

  it('marks the field the server refused (422 ODOMETER_INVALID)', async () => {
    api.checkIn.mockRejectedValue(
      new ApiError('Dữ liệu không hợp lệ.', 422, 'ODOMETER_INVALID', [{ field: 'odometerKm', message: 'Số km nhỏ hơn lần ghi trước của xe.' }]),
    );
    const { dialog } = open({ appointment: appointment({ lastOdometerKm: null }) });
    await userEvent.type(within(dialog).getByLabelText('Số km hiện tại'), '900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp nhận xe' }));
    expect(await within(dialog).findByText('Số km nhỏ hơn lần ghi trước của xe.', { selector: 'p:not([class*="alert"])' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Số km hiện tại')).toHaveAttribute('aria-invalid', 'true');
  });

  it('closes on Escape', async () => {
    const { onClose } = open();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
