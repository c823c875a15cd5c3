import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductFilters } from '../../src/pages/products/ProductFilters';
import { VietQrPayment } from '../../src/pages/checkout/VietQrPayment';
import { readFilters } from '../../src/pages/products/productQuery';
import { vietQr } from '../support/shopFixtures';

/** A browser that can draw the QR: the image loads at once, the canvas gives a PNG blob. */
function canDrawImages(): { downloads: Array<{ name: string; href: string }> } {
  const downloads: Array<{ name: string; href: string }> = [];
  class LoadingImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(_value: string) {
      setTimeout(() => this.onload?.());
    }
  }
  jest.spyOn(window, 'Image').mockImplementation(() => new LoadingImage() as unknown as HTMLImageElement);
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ fillRect: jest.fn(), drawImage: jest.fn(), fillStyle: '' } as unknown as CanvasRenderingContext2D);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(new Blob(['png'], { type: 'image/png' })));
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:qr-png'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
  return { downloads };
}

afterEach(() => jest.restoreAllMocks());

describe('the VietQR payment on a phone', () => {
  it('copies the account number and the transfer content with "Sao chép", and says so', async () => {
    const user = userEvent.setup();
    render(<VietQrPayment vietQr={vietQr} />);

    await user.click(screen.getByRole('button', { name: 'Sao chép số tài khoản' }));
    expect(await navigator.clipboard.readText()).toBe('0011234567890');
    expect(screen.getByText('Đã sao chép số tài khoản')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sao chép nội dung chuyển khoản' }));
    expect(await navigator.clipboard.readText()).toBe('EV2611220007');
    expect(screen.getByText('Đã sao chép nội dung chuyển khoản')).toBeInTheDocument();
  });

  it('says in Vietnamese when the phone refuses the clipboard, the number staying on screen', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    render(<VietQrPayment vietQr={vietQr} />);
    await user.click(screen.getByRole('button', { name: 'Sao chép số tài khoản' }));
    expect(await screen.findByText('Không sao chép được: hãy giữ ngón tay trên nội dung để sao chép.')).toBeInTheDocument();
    expect(screen.getByText('0011234567890')).toBeInTheDocument();
  });

  it('saves the QR as a PNG named after the transfer content with "Lưu mã QR"', async () => {
    const { downloads } = canDrawImages();
    const user = userEvent.setup();
    render(<VietQrPayment vietQr={vietQr} />);
    await user.click(screen.getByRole('button', { name: 'Lưu mã QR' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(downloads).toEqual([{ name: 'vietqr-EV2611220007.png', href: 'blob:qr-png' }]);
  });

  it('saves the QR as it came (SVG) when the browser cannot draw it', async () => {
    const { downloads } = canDrawImages();
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const user = userEvent.setup();
    render(<VietQrPayment vietQr={vietQr} />);
    await user.click(screen.getByRole('button', { name: 'Lưu mã QR' }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(downloads).toEqual([{ name: 'vietqr-EV2611220007.svg', href: vietQr.imageDataUrl }]);
  });
});

describe('the product filters on a phone', () => {
  it('are folded behind "Bộ lọc", which opens and closes them', async () => {
    const user = userEvent.setup();
    render(<ProductFilters filters={readFilters(new URLSearchParams())} categories={[]} brands={[]} onChange={jest.fn()} onClear={jest.fn()} />);
    const toggle = screen.getByRole('button', { name: 'Bộ lọc' });
    const fields = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(fields).toHaveClass('folded');
    expect(within(fields).getByLabelText('Danh mục')).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(fields).not.toHaveClass('folded');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(fields).toHaveClass('folded');
  });
});
