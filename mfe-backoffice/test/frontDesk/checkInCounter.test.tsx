import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ApiError } from 'shared-contracts';
import { CheckInDialog } from '../../src/frontDesk/CheckInDialog';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { appointment, renderAt, staffDay, TECHNICIANS } from '../staffFixtures';

jest.mock('../../src/frontDesk/frontDeskApi', () => ({
  frontDeskApi: { day: jest.fn(), checkIn: jest.fn(), technicians: jest.fn(), bays: jest.fn() },
}));

const api = jest.mocked(frontDeskApi);

beforeEach(() => {
  jest.resetAllMocks();
  api.technicians.mockResolvedValue(TECHNICIANS);
  api.bays.mockResolvedValue({ serviceBays: 3, occupied: [{ bayNo: 2, licensePlate: '51H-678.90', serviceOrderId: 600, serviceOrderCode: 'PDV2611BAY2' }] });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function open() {
  const handlers = { onClose: jest.fn(), onCheckedIn: jest.fn(), onStale: jest.fn() };
  renderAt(
    <Routes>
      <Route path="/staff/appointments" element={<CheckInDialog appointment={appointment()} serviceBays={3} {...handlers} />} />
      <Route path="/staff/service-orders" element={<Where />} />
    </Routes>,
    '/staff/appointments',
  );
  return { ...handlers, dialog: screen.getByRole('dialog', { name: 'Tiếp nhận xe 30A-123.45' }) };
}

describe('the check-in form at the counter', () => {
  it('marks the bays that have a vehicle in them and does not offer them', async () => {
    const { dialog } = open();
    const bay = within(dialog).getByLabelText('Khoang (không bắt buộc)');
    const taken = await within(bay).findByRole('option', { name: 'Khoang 2 – Đang có xe 51H-678.90' });
    expect(taken).toBeDisabled();
    expect(within(bay).getByRole('option', { name: 'Khoang 1' })).toBeEnabled();
    expect(within(bay).getByRole('option', { name: 'Khoang 3' })).toBeEnabled();
  });

  it('offers "Tải lại" and "Mở phiếu" when someone else checked the appointment in meanwhile', async () => {
    api.checkIn.mockRejectedValue(new ApiError('Lịch hẹn vừa được người khác cập nhật, vui lòng tải lại.', 409, 'APPOINTMENT_CHANGED'));
    api.day.mockResolvedValue(
      staffDay([appointment({ status: 'CHECKED_IN', serviceOrder: { id: 777, code: 'PDV2611WXYZ', status: 'OPEN', statusLabel: 'Đã tiếp nhận' } })]),
    );
    const { dialog, onStale, onClose } = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp nhận xe' }));
    expect(await within(dialog).findByText('Lịch hẹn vừa được người khác cập nhật, vui lòng tải lại.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Tải lại' }));
    expect(onStale).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mở phiếu' }));
    expect(api.day).toHaveBeenCalledWith(expect.objectContaining({ q: 'LH2611A7K3Q' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/staff/service-orders?order=777'));
  });

  it('offers no such buttons for another refusal', async () => {
    api.checkIn.mockRejectedValue(new ApiError('Khoang 2 đang có xe 51H-678.90.', 409, 'BAY_OCCUPIED', [{ field: 'bayNo', message: 'Khoang 2 đang có xe 51H-678.90.' }]));
    const { dialog } = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp nhận xe' }));
    expect(await within(dialog).findAllByText('Khoang 2 đang có xe 51H-678.90.')).not.toHaveLength(0);
    expect(within(dialog).queryByRole('button', { name: 'Mở phiếu' })).not.toBeInTheDocument();
  });

  it('narrows the symptoms with a search box, without diacritics, and keeps a ticked one chosen while hidden', async () => {
    const { dialog } = open();
    const all = within(dialog).getAllByRole('checkbox').length;
    const search = within(dialog).getByRole('searchbox', { name: 'Tìm triệu chứng' });
    await userEvent.type(search, 'phanh');
    const brakes = within(dialog).getAllByRole('checkbox');
    expect(brakes.length).toBeGreaterThan(0);
    expect(brakes.length).toBeLessThan(all);
    expect(within(dialog).getByRole('checkbox', { name: 'Tiếng kêu khi phanh' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /sạc/i })).not.toBeInTheDocument();

    // One Tab press from the search box reaches the first match, not a walk through every checkbox.
    await userEvent.tab();
    expect(brakes).toContain(document.activeElement);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Tiếng kêu khi phanh' }));

    await userEvent.clear(search);
    await userEvent.type(search, 'SAC{Enter}');
    expect(api.checkIn).not.toHaveBeenCalled();
    expect(within(dialog).getAllByRole('checkbox', { name: /sạc/i }).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('1 triệu chứng đã chọn đang bị ẩn bởi ô tìm.')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'khong co gi');
    expect(within(dialog).getByText('Không có triệu chứng nào khớp.')).toBeInTheDocument();
    await userEvent.clear(search);
    expect(within(dialog).getByRole('checkbox', { name: 'Tiếng kêu khi phanh' })).toBeChecked();
  });
});
