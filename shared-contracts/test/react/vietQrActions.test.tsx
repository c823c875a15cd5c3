import { act, fireEvent, render, screen } from '@testing-library/react';
import { CopyableValue, qrFileName, vietQrActionsText } from '../../src/react';

describe('VietQR actions', () => {
  afterEach(() => jest.useRealTimers());

  it('names a saved QR after the transfer content, letters and digits only', () => {
    expect(qrFileName(' DH 2024/0001 ')).toBe('vietqr-DH-2024-0001');
  });

  it('copies the value and says so for a while; without a clipboard it says how to copy by hand', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CopyableValue value="0123456789" what="số tài khoản" />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sao chép số tài khoản' })));
    expect(writeText).toHaveBeenCalledWith('0123456789');
    expect(screen.getByRole('status').textContent).toBe(vietQrActionsText.copied('số tài khoản'));
    act(() => jest.advanceTimersByTime(3_000));
    expect(screen.getByRole('status').textContent).toBe('');

    writeText.mockRejectedValueOnce(new Error('denied'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sao chép số tài khoản' })));
    expect(screen.getByRole('status').textContent).toBe(vietQrActionsText.copyFailed);
  });
});
