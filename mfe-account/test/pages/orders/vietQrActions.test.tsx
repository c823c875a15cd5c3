import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VietQrPayment as VietQr } from 'shared-contracts/schemas';
import { VietQrPayment } from '../../../src/pages/orders/VietQrPayment';

const vietQr: VietQr = {
  payload: '000201010212...6304ABCD',
  imageDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
  bankName: 'Vietcombank',
  bankBin: '970436',
  accountNumber: '0011234567890',
  accountName: 'CONG TY EV SERVICE',
  amount: 9_400_000,
  transferContent: 'EV2611220012',
  payBefore: '2026-11-23T03:15:00.000Z',
};

afterEach(() => jest.restoreAllMocks());

describe("an unpaid order's VietQR on /orders/:code", () => {
  it('copies the account number and the transfer content with "Sao chép", and says so', async () => {
    const user = userEvent.setup();
    render(<VietQrPayment vietQr={vietQr} />);

    await user.click(screen.getByRole('button', { name: 'Sao chép số tài khoản' }));
    expect(await navigator.clipboard.readText()).toBe('0011234567890');
    expect(screen.getByText('Đã sao chép số tài khoản')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sao chép nội dung chuyển khoản' }));
    expect(await navigator.clipboard.readText()).toBe('EV2611220012');
    expect(screen.getByText('Đã sao chép nội dung chuyển khoản')).toBeInTheDocument();
  });

  it('saves the QR with "Lưu mã QR" (as the SVG it came as where the browser cannot draw it)', async () => {
    const downloads: Array<{ name: string; href: string }> = [];
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    jest.spyOn(window, 'Image').mockImplementation(() => {
      const image = { onload: null as (() => void) | null, onerror: null };
      Object.defineProperty(image, 'src', { set: () => setTimeout(() => image.onload?.()) });
      return image as unknown as HTMLImageElement;
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.getAttribute('href') ?? '' });
    });
    const user = userEvent.setup();
    render(<VietQrPayment vietQr={vietQr} />);
    await user.click(screen.getByRole('button', { name: 'Lưu mã QR' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(downloads).toEqual([{ name: 'vietqr-EV2611220012.svg', href: vietQr.imageDataUrl }]);
  });
});
