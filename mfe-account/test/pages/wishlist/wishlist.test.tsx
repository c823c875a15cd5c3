import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatVnd, sessionStore } from 'shared-contracts';
import type { Wishlist, WishlistItem } from 'shared-contracts/schemas';
import { readGuestWishlist, setGuestWishlisted } from 'shared-contracts/wishlist';
import { WishlistPage } from '../../../src/pages/wishlist/WishlistPage';
import { fail, logIn, mockFetch, ok, renderAccountPage, type RecordedCall } from '../../helpers';

function item(overrides: Partial<WishlistItem> = {}): WishlistItem {
  return {
    productId: 7,
    slug: 'cap-sac-type-2',
    name: 'Cáp sạc Type 2',
    image: '/api/media/catalogue/products/cap.svg',
    price: 1_250_000,
    originalPrice: null,
    priceWhenAdded: 1_250_000,
    stock: 12,
    available: true,
    notifyPriceDrop: false,
    notifyBackInStock: false,
    addedAt: '2026-11-22T03:15:00.000Z',
    ...overrides,
  };
}

const cable = item();
const battery = item({ productId: 1, slug: 'pin-lithium-48v-20ah', name: 'Pin lithium 48V 20Ah', image: null, price: 8_400_000, originalPrice: 8_900_000, priceWhenAdded: 8_900_000 });
const charger = item({ productId: 2, slug: 'sac-nhanh-60v', name: 'Bộ sạc nhanh 60V', stock: 0, available: false });
const list = (...items: WishlistItem[]): Wishlist => ({ items, count: items.length });

/** A fake server holding the wishlist: GET, PUT (opt-ins), DELETE. */
function serve(initial: WishlistItem[]) {
  let items = [...initial];
  return mockFetch((call: RecordedCall) => {
    if (call.method === 'GET' && call.path === '/api/wishlist') return ok(list(...items));
    const id = Number(call.path.split('/').pop());
    if (call.method === 'PUT') {
      items = items.map((entry) => (entry.productId === id ? { ...entry, ...(call.body as object) } : entry));
      return ok({ item: items.find((entry) => entry.productId === id) });
    }
    if (call.method === 'DELETE') {
      items = items.filter((entry) => entry.productId !== id);
      return ok(list(...items));
    }
    return fail(404, 'Không tìm thấy.');
  });
}

const entryOf = (name: string) => screen.getAllByTestId('wishlist-item').find((entry) => within(entry).queryByRole('heading', { name }))!;

beforeEach(() => {
  localStorage.clear();
  logIn();
});
afterEach(() => sessionStore.clear());

describe('/wishlist', () => {
  it('lists the saved products: link, price now, the drop since saving and "Hết hàng"', async () => {
    const { calls } = serve([cable, battery, charger]);
    renderAccountPage('/wishlist', <WishlistPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sản phẩm yêu thích');
    const entries = await screen.findAllByTestId('wishlist-item');
    expect(entries).toHaveLength(3);
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(1);

    expect(within(entries[0]!).getByRole('link', { name: 'Cáp sạc Type 2' })).toHaveAttribute('href', '/products/cap-sac-type-2');
    expect(within(entries[0]!).getByTestId('wishlist-price').textContent).toBe(formatVnd(1_250_000));
    expect(entries[0]).not.toHaveTextContent('Giảm từ');
    expect(entries[0]).not.toHaveTextContent('Hết hàng');
    expect(within(entries[0]!).getByRole('link', { name: 'Thêm vào giỏ: Cáp sạc Type 2 (mở trang sản phẩm)' })).toHaveAttribute('href', '/products/cap-sac-type-2');

    const dropped = within(entries[1]!).getByText((_, node) => node?.tagName === 'DEL' && node.textContent === `Giảm từ ${formatVnd(8_900_000)}`);
    expect(dropped.tagName).toBe('DEL');
    expect(within(entries[1]!).getByTestId('wishlist-price').textContent).toBe(formatVnd(8_400_000));

    expect(within(entries[2]!).getByText('Hết hàng')).toBeInTheDocument();
    expect(within(entries[2]!).queryByRole('link', { name: /Thêm vào giỏ/ })).toBeNull();
  });

  it('saves an opt-in at once and says so politely', async () => {
    const { calls } = serve([cable]);
    renderAccountPage('/wishlist', <WishlistPage />);
    await screen.findAllByTestId('wishlist-item');
    const priceDrop = screen.getByRole('checkbox', { name: 'Báo khi giảm giá' });
    expect(priceDrop).not.toBeChecked();

    await userEvent.click(priceDrop);
    expect(priceDrop).toBeChecked();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Đã bật “Báo khi giảm giá” cho Cáp sạc Type 2.'));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/api/wishlist/items/7');
    expect(put.body).toEqual({ notifyPriceDrop: true });
    expect(screen.getByRole('checkbox', { name: 'Báo khi có hàng' })).not.toBeChecked();
  });

  it('puts the box back and says why when the save is refused', async () => {
    mockFetch((call) => (call.method === 'GET' ? ok(list(cable)) : fail(404, 'Không tìm thấy sản phẩm.')));
    renderAccountPage('/wishlist', <WishlistPage />);
    await screen.findAllByTestId('wishlist-item');
    const backInStock = screen.getByRole('checkbox', { name: 'Báo khi có hàng' });
    await userEvent.click(backInStock);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Không tìm thấy sản phẩm.'));
    expect(backInStock).not.toBeChecked();
  });

  it('removes a product', async () => {
    const { calls } = serve([cable, battery]);
    renderAccountPage('/wishlist', <WishlistPage />);
    await screen.findAllByTestId('wishlist-item');
    await userEvent.click(within(entryOf('Pin lithium 48V 20Ah')).getByRole('button', { name: 'Bỏ khỏi yêu thích: Pin lithium 48V 20Ah' }));
    await waitFor(() => expect(screen.getAllByTestId('wishlist-item')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'DELETE')!.path).toBe('/api/wishlist/items/1');
    expect(screen.getByRole('status')).toHaveTextContent('Đã bỏ Pin lithium 48V 20Ah khỏi danh sách yêu thích.');
    expect(screen.queryByRole('link', { name: 'Pin lithium 48V 20Ah' })).toBeNull();
  });

  it('shows the empty state with a way to the products', async () => {
    serve([]);
    renderAccountPage('/wishlist', <WishlistPage />);
    expect(await screen.findByText(/Bạn chưa có sản phẩm yêu thích nào/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Xem sản phẩm' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('list', { name: 'Danh sách sản phẩm yêu thích' })).toBeNull();
  });

  it("merges hearts given as a guest before the login first, so they are on the list", async () => {
    setGuestWishlisted(7, true);
    // the server has the product only once the merge has run
    const { calls } = mockFetch((call) => ok(call.method === 'POST' || calls.some((earlier) => earlier.method === 'POST') ? list(cable) : list()));
    renderAccountPage('/wishlist', <WishlistPage />);
    expect(await screen.findAllByTestId('wishlist-item')).toHaveLength(1);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/wishlist/merge', 'GET /api/wishlist']);
    expect(calls[0]!.body).toEqual({ productIds: [7] });
    expect(readGuestWishlist()).toEqual([]);
  });

  it('says when the list cannot be loaded and tries again', async () => {
    let attempts = 0;
    mockFetch(() => (++attempts === 1 ? fail(500, 'Lỗi máy chủ.') : ok(list(cable))));
    renderAccountPage('/wishlist', <WishlistPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Không tải được danh sách yêu thích.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findAllByTestId('wishlist-item')).toHaveLength(1);
  });
});
