import { render, screen, waitFor } from '@testing-library/react';
import { ApiError } from 'shared-contracts';
import { AppointmentCheckInQr } from '../../src/checkInCode';
import { checkInCodeApi } from '../../src/checkInCode/checkInCodeApi';

jest.mock('../../src/checkInCode/checkInCodeApi', () => ({ checkInCodeApi: { code: jest.fn() } }));
const code = jest.mocked(checkInCodeApi.code);
const QR = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';

beforeEach(() => jest.resetAllMocks());

describe('the check-in QR on the booking confirmation', () => {
  it('shows the booked appointment’s QR and what to do with it', async () => {
    code.mockResolvedValue({ appointmentId: 41, code: 'EVCI1.41.1.sig', qrImageDataUrl: QR });
    render(<AppointmentCheckInQr appointmentId={41} appointmentCode="LH2611ABCDE" />);
    expect(screen.getByText('Đang tải mã QR check-in...')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Mã QR check-in lịch hẹn LH2611ABCDE' })).toHaveAttribute('src', QR);
    expect(screen.getByText('Đưa mã này cho nhân viên khi đến trung tâm')).toBeInTheDocument();
    expect(code).toHaveBeenCalledWith(41, expect.any(AbortSignal));
  });

  it('shows nothing for a booking that has no code any more (409), and the reason of another failure', async () => {
    code.mockRejectedValue(new ApiError('Lịch hẹn đã bị hủy, mã check-in không còn dùng được.', 409, 'INVALID_STATUS_TRANSITION'));
    const { container, unmount } = render(<AppointmentCheckInQr appointmentId={41} appointmentCode="LH2611ABCDE" />);
    expect(container).not.toBeEmptyDOMElement();
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(code).toHaveBeenCalledTimes(1);
    unmount();

    code.mockRejectedValue(new ApiError('Không tìm thấy lịch hẹn.', 404, 'APPOINTMENT_NOT_FOUND'));
    render(<AppointmentCheckInQr appointmentId={41} appointmentCode="LH2611ABCDE" />);
    expect(await screen.findByText('Không tìm thấy lịch hẹn.')).toBeInTheDocument();
  });
});
