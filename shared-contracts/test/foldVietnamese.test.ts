import { foldVietnamese, foldedWords, highlightRanges } from '../src/text/foldVietnamese';
import { contactMessageInputSchema, normaliseVietnameseMobile, productListQuerySchema } from '../src/schemas/catalogue';

describe('foldVietnamese', () => {
  it.each([
    ['Bộ sạc', 'bo sac'],
    ['Pin Lithium-ion LFP 48V 20Ah', 'pin lithium ion lfp 48v 20ah'],
    ['Đèn LED – ĐỘNG CƠ', 'den led dong co'],
    ['đường Điện Biên Phủ', 'duong dien bien phu'],
    ['Bảo dưỡng nâng cao', 'bao duong nang cao'],
    ['Ắc quy ơ ư ă â ê ô', 'ac quy o u a a e o'],
    ['  Lốp   Michelin 90/90-12  ', 'lop michelin 90 90 12'],
    ['Phụ kiện & dụng cụ!!!', 'phu kien dung cu'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (text, folded) => {
    expect(foldVietnamese(text)).toBe(folded);
  });

  it('folds decomposed (NFD) text like composed text', () => {
    expect(foldVietnamese('Bộ sạc'.normalize('NFD'))).toBe('bo sac');
  });

  it('splits into folded words', () => {
    expect(foldedWords('Gói  cao cấp')).toEqual(['goi', 'cao', 'cap']);
    expect(foldedWords(' - ')).toEqual([]);
  });
});

describe('highlightRanges', () => {
  it('finds the folded query in the original text, positions of the original', () => {
    const text = 'Bộ sạc nhanh 60V';
    expect(highlightRanges(text, 'SAC')).toEqual([{ start: 3, end: 6 }]);
    expect(text.slice(3, 6)).toBe('sạc');
    expect(highlightRanges('Đèn pha LED', 'den led').map(({ start, end }) => 'Đèn pha LED'.slice(start, end))).toEqual(['Đèn', 'LED']);
  });

  it('merges overlapping matches and answers nothing for an empty query or no match', () => {
    expect(highlightRanges('pin pin lithium', 'pin lithium')).toEqual([
      { start: 0, end: 3 },
      { start: 4, end: 7 },
      { start: 8, end: 15 },
    ]);
    expect(highlightRanges('Lithium-ion', 'lith thium')).toEqual([{ start: 0, end: 7 }]);
    expect(highlightRanges('Bộ sạc', '  ')).toEqual([]);
    expect(highlightRanges('Bộ sạc', 'lop')).toEqual([]);
  });
});

describe('catalogue input rules', () => {
  it.each([
    ['0912 345 678', '0912345678'],
    ['+84 912.345.678', '0912345678'],
    ['84-389-123-456', '0389123456'],
    ['0212345678', null],
    ['091234567', null],
    ['024 3795 6688', null],
  ])('normaliseVietnameseMobile(%j) → %j', (input, expected) => {
    expect(normaliseVietnameseMobile(input)).toBe(expected);
  });

  it('needs an email or a phone on the contact form', () => {
    const base = { name: 'Trần Văn Nam', subject: 'Đặt lịch', message: 'Tôi muốn đặt lịch bảo dưỡng xe.' };
    expect(contactMessageInputSchema.safeParse(base).success).toBe(false);
    expect(contactMessageInputSchema.parse({ ...base, phone: '0987 654 321' }).phone).toBe('0987654321');
    expect(contactMessageInputSchema.parse({ ...base, email: 'nam@example.vn', phone: '' }).phone).toBeUndefined();
  });

  it('applies the product list defaults and reads query-string values', () => {
    expect(productListQuerySchema.parse({})).toEqual({ sort: 'popular', page: 1, pageSize: 24 });
    expect(productListQuerySchema.parse({ inStock: '0', minPrice: '100000', pageSize: '48' })).toMatchObject({ inStock: false, minPrice: 100_000, pageSize: 48 });
    expect(productListQuerySchema.safeParse({ pageSize: '49' }).success).toBe(false);
  });
});
