import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from 'shared-contracts';
import { answerWithFixtures, api, renderAt } from '../../support/render';

jest.mock('../../../src/api/storefrontApi');

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
});

const centre = (centreId: number, centreName: string, available: number) => ({ centreId, centreName, city: 'Hà Nội', available });

async function pickupBox() {
  await screen.findByRole('heading', { level: 1, name: 'Pin lithium 48V 20Ah' });
  return screen.getByRole('region', { name: 'Nhận tại cửa hàng' });
}

describe('"Nhận tại cửa hàng" on the product page', () => {
  it('lists the centres that have it for pick-up, under the stock line, after the product itself', async () => {
    let answer: (value: { online: number; pickup: ReturnType<typeof centre>[] }) => void = () => undefined;
    api.availability.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderAt('/products/pin-lithium-48v-20ah');
    const box = await pickupBox();
    expect(api.availability).toHaveBeenCalledWith('pin-lithium-48v-20ah', expect.anything());
    // the box is there (its height kept) while it loads
    expect(box).toHaveAttribute('aria-busy', 'true');
    expect(box).toHaveTextContent('Đang kiểm tra hàng tại các cửa hàng...');
    expect(screen.getByTestId('stock').compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    answer({ online: 40, pickup: [centre(1, 'EV Service Cầu Giấy', 3), centre(2, 'EV Service Long Biên', 0), centre(3, 'EV Service Thủ Đức', 12)] });
    expect(await within(box).findByText('Còn 3 tại EV Service Cầu Giấy')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-busy', 'false');
    expect(within(box).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Còn 3 tại EV Service Cầu Giấy', 'Còn 12 tại EV Service Thủ Đức']);
    expect(box).not.toHaveTextContent('Long Biên');
  });

  it('says so when no centre has it, and shows more than three centres on request', async () => {
    api.availability.mockResolvedValueOnce({ online: 0, pickup: [centre(1, 'EV Service Cầu Giấy', 0)] });
    const first = renderAt('/products/pin-lithium-48v-20ah');
    expect(await within(await pickupBox()).findByText('Chưa có sẵn tại cửa hàng nào')).toBeInTheDocument();
    first.unmount();

    api.availability.mockResolvedValueOnce({
      online: 5,
      pickup: [centre(1, 'EV Service A', 1), centre(2, 'EV Service B', 2), centre(3, 'EV Service C', 1_200), centre(4, 'EV Service D', 4), centre(5, 'EV Service E', 5)],
    });
    renderAt('/products/pin-lithium-48v-20ah');
    const box = await pickupBox();
    expect(await within(box).findByText('Còn 1.200 tại EV Service C')).toBeInTheDocument();
    expect(within(box).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(box).getByRole('button', { name: 'Xem thêm 2 cửa hàng' }));
    expect(within(box).getAllByRole('listitem')).toHaveLength(5);
    expect(within(box).queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps the page when the question fails', async () => {
    api.availability.mockRejectedValue(new ApiError('Lỗi máy chủ', 503, 'UNAVAILABLE', []));
    renderAt('/products/pin-lithium-48v-20ah');
    const box = await pickupBox();
    expect(await within(box).findByText('Chưa kiểm tra được hàng tại cửa hàng. Vui lòng tải lại trang.')).toBeInTheDocument();
    expect(screen.getByTestId('stock')).toHaveTextContent('Còn hàng');
  });
});
