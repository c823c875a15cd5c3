import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import type { PlateClaim } from 'shared-contracts/schemas';
import { PlateClaims } from '../../src/plateClaims/PlateClaims';
import { plateClaimsApi } from '../../src/plateClaims/plateClaimsApi';

jest.mock('../../src/plateClaims/plateClaimsApi', () => ({ plateClaimsApi: { pending: jest.fn(), resolve: jest.fn() } }));

const api = jest.mocked(plateClaimsApi);

const claim: PlateClaim = {
  id: 7,
  licensePlate: '29MĐ1-771.01',
  status: 'PENDING',
  source: 'customer',
  createdAt: '2026-11-19T03:05:00.000Z',
  claimant: { userId: 21, fullName: 'Người Nhận Xe', email: 'nhanxe@example.vn', phone: '0912345678' },
  claimantVehicle: { type: 'scooter', brand: 'VinFast', model: 'Feliz S' },
  owner: { userId: 20, fullName: 'Chủ Xe Cũ', email: 'chuxe@example.vn', phone: null, vehicleId: 5, brand: 'VinFast', model: 'Evo200' },
};

beforeEach(() => jest.resetAllMocks());

describe('plate claims on the staff customers page', () => {
  it('lists a pending claim with both accounts and gives the plate to the new account on "Chuyển cho tài khoản mới"', async () => {
    api.pending.mockResolvedValueOnce([claim]).mockResolvedValueOnce([]);
    api.resolve.mockResolvedValue({ ...claim, status: 'TRANSFERRED' });
    render(<PlateClaims />);

    const row = (await screen.findByRole('rowheader', { name: '29MĐ1-771.01' })).closest('tr')!;
    expect(row).toHaveTextContent('Người Nhận Xe');
    expect(row).toHaveTextContent('0912345678 · nhanxe@example.vn');
    expect(row).toHaveTextContent('VinFast Feliz S');
    expect(row).toHaveTextContent('Chủ Xe Cũ');
    expect(row).toHaveTextContent('10:05 19/11/2026');

    await userEvent.click(within(row).getByRole('button', { name: 'Chuyển cho tài khoản mới: biển số 29MĐ1-771.01, Người Nhận Xe' }));
    expect(api.resolve).toHaveBeenCalledWith(7, 'transfer');
    expect(await screen.findByText('Đã chuyển biển số 29MĐ1-771.01 cho tài khoản mới.')).toBeInTheDocument();
    expect(await screen.findByText('Không có yêu cầu nào đang chờ.')).toBeInTheDocument();
  });

  it('keeps the old owner on "Giữ chủ cũ", and shows the server’s message when someone decided first', async () => {
    api.pending.mockResolvedValue([claim]);
    api.resolve.mockRejectedValue(new ApiError('Yêu cầu này đã được xử lý. Vui lòng tải lại danh sách.', 409, 'PLATE_CLAIM_RESOLVED'));
    render(<PlateClaims />);
    await userEvent.click(await screen.findByRole('button', { name: 'Giữ chủ cũ: biển số 29MĐ1-771.01' }));
    expect(api.resolve).toHaveBeenCalledWith(7, 'keep');
    expect(await screen.findByRole('alert')).toHaveTextContent('Yêu cầu này đã được xử lý. Vui lòng tải lại danh sách.');
    expect(api.pending).toHaveBeenCalledTimes(2);
  });
});
