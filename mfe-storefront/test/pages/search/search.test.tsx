import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, STORAGE_KEYS } from 'shared-contracts';
import { SEARCH_PAGE_SIZE } from 'shared-contracts/pricing';
import type { SearchCardHit } from 'shared-contracts/schemas';
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
    expect(api.search).toHaveBeenCalledWith('pin', SEARCH_PAGE_SIZE, expect.anything());
    expect(document.title).toBe('Tìm kiếm: “pin” | EV Service');
  });

  it('searches again from its own field, through the URL', async () => {
    renderAt('/search?q=pin');
    const input = await screen.findByRole('searchbox', { name: 'Từ khóa' });
    await userEvent.clear(input);
    await userEvent.type(input, 'cáp sạc{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=c%C3%A1p+s%E1%BA%A1c');
    expect(api.search).toHaveBeenLastCalledWith('cáp sạc', SEARCH_PAGE_SIZE, expect.anything());
    expect(await screen.findByText('Không tìm thấy kết quả nào cho “cáp sạc”. Hãy thử từ khóa khác hoặc xem danh sách sản phẩm.')).toBeInTheDocument();
  });

  it('asks for words when there is no query, without calling the API', async () => {
    renderAt('/search');
    expect(await screen.findByText('Nhập từ khóa để tìm sản phẩm, dịch vụ hoặc gói dịch vụ.')).toBeInTheDocument();
    expect(api.search).not.toHaveBeenCalled();
  });
});

