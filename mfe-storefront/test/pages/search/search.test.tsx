import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { money } from '../../support/fixtures';
import { answerWithFixtures, api, renderAt } from '../../support/render';

jest.mock('../../../src/api/storefrontApi');

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
});

describe('the search results page', () => {
  it('shows every hit of /api/search for ?q= with its kind, link, price and thumbnail', async () => {
    api.search.mockResolvedValue({
      query: 'pin',
      total: 2,
      hits: [
        {
          type: 'product',
          title: 'Pin lithium 48V 20Ah',
          subtitle: 'VinFast · Pin & bộ sạc',
          price: 8_900_000,
          url: '/products/pin-lithium-48v-20ah',
          image: '/api/media/catalogue/products/pin-lithium-48v-20ah.svg?v=0123456789',
        },
        { type: 'service', title: 'Kiểm tra pin & BMS', subtitle: 'Đo dung lượng và cân bằng cell', price: 350_000, url: '/services#kiem-tra-pin-bms' },
      ],
    });
    renderAt('/search?q=pin');
    expect(await screen.findByRole('link', { name: 'Pin lithium 48V 20Ah' })).toHaveAttribute('href', '/products/pin-lithium-48v-20ah');
    expect(screen.getByRole('link', { name: 'Kiểm tra pin & BMS' })).toHaveAttribute('href', '/services#kiem-tra-pin-bms');
    expect(screen.getByText('Dịch vụ')).toBeInTheDocument();
    expect(screen.getByText(money(350_000), { exact: false })).toBeInTheDocument();
    expect(screen.getByText('VinFast · Pin & bộ sạc')).toBeInTheDocument();
    // the card form's image is its URL: the thumbnail gets the row's box size
    const thumbnails = screen.getAllByRole('presentation');
    expect(thumbnails).toHaveLength(1);
    expect(thumbnails[0]).toHaveAttribute('src', '/api/media/catalogue/products/pin-lithium-48v-20ah.svg?v=0123456789');
    expect(thumbnails[0]).toHaveAttribute('width', '72');
    expect(thumbnails[0]).toHaveAttribute('height', '54');
    expect(api.search).toHaveBeenCalledWith('pin', 50, expect.anything());
    expect(document.title).toBe('Tìm kiếm: “pin” | EV Service');
  });

  it('searches again from its own field, through the URL', async () => {
    renderAt('/search?q=pin');
    const input = await screen.findByRole('searchbox', { name: 'Từ khóa' });
    await userEvent.clear(input);
    await userEvent.type(input, 'cáp sạc{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=c%C3%A1p+s%E1%BA%A1c');
    expect(api.search).toHaveBeenLastCalledWith('cáp sạc', 50, expect.anything());
    expect(await screen.findByText('Không tìm thấy kết quả nào cho “cáp sạc”. Hãy thử từ khóa khác hoặc xem danh sách sản phẩm.')).toBeInTheDocument();
  });

  it('asks for words when there is no query, without calling the API', async () => {
    renderAt('/search');
    expect(await screen.findByText('Nhập từ khóa để tìm sản phẩm, dịch vụ hoặc gói dịch vụ.')).toBeInTheDocument();
    expect(api.search).not.toHaveBeenCalled();
  });
});
