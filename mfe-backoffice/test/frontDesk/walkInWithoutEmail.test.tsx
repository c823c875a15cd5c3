import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Service } from 'shared-contracts/schemas';
import { frontDeskApi } from '../../src/frontDesk/frontDeskApi';
import { WalkInDialog } from '../../src/frontDesk/WalkInDialog';
import { renderAt } from '../staffFixtures';
import { REFERENCE_MODELS } from './referenceModels';

jest.mock('shared-contracts/vehicle', () => jest.requireActual('../../../shared-contracts/src/vehicle/index.ts'), { virtual: true });
jest.mock('shared-contracts/labels', () => jest.requireActual('../../../shared-contracts/src/labels/index.ts'), { virtual: true });
jest.mock('../../src/frontDesk/frontDeskApi', () => ({
  frontDeskApi: { walkIn: jest.fn(), searchCustomers: jest.fn(), customer: jest.fn(), services: jest.fn(), vehicleModels: jest.fn() },
}));

const api = jest.mocked(frontDeskApi);

const scooterService: Service = {
  id: 2,
  slug: 'bao-duong-xe-may',
  name: 'Bảo dưỡng xe máy',
  kind: 'maintenance',
  tier: null,
  summary: 'Bảo dưỡng xe máy',
  includes: [],
  description: '',
  vatRate: 8,
  price: 250_000,
  durationMinutes: 45,
  vehicleTypes: ['scooter'],
  checklist: [],
  image: null,
};

beforeEach(() => {
  jest.resetAllMocks();
  api.services.mockResolvedValue([scooterService]);
  api.vehicleModels.mockResolvedValue(REFERENCE_MODELS);
  api.walkIn.mockResolvedValue({ id: 300, code: 'LH2611WALK', start: '2026-11-22T03:30:00.000Z' });
});

async function fillGuest(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText('Họ và tên'), 'Trần Thị Bình');
  await userEvent.type(within(dialog).getByLabelText('Số điện thoại'), '0987654321');
  await waitFor(() => expect(within(dialog).getByLabelText('Hãng xe')).toBeEnabled());
  await userEvent.selectOptions(within(dialog).getByLabelText('Hãng xe'), 'VinFast');
  await userEvent.selectOptions(within(dialog).getByLabelText('Mẫu xe'), 'Klara S');
  await userEvent.type(within(dialog).getByLabelText('Biển số'), '29MĐ1-234.56');
  await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Bảo dưỡng xe máy/ }));
}

describe('a walk-in without an email', () => {
  it('books a customer with name and phone only, sending no email, and says the email is optional', async () => {
    renderAt(<WalkInDialog onClose={jest.fn()} onCreated={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Khách đến trực tiếp' });
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription('Không bắt buộc: họ tên và số điện thoại là đủ.');
    await fillGuest(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo lịch hẹn' }));

    expect(within(dialog).queryByText(/email hợp lệ/)).not.toBeInTheDocument();
    expect(api.walkIn).toHaveBeenCalledWith({
      contact: { fullName: 'Trần Thị Bình', phone: '0987654321' },
      serviceIds: [2],
      note: null,
      vehicle: { type: 'scooter', brand: 'VinFast', model: 'Klara S', licensePlate: '29MĐ1-234.56' },
    });
  });

  it('still refuses an email typed wrong', async () => {
    renderAt(<WalkInDialog onClose={jest.fn()} onCreated={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Khách đến trực tiếp' });
    await fillGuest(dialog);
    await userEvent.type(within(dialog).getByLabelText('Email'), 'binh@');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tạo lịch hẹn' }));
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Email không hợp lệ (có thể để trống).')).toBeInTheDocument();
    expect(api.walkIn).not.toHaveBeenCalled();
  });
});
