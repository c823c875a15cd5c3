import type { SearchResult } from 'shared-contracts/schemas';
import { storefrontApi } from '../../src/api/storefrontApi';
import * as fixtures from '../support/fixtures';

/**
 * The product list and the search ask for the card form (issue 70 §2). The answers come at the fetch level (jsdom has
 * none), so the query string is the one the browser sends; an API older than the card form ignores `view` and answers
 * the full form, which must read as the same cards.
 */
const asked: URL[] = [];
let answer: unknown;

beforeEach(() => {
  asked.length = 0;
  globalThis.fetch = jest.fn(async (input: string) => {
    asked.push(new URL(input));
    return { ok: true, status: 200, text: async () => JSON.stringify({ success: true, message: 'Thành công', data: answer }) };
  }) as unknown as typeof fetch;
});

const discounted = fixtures.product({
  id: 2,
  slug: 'sac-nhanh-60v',
  name: 'Bộ sạc nhanh 60V',
  price: 1_250_000,
  originalPrice: 1_500_000,
  discountPercent: 17,
  stock: 3,
  ratingAverage: 4.5,
  ratingCount: 12,
});

describe('storefrontApi.products', () => {
  it('asks for the card form with the page’s filters', async () => {
    answer = fixtures.productPage([fixtures.product()]);
    await storefrontApi.products({ sort: 'popular', page: 1, pageSize: 12, category: 'pin-bo-sac' });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.pathname).toBe('/api/products');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ sort: 'popular', page: '1', pageSize: '12', category: 'pin-bo-sac', view: 'card' });
  });

  it('gives the cards as the API sent them', async () => {
    answer = fixtures.productPage([fixtures.product(), discounted]);
    expect(await storefrontApi.products({})).toEqual(answer);
  });

  it('reads an answer in the full form (an older API) as the same cards', async () => {
    answer = fixtures.fullProductPage([fixtures.product(), discounted, fixtures.product({ id: 3, slug: 'cap-sac', name: 'Cáp sạc', image: null, stock: 0, inStock: false })]);
    const page = await storefrontApi.products({});
    expect(page.items).toEqual([
      { id: 1, slug: 'pin-lithium-48v-20ah', name: 'Pin lithium 48V 20Ah', brand: 'VinFast', price: 8_900_000, stock: 12, image: '/api/media/catalogue/products/pin-lithium-48v-20ah.svg' },
      {
        id: 2,
        slug: 'sac-nhanh-60v',
        name: 'Bộ sạc nhanh 60V',
        brand: 'VinFast',
        price: 1_250_000,
        stock: 3,
        originalPrice: 1_500_000,
        discountPercent: 17,
        image: '/api/media/catalogue/products/pin-lithium-48v-20ah.svg',
        ratingAverage: 4.5,
        ratingCount: 12,
      },
      { id: 3, slug: 'cap-sac', name: 'Cáp sạc', brand: 'VinFast', price: 8_900_000, stock: 0 },
    ]);
    expect(page).toMatchObject({ total: 3, page: 1, totalPages: 1 });
  });
});

describe('storefrontApi.search', () => {
  const full: SearchResult = {
    query: 'pin',
    total: 2,
    hits: [
      {
        type: 'product',
        id: 1,
        slug: 'pin-lithium-48v-20ah',
        title: 'Pin lithium 48V 20Ah',
        subtitle: 'VinFast · Pin & bộ sạc',
        price: 8_900_000,
        image: { url: '/api/media/catalogue/products/pin-lithium-48v-20ah.svg', width: 800, height: 600, alt: 'Pin lithium 48V 20Ah' },
        url: '/products/pin-lithium-48v-20ah',
      },
      { type: 'service', id: 5, slug: 'kiem-tra-pin-bms', title: 'Kiểm tra pin & BMS', subtitle: '', price: 350_000, image: null, url: '/services#kiem-tra-pin-bms' },
    ],
  };
  const cards = [
    { type: 'product', title: 'Pin lithium 48V 20Ah', subtitle: 'VinFast · Pin & bộ sạc', price: 8_900_000, url: '/products/pin-lithium-48v-20ah', image: '/api/media/catalogue/products/pin-lithium-48v-20ah.svg' },
    { type: 'service', title: 'Kiểm tra pin & BMS', subtitle: '', price: 350_000, url: '/services#kiem-tra-pin-bms' },
  ];

  it('asks for the card form, and gives its hits as sent', async () => {
    answer = { query: 'pin', total: 2, hits: cards };
    expect(await storefrontApi.search('pin', 50)).toEqual(answer);
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ q: 'pin', limit: '50', view: 'card' });
  });

  it('reads an answer in the full form (an older API) as the same cards', async () => {
    answer = full;
    expect(await storefrontApi.search('pin', 50)).toEqual({ query: 'pin', total: 2, hits: cards });
  });
});
