import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { apiClient, ApiError } from 'shared-contracts';
import type { SearchCardResult, SearchResult } from 'shared-contracts/schemas';
import { SEARCH_DEBOUNCE_MS, SearchBox } from '../src/header/SearchBox';

/** The card form the box asks for (GET /api/search?view=card). */
const RESULT: SearchCardResult = {
  query: 'pin',
  total: 3,
  hits: [
    { type: 'product', title: 'Pin lithium 48V 20Ah', subtitle: 'VinFast', price: 8_900_000, url: '/products/pin-lithium-48v-20ah', image: '/api/media/catalogue/products/pin.svg' },
    { type: 'service', title: 'Kiểm tra pin & BMS', subtitle: '', price: 350_000, url: '/services#kiem-tra-pin-bms' },
    { type: 'package', title: 'Gói tiêu chuẩn', subtitle: '', price: 1_500_000, url: '/packages#tieu-chuan' },
  ],
};

/** The same answer in the full form, as an API older than the card form gives it (it ignores `view`). */
const FULL_RESULT: SearchResult = {
  query: 'pin',
  total: 3,
  hits: [
    {
      type: 'product',
      id: 1,
      slug: 'pin-lithium-48v-20ah',
      title: 'Pin lithium 48V 20Ah',
      subtitle: 'VinFast',
      price: 8_900_000,
      image: { url: '/api/media/catalogue/products/pin.svg', width: 800, height: 600, alt: 'Pin lithium 48V 20Ah' },
      url: '/products/pin-lithium-48v-20ah',
    },
    { type: 'service', id: 5, slug: 'kiem-tra-pin-bms', title: 'Kiểm tra pin & BMS', subtitle: '', price: 350_000, image: null, url: '/services#kiem-tra-pin-bms' },
    { type: 'package', id: 2, slug: 'tieu-chuan', title: 'Gói tiêu chuẩn', subtitle: '', price: 1_500_000, image: null, url: '/packages#tieu-chuan' },
  ],
};

function Probe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</div>;
}

function renderSearch() {
  render(
    <MemoryRouter initialEntries={['/']}>
      <SearchBox />
      <Probe />
    </MemoryRouter>,
  );
}

let get: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  get = jest.spyOn(apiClient, 'get').mockResolvedValue({ success: true, message: 'OK', data: RESULT });
});

afterEach(() => {
  get.mockRestore();
  jest.useRealTimers();
});

const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

async function openAndType(text: string) {
  const u = user();
  await u.click(screen.getByRole('button', { name: 'Tìm kiếm' }));
  await u.type(screen.getByRole('combobox', { name: 'Tìm kiếm' }), text);
  return u;
}

describe('the header search box', () => {
  it('asks the API once, 250 ms after the last keystroke, with the whole query, for the card form', async () => {
    renderSearch();
    await openAndType('pin');
    expect(get).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 10));
    expect(get).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(10));
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/search', expect.objectContaining({ query: { q: 'pin', limit: 6, view: 'card' } }));
    expect(await screen.findByRole('option', { name: /Pin lithium 48V 20Ah/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Gói tiêu chuẩn/ })).toHaveTextContent('1.500.000');
    expect(screen.getByRole('link', { name: 'Xem tất cả kết quả cho “pin”' })).toHaveAttribute('href', '/search?q=pin');
  });

  it('shows and opens the same results from an API that answers the full form', async () => {
    get.mockResolvedValue({ success: true, message: 'OK', data: FULL_RESULT });
    renderSearch();
    const u = await openAndType('pin');
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByRole('option', { name: /Pin lithium 48V 20Ah/ })).toHaveTextContent('Sản phẩm · 8.900.000');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringContaining('Pin lithium 48V 20Ah'),
      expect.stringContaining('Kiểm tra pin & BMS'),
      expect.stringContaining('Gói tiêu chuẩn'),
    ]);
    await u.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/packages#tieu-chuan');
  });

  it('does not search for a single character', async () => {
    renderSearch();
    await openAndType('p');
    await act(async () => jest.advanceTimersByTime(1000));
    expect(get).not.toHaveBeenCalled();
  });

  it('moves through the results with the arrows and opens the chosen one with Enter', async () => {
    renderSearch();
    const u = await openAndType('pin');
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    const input = screen.getByRole('combobox');
    await screen.findByRole('option', { name: /Pin lithium/ });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await u.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: /Kiểm tra pin & BMS/ });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', second.id);
    await u.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: /Gói tiêu chuẩn/ })).toHaveAttribute('aria-selected', 'true');
    await u.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/services#kiem-tra-pin-bms');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('Enter without a chosen result opens the full results page', async () => {
    renderSearch();
    const u = await openAndType('cáp sạc');
    await u.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=c%C3%A1p%20s%E1%BA%A1c');
  });

  it('Escape closes the box and gives the focus back to the button', async () => {
    renderSearch();
    const u = await openAndType('pin');
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tìm kiếm' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Tìm kiếm' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when nothing matches, and shows API errors in Vietnamese', async () => {
    get.mockResolvedValueOnce({ success: true, message: 'OK', data: { query: 'xyz', total: 0, hits: [] } });
    renderSearch();
    const u = await openAndType('xyz');
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText('Không tìm thấy kết quả phù hợp.')).toBeInTheDocument();

    get.mockRejectedValueOnce(new ApiError('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.', 500, 'HTTP_500'));
    await u.type(screen.getByRole('combobox'), 'z');
    await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText('Máy chủ đang gặp sự cố. Vui lòng thử lại sau.')).toBeInTheDocument();
  });
});
