import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import { SYMPTOMS } from 'shared-contracts/diagnostics';
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
  api.checkIn.mockResolvedValue(detail());
});

const booked = appointment({
  symptoms: [
    { code: 'BRAKE_NOISE', label: 'Tiếng kêu khi phanh', source: 'customer' },
    { code: 'VIBRATION', label: 'Xe rung, lắc khi chạy', source: 'customer' },
  ],
});

async function open(row = booked) {
  renderAt(<CheckInDialog appointment={row} serviceBays={3} onClose={jest.fn()} onCheckedIn={jest.fn()} onStale={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Tiếp nhận xe 30A-123.45' });
  await within(dialog).findByRole('option', { name: 'Trần Minh Thợ' });
  return { dialog, symptoms: within(within(dialog).getByRole('group', { name: 'Triệu chứng' })) };
}

const submit = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Tiếp nhận xe' }));

describe('the symptoms at check-in', () => {
  it('offers the whole vocabulary in groups, with the booking’s symptoms pre-ticked and marked as the customer’s', async () => {
    const { symptoms } = await open();
    expect(symptoms.getAllByRole('checkbox')).toHaveLength(SYMPTOMS.length);
    expect(symptoms.getByRole('group', { name: 'Pin và sạc' })).toBeInTheDocument();
    const brakes = within(symptoms.getByRole('group', { name: 'Phanh, lốp và khung xe' }));
    expect(brakes.getByRole('checkbox', { name: 'Tiếng kêu khi phanh · khách báo' })).toBeChecked();
    expect(brakes.getByRole('checkbox', { name: 'Xe rung, lắc khi chạy · khách báo' })).toBeChecked();
    expect(brakes.getByRole('checkbox', { name: 'Phanh kém, phải bóp sâu' })).not.toBeChecked();
    expect(symptoms.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked)).toHaveLength(2);
    expect(symptoms.getByText(/Triệu chứng khách chọn khi đặt lịch đã được đánh dấu.*Đã chọn 2\/10\./)).toBeInTheDocument();
  });

  it('sends the chosen symptoms, in the vocabulary’s order: a customer’s unticked, staff’s own added, by keyboard too', async () => {
    const { dialog, symptoms } = await open();
    await userEvent.click(symptoms.getByRole('checkbox', { name: /Xe rung, lắc khi chạy/ }));
    await userEvent.click(symptoms.getByRole('checkbox', { name: 'Phanh kém, phải bóp sâu' }));
    // the keyboard: focus a box and Space toggles it
    symptoms.getByRole('checkbox', { name: 'Tụt pin nhanh' }).focus();
    await userEvent.keyboard(' ');
    expect(symptoms.getByRole('checkbox', { name: 'Tụt pin nhanh' })).toBeChecked();
    expect(symptoms.getByText(/Đã chọn 3\/10\./)).toBeInTheDocument();
    await submit(dialog);

    expect(api.checkIn).toHaveBeenCalledWith(101, {
      odometerKm: 12_000,
      customerConcern: null,
      intakeNote: null,
      technicianId: null,
      bayNo: null,
      symptoms: ['FAST_DRAIN', 'BRAKE_NOISE', 'BRAKE_WEAK'],
    });
  });

  it('sends an empty list when staff untick every symptom of the booking (they are then dropped)', async () => {
    const { dialog, symptoms } = await open();
    await userEvent.click(symptoms.getByRole('checkbox', { name: /Tiếng kêu khi phanh/ }));
    await userEvent.click(symptoms.getByRole('checkbox', { name: /Xe rung, lắc khi chạy/ }));
    await submit(dialog);
    expect(api.checkIn).toHaveBeenCalledWith(101, expect.objectContaining({ symptoms: [] }));
  });

  it('sends nothing about symptoms for a row that did not say what the booking recorded, unless staff tick one', async () => {
    const legacy = await open(appointment());
    expect(legacy.symptoms.getAllByRole('checkbox').some((box) => (box as HTMLInputElement).checked)).toBe(false);
    await submit(legacy.dialog);
    expect(api.checkIn.mock.calls[0]![1]).not.toHaveProperty('symptoms');
  });

  it('refuses more than 10 symptoms in Vietnamese before sending, and shows the server’s refusal', async () => {
    const { dialog, symptoms } = await open(appointment({ symptoms: [] }));
    const boxes = symptoms.getAllByRole('checkbox');
    for (const box of boxes.slice(0, 11)) await userEvent.click(box);
    await submit(dialog);
    expect(within(dialog).getByText('Chọn tối đa 10 triệu chứng.')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Triệu chứng' })).toHaveAccessibleDescription(/Chọn tối đa 10 triệu chứng\./);
    expect(api.checkIn).not.toHaveBeenCalled();

    await userEvent.click(boxes[0]!);
    api.checkIn.mockRejectedValue(new ApiError('Dữ liệu không hợp lệ.', 400, 'VALIDATION_ERROR', [{ field: 'symptoms', message: 'Triệu chứng không có trong danh sách.' }]));
    await submit(dialog);
    expect(await within(dialog).findByText('Triệu chứng không có trong danh sách.')).toBeInTheDocument();
  });
});
