import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, eventBus, type BusMessage } from 'shared-contracts';
import { apiParams, pageWindow, readFilters, toQuery } from '../../../src/pages/products/productQuery';
import * as fixtures from '../../support/fixtures';
import { money } from '../../support/fixtures';
import { answerWithFixtures, api, goBack, renderAt } from '../../support/render';

jest.mock('../../../src/api/storefrontApi');

beforeEach(() => {
  jest.resetAllMocks();
  answerWithFixtures();
});

const location = () => screen.getByTestId('location').textContent;
const lastQuery = () => api.products.mock.calls[api.products.mock.calls.length - 1]![0];

describe('the product list', () => {
  it('renders the API products with Vietnamese prices, discounts and stock state', async () => {
    api.products.mockResolvedValue(
      fixtures.productPage([
        fixtures.product(),
        fixtures.product({ id: 2, slug: 'sac-nhanh-60v', name: 'Bộ sạc nhanh 60V', price: 1_250_000, originalPrice: 1_500_000, discountPercent: 17, stock: 3 }),
        fixtures.product({ id: 3, slug: 'cap-sac-type-2', name: 'Cáp sạc Type 2', price: 2_400_000, stock: 0, inStock: false, image: null }),
      ]),
    );
    renderAt('/products');
    const cards = await screen.findAllByTestId('product-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('link', { name: 'Pin lithium 48V 20Ah' })).toHaveAttribute('href', '/products/pin-lithium-48v-20ah');
    expect(within(cards[0]!).getByTestId('price')).toHaveTextContent(money(8_900_000));
    expect(within(cards[0]!).getByText('Còn hàng')).toBeInTheDocument();
    expect(within(cards[1]!).getByTestId('price')).toHaveTextContent('1.250.000 ₫');
    expect(within(cards[1]!).getByText(money(1_500_000)).tagName).toBe('DEL');
    expect(cards[1]).toHaveTextContent('-17%');
    expect(within(cards[1]!).getByText('Chỉ còn 3 sản phẩm')).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('button', { name: 'Hết hàng: Cáp sạc Type 2' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('3 sản phẩm');
    expect(cards[0]).toHaveTextContent('VinFast');
    // the card form's image is its URL: the <img> gets the card's 4:3 box size
    const image = within(cards[0]!).getByRole('presentation');
    expect(image).toHaveAttribute('src', '/api/media/catalogue/products/pin-lithium-48v-20ah.svg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '600');
    expect(within(cards[2]!).queryByRole('presentation')).toBeNull();
  });

  it('asks the API with the defaults: popular first, page 1', async () => {
    renderAt('/products');
    await screen.findAllByTestId('product-card');
    expect(api.products).toHaveBeenCalledTimes(1);
    expect(lastQuery()).toEqual({ sort: 'popular', page: 1, pageSize: 12 });
  });

  it('reads every filter of a shared link and sends it to the API', async () => {
    renderAt('/products?category=pin-bo-sac&brand=vinfast&minPrice=1000000&maxPrice=9000000&inStock=1&model=Evo200&sort=price_asc&page=2');
    await screen.findAllByTestId('product-card');
    expect(lastQuery()).toEqual({
      category: 'pin-bo-sac',
      brand: 'vinfast',
      minPrice: 1_000_000,
      maxPrice: 9_000_000,
      inStock: true,
      model: 'Evo200',
      sort: 'price_asc',
      page: 2,
      pageSize: 12,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Pin & bộ sạc' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Danh mục' })).toHaveValue('pin-bo-sac');
    expect(screen.getByRole('combobox', { name: 'Sắp xếp' })).toHaveValue('price_asc');
    expect(screen.getByRole('checkbox', { name: 'Chỉ hiện hàng còn trong kho' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Giá từ (₫)' })).toHaveValue(1_000_000);
    expect(screen.getByRole('textbox', { name: 'Dòng xe tương thích' })).toHaveValue('Evo200');
    expect(document.title).toBe('Pin & bộ sạc – Sản phẩm | EV Service');
  });

  it('ignores malformed query values instead of sending them', async () => {
    renderAt('/products?category=<script>&minPrice=abc&sort=cheapest&page=-3&inStock=maybe');
    await screen.findAllByTestId('product-card');
    expect(lastQuery()).toEqual({ sort: 'popular', page: 1, pageSize: 12 });
  });

  it('changing a filter puts it in the URL, goes back to page 1 and queries the API', async () => {
    renderAt('/products?page=3');
    await screen.findAllByTestId('product-card');
    await screen.findByRole('option', { name: 'Cáp sạc' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Danh mục' }), 'cap-sac');
    expect(location()).toBe('/products?category=cap-sac');
    await waitFor(() => expect(lastQuery()).toEqual({ category: 'cap-sac', sort: 'popular', page: 1, pageSize: 12 }));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Thương hiệu' }), 'yadea');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sắp xếp' }), 'price_desc');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Chỉ hiện hàng còn trong kho' }));
    expect(location()).toBe('/products?category=cap-sac&brand=yadea&inStock=1&sort=price_desc');
    await waitFor(() => expect(lastQuery()).toEqual({ category: 'cap-sac', brand: 'yadea', inStock: true, sort: 'price_desc', page: 1, pageSize: 12 }));
  });

  it('applies the price range and model with Áp dụng, and refuses a reversed range', async () => {
    renderAt('/products');
    await screen.findAllByTestId('product-card');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Giá từ (₫)' }), '5000000');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Giá đến (₫)' }), '1000000');
    await userEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Giá tối thiểu phải nhỏ hơn hoặc bằng giá tối đa.');
    expect(location()).toBe('/products');

    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Giá đến (₫)' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Giá đến (₫)' }), '9000000');
    await userEvent.type(screen.getByRole('textbox', { name: 'Dòng xe tương thích' }), 'Feliz');
    await userEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(location()).toBe('/products?minPrice=5000000&maxPrice=9000000&model=Feliz');
    await waitFor(() => expect(lastQuery()).toEqual({ minPrice: 5_000_000, maxPrice: 9_000_000, model: 'Feliz', sort: 'popular', page: 1, pageSize: 12 }));

    await userEvent.click(screen.getByRole('button', { name: 'Xóa bộ lọc' }));
    expect(location()).toBe('/products');
  });

  it('the back button returns to the previous filters and their results', async () => {
    renderAt('/products?category=pin-bo-sac');
    await screen.findAllByTestId('product-card');
    await screen.findByRole('option', { name: 'Cáp sạc' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Danh mục' }), 'cap-sac');
    await waitFor(() => expect(lastQuery()).toMatchObject({ category: 'cap-sac' }));
    act(() => goBack());
    expect(location()).toBe('/products?category=pin-bo-sac');
    await waitFor(() => expect(lastQuery()).toMatchObject({ category: 'pin-bo-sac' }));
    expect(screen.getByRole('combobox', { name: 'Danh mục' })).toHaveValue('pin-bo-sac');
  });

  it('says so when no product matches, and shows API errors with Thử lại', async () => {
    api.products.mockResolvedValueOnce(fixtures.productPage([]));
    renderAt('/products?model=xe-khong-ton-tai');
    expect(await screen.findByText('Không có sản phẩm nào phù hợp với bộ lọc.')).toBeInTheDocument();

    api.products.mockRejectedValueOnce(new ApiError('Máy chủ phản hồi quá lâu. Vui lòng thử lại.', 0, 'TIMEOUT'));
    await userEvent.click(screen.getByRole('button', { name: 'Xóa bộ lọc' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Máy chủ phản hồi quá lâu. Vui lòng thử lại.');
    await userEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
  });
});

describe('pagination', () => {
  it('links every page through the URL, keeping the filters, and marks the current one', async () => {
    api.products.mockResolvedValue(fixtures.productPage([fixtures.product()], { total: 60, page: 2, totalPages: 5 }));
    renderAt('/products?category=pin-bo-sac&page=2');
    const nav = await screen.findByRole('navigation', { name: 'Phân trang' });
    expect(within(nav).getByRole('link', { name: 'Trang 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Trang trước' })).toHaveAttribute('href', '/products?category=pin-bo-sac');
    expect(within(nav).getByRole('link', { name: 'Trang sau' })).toHaveAttribute('href', '/products?category=pin-bo-sac&page=3');
    expect(within(nav).getByRole('link', { name: 'Trang 5' })).toHaveAttribute('href', '/products?category=pin-bo-sac&page=5');

    await userEvent.click(within(nav).getByRole('link', { name: 'Trang sau' }));
    expect(location()).toBe('/products?category=pin-bo-sac&page=3');
    await waitFor(() => expect(lastQuery()).toEqual({ category: 'pin-bo-sac', sort: 'popular', page: 3, pageSize: 12 }));
  });

  it('is absent for a single page', async () => {
    renderAt('/products');
    await screen.findAllByTestId('product-card');
    expect(screen.queryByRole('navigation', { name: 'Phân trang' })).not.toBeInTheDocument();
  });

  it('shows the first, the last and the pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe('the product query', () => {
  it('round-trips through the URL and swaps a reversed price range', () => {
    const filters = readFilters(new URLSearchParams('minPrice=900&maxPrice=100&sort=newest'));
    expect(filters).toMatchObject({ minPrice: 100, maxPrice: 900, sort: 'newest' });
    expect(toQuery(filters).toString()).toBe('minPrice=100&maxPrice=900&sort=newest');
    expect(apiParams(filters)).toEqual({ minPrice: 100, maxPrice: 900, sort: 'newest', page: 1, pageSize: 12 });
  });
});

describe('the product page', () => {
  it('shows the product: name, price, stock, compatible models, specifications', async () => {
    renderAt('/products/pin-lithium-48v-20ah');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pin lithium 48V 20Ah' })).toBeInTheDocument();
    expect(api.product).toHaveBeenCalledWith('pin-lithium-48v-20ah', expect.anything());
    expect(screen.getByTestId('price')).toHaveTextContent(money(8_900_000));
    expect(screen.getByTestId('stock')).toHaveTextContent('Còn hàng');
    expect(screen.getByRole('link', { name: 'VinFast Evo200' })).toHaveAttribute('href', '/products?model=VinFast%20Evo200');
    expect(screen.getByRole('rowheader', { name: 'Điện áp' }).nextElementSibling).toHaveTextContent('48V');
    expect(screen.getByText('Bảo hành 12 tháng')).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Pin lithium 48V 20Ah' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('width', '800');
    expect(document.title).toBe('Pin lithium 48V 20Ah | EV Service');
  });

  it.each([
    [0, 'Hết hàng'],
    [2, 'Chỉ còn 2 sản phẩm'],
    [40, 'Còn hàng'],
  ])('with %i in stock says %s', async (stock, label) => {
    api.product.mockResolvedValue(fixtures.productDetail({ stock, inStock: stock > 0 }));
    renderAt('/products/pin-lithium-48v-20ah');
    expect(await screen.findByTestId('stock')).toHaveTextContent(label);
    const button = screen.getByRole('button', { name: new RegExp(`^(Thêm vào giỏ|Hết hàng): Pin lithium 48V 20Ah$`) });
    if (stock === 0) expect(button).toBeDisabled();
    else expect(button).toBeEnabled();
  });

  it('Thêm vào giỏ publishes cart/item-added with the product line and quantity; the cart owner adds it and says so', async () => {
    const published: BusMessage[] = [];
    const subscription = eventBus.all().subscribe((message) => published.push(message));
    try {
      renderAt('/products/pin-lithium-48v-20ah');
      const quantity = await screen.findByRole('spinbutton', { name: 'Số lượng' });
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '2');
      await userEvent.click(screen.getByRole('button', { name: 'Thêm vào giỏ: Pin lithium 48V 20Ah' }));
      await waitFor(() => expect(published).toContainEqual({ type: 'toast/show', payload: { type: 'success', message: 'Đã thêm vào giỏ hàng' } }));
      expect(published).toContainEqual({
        type: 'cart/item-added',
        payload: {
          item: {
            id: 'product-1',
            kind: 'product',
            refId: 1,
            slug: 'pin-lithium-48v-20ah',
            name: 'Pin lithium 48V 20Ah',
            price: 8_900_000,
            image: '/api/media/catalogue/products/pin-lithium-48v-20ah.svg',
            stock: 12,
          },
          quantity: 2,
        },
      });
      const added = published.findIndex((message) => message.type === 'cart/item-added');
      expect(published.slice(added)).toContainEqual({ type: 'cart/changed', payload: { itemCount: 2, total: 17_800_000 } });
    } finally {
      subscription.unsubscribe();
    }
  });

  it('the list\'s Thêm vào giỏ adds one', async () => {
    const added = jest.fn();
    const subscription = eventBus.on('cart/item-added').subscribe(added);
    try {
      renderAt('/products');
      await userEvent.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Pin lithium 48V 20Ah' }));
      await waitFor(() => expect(added).toHaveBeenCalled());
      expect(added).toHaveBeenCalledWith(expect.objectContaining({ quantity: 1, item: expect.objectContaining({ slug: 'pin-lithium-48v-20ah' }) }));
      expect(location()).toBe('/products');
    } finally {
      subscription.unsubscribe();
    }
  });

  it('says when the product does not exist', async () => {
    api.product.mockRejectedValue(new ApiError('Không tìm thấy sản phẩm.', 404, 'NOT_FOUND'));
    renderAt('/products/khong-co');
    expect(await screen.findByRole('heading', { level: 1, name: 'Không tìm thấy sản phẩm' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quay lại danh sách sản phẩm' })).toHaveAttribute('href', '/products');
  });
});