describe('"Xem thêm kết quả" on the search results page', () => {
  /** 20 products whose titles say their rank: "Pin số 1" … "Pin số 20". */
  const ALL: SearchCardHit[] = Array.from({ length: 20 }, (_, index) => ({
    type: 'product',
    title: `Pin số ${index + 1}`,
    subtitle: 'VinFast · Pin & bộ sạc',
    price: 1_000_000 + index,
    url: `/products/pin-so-${index + 1}`,
  }));
  /** The API: `limit` hits from `offset` (none: the first page), the total of them all. */
  const answerPages = () =>
    api.search.mockImplementation(async (q, limit = 20, _signal, _fit, offset = 0) => ({ query: q, total: ALL.length, hits: ALL.slice(offset, offset + limit) }));
  const titles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
  const rank = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `Pin số ${from + index}`);
  const moreButton = () => screen.getByRole('button', { name: 'Xem thêm kết quả' });

  afterEach(() => localStorage.clear());

  it('shows the first page, then appends the next ones from the keyboard, the focus on the first new result, until none is left', async () => {
    answerPages();
    renderAt('/search?q=pin');
    expect(await screen.findByRole('link', { name: 'Pin số 1' })).toBeInTheDocument();
    expect(titles()).toEqual(rank(1, SEARCH_PAGE_SIZE));
    expect(screen.getByText(`Hiển thị ${SEARCH_PAGE_SIZE} trên 20 kết quả`)).toBeInTheDocument();

    moreButton().focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: `Pin số ${SEARCH_PAGE_SIZE + 1}` })).toHaveFocus();
    expect(api.search).toHaveBeenLastCalledWith('pin', SEARCH_PAGE_SIZE, expect.anything(), undefined, SEARCH_PAGE_SIZE);
    expect(titles()).toEqual(rank(1, 2 * SEARCH_PAGE_SIZE));
    expect(screen.getByText(`Hiển thị ${2 * SEARCH_PAGE_SIZE} trên 20 kết quả`)).toBeInTheDocument();

    // the last page: every result shown, no button left, the focus on the first of them
    await userEvent.click(moreButton());
    expect(await screen.findByRole('link', { name: `Pin số ${2 * SEARCH_PAGE_SIZE + 1}` })).toHaveFocus();
    expect(titles()).toEqual(rank(1, 20));
    expect(screen.getByText('20 kết quả')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xem thêm kết quả' })).not.toBeInTheDocument();
    // the page was not reloaded: the first page was asked once
    expect(api.search.mock.calls.filter((call) => call[4] === undefined)).toHaveLength(1);
  });

  it('offers no "Xem thêm" when every result fits the first page', async () => {
    api.search.mockResolvedValue({ query: 'pin', total: 3, hits: ALL.slice(0, 3) });
    renderAt('/search?q=pin');
    expect(await screen.findByRole('link', { name: 'Pin số 3' })).toBeInTheDocument();
    expect(screen.getByText('3 kết quả')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xem thêm kết quả' })).not.toBeInTheDocument();
  });

  it('keeps the results shown when the next page fails, says why, and appends it on a second try', async () => {
    answerPages();
    renderAt('/search?q=pin');
    await screen.findByRole('link', { name: 'Pin số 1' });
    api.search.mockRejectedValueOnce(new ApiError('Không kết nối được máy chủ. Vui lòng thử lại.', 503, 'SERVICE_UNAVAILABLE'));
    await userEvent.click(moreButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Không kết nối được máy chủ. Vui lòng thử lại.');
    expect(titles()).toEqual(rank(1, SEARCH_PAGE_SIZE));
    expect(moreButton()).toHaveFocus();

    await userEvent.click(moreButton());
    expect(await screen.findByRole('link', { name: `Pin số ${SEARCH_PAGE_SIZE + 1}` })).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(titles()).toEqual(rank(1, 2 * SEARCH_PAGE_SIZE));
  });

  it('asks the next page for the chosen vehicle too', async () => {
    localStorage.setItem(STORAGE_KEYS.chosenVehicle, JSON.stringify({ modelId: 1, year: 2023, label: 'VinFast Feliz S', vehicleId: null, userId: null }));
    answerPages();
    renderAt('/search?q=pin');
    await screen.findByRole('link', { name: 'Pin số 1' });
    expect(api.search).toHaveBeenCalledWith('pin', SEARCH_PAGE_SIZE, expect.anything(), { fitModel: 1, fitYear: 2023 });
    await userEvent.click(moreButton());
    await screen.findByRole('link', { name: `Pin số ${SEARCH_PAGE_SIZE + 1}` });
    expect(api.search).toHaveBeenLastCalledWith('pin', SEARCH_PAGE_SIZE, expect.anything(), { fitModel: 1, fitYear: 2023 }, SEARCH_PAGE_SIZE);
  });

  it('starts again from the first page for a new search', async () => {
    answerPages();
    renderAt('/search?q=pin');
    await screen.findByRole('link', { name: 'Pin số 1' });
    await userEvent.click(moreButton());
    await screen.findByRole('link', { name: `Pin số ${SEARCH_PAGE_SIZE + 1}` });

    const input = screen.getByRole('searchbox', { name: 'Từ khóa' });
    await userEvent.clear(input);
    await userEvent.type(input, 'pin sạc{Enter}');
    await waitFor(() => expect(screen.getByText(`Hiển thị ${SEARCH_PAGE_SIZE} trên 20 kết quả`)).toBeInTheDocument());
    expect(titles()).toEqual(rank(1, SEARCH_PAGE_SIZE));
    expect(api.search).toHaveBeenLastCalledWith('pin sạc', SEARCH_PAGE_SIZE, expect.anything());
  });

  it('shows no result twice, and stops offering more, when the API answers the first page again (an API without paging)', async () => {
    api.search.mockImplementation(async (q, limit = 20) => ({ query: q, total: ALL.length, hits: ALL.slice(0, limit) }));
    renderAt('/search?q=pin');
    await screen.findByRole('link', { name: 'Pin số 1' });
    await userEvent.click(moreButton());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Xem thêm kết quả' })).not.toBeInTheDocument());
    expect(titles()).toEqual(rank(1, SEARCH_PAGE_SIZE));
    expect(within(screen.getAllByRole('listitem')[SEARCH_PAGE_SIZE - 1]!).getByRole('link')).toHaveFocus();
  });
});
