import { amountInVietnameseWords } from '../src/invoices/amountInWords';
import { validateVietnameseTaxCode, taxCodeMessages } from '../src/invoices/taxCode';
import { vatInvoiceRequestInputSchema } from '../src/schemas/invoices';

describe('amountInVietnameseWords', () => {
  it.each([
    [0, 'Không đồng'],
    [1, 'Một đồng'],
    [5, 'Năm đồng'],
    [10, 'Mười đồng'],
    [11, 'Mười một đồng'],
    [15, 'Mười lăm đồng'],
    [21, 'Hai mươi mốt đồng'],
    [24, 'Hai mươi bốn đồng'],
    [25, 'Hai mươi lăm đồng'],
    [105, 'Một trăm linh năm đồng'],
    [110, 'Một trăm mười đồng'],
    [1_000, 'Một nghìn đồng'],
    [1_001, 'Một nghìn không trăm linh một đồng'],
    [10_010, 'Mười nghìn không trăm mười đồng'],
    [215_000, 'Hai trăm mười lăm nghìn đồng'],
    [1_005_000, 'Một triệu không trăm linh năm nghìn đồng'],
    [1_000_001, 'Một triệu không trăm linh một đồng'],
    [1_500_000, 'Một triệu năm trăm nghìn đồng'],
    [21_000_000, 'Hai mươi mốt triệu đồng'],
    [120_000_500, 'Một trăm hai mươi triệu năm trăm đồng'],
    [1_000_000_000, 'Một tỷ đồng'],
    [1_000_000_005, 'Một tỷ không trăm linh năm đồng'],
    [2_031_000_000, 'Hai tỷ không trăm ba mươi mốt triệu đồng'],
    [3_000_000_000_000, 'Ba nghìn tỷ đồng'],
    [5_000_000_000_000_000, 'Năm triệu tỷ đồng'],
  ])('%d → %s', (amount, words) => {
    expect(amountInVietnameseWords(amount)).toBe(words);
  });

  it('refuses what is not whole, non-negative VND', () => {
    expect(() => amountInVietnameseWords(-1)).toThrow(RangeError);
    expect(() => amountInVietnameseWords(1.5)).toThrow(RangeError);
    expect(() => amountInVietnameseWords(Number.NaN)).toThrow(RangeError);
  });
});

describe('validateVietnameseTaxCode', () => {
  // Σ over the first nine digits with 31, 29, 23, 19, 17, 13, 7, 5, 3; check = 10 − Σ mod 11:
  // 010023348 → 0+29+0+0+34+39+21+20+24 = 167, 167 mod 11 = 2, check 8.
  // 031440905 → 0+87+23+76+68+0+63+0+15 = 332, 332 mod 11 = 2, check 8.
  // 030961287 → 0+87+0+171+102+13+14+40+21 = 448, 448 mod 11 = 8, check 2.
  // 031303239 → 0+87+23+57+0+39+14+15+27 = 262, 262 mod 11 = 9, check 1.
  it.each([
    ['0100233488', '0100233488'],
    ['0309612872', '0309612872'],
    [' 0313 032 391 ', '0313032391'],
    ['0314409058-002', '0314409058-002'],
    ['0314409058002', '0314409058-002'],
  ])('accepts %j as %j', (input, normalised) => {
    expect(validateVietnameseTaxCode(input)).toEqual({ valid: true, taxCode: normalised });
  });

  it.each([
    ['0100233480', taxCodeMessages.checkDigit],
    ['0309612873', taxCodeMessages.checkDigit],
    ['0314409059-002', taxCodeMessages.checkDigit],
    // 000000012 → 5 + 6 = 11, remainder 0: a check digit of 10 is never issued.
    ['0000000120', taxCodeMessages.checkDigit],
    ['0314409058-000', taxCodeMessages.branch],
    ['12345', taxCodeMessages.shape],
    ['01002334881', taxCodeMessages.shape],
    ['0100233488-01', taxCodeMessages.shape],
    ['01002334AB', taxCodeMessages.shape],
    ['', taxCodeMessages.required],
  ])('refuses %j', (input, message) => {
    expect(validateVietnameseTaxCode(input)).toEqual({ valid: false, message });
  });
});

describe('vatInvoiceRequestInputSchema', () => {
  const good = { companyName: 'Công ty TNHH Xe Điện Sài Gòn', taxCode: '0314409058 002', address: '12 Lê Lợi, Phường Bến Thành, TP. Hồ Chí Minh', email: 'KeToan@XeDien.vn' };

  it('normalises the tax code and the email', () => {
    expect(vatInvoiceRequestInputSchema.parse(good)).toEqual({ ...good, taxCode: '0314409058-002', email: 'ketoan@xedien.vn' });
  });

  it.each([
    ['taxCode', { taxCode: '0100233480' }, taxCodeMessages.checkDigit],
    ['companyName', { companyName: 'x'.repeat(201) }, 'Tên công ty tối đa 200 ký tự.'],
    ['companyName', { companyName: '   ' }, 'Vui lòng nhập tên công ty.'],
    ['address', { address: 'x'.repeat(301) }, 'Địa chỉ tối đa 300 ký tự.'],
    ['email', { email: 'ketoan@' }, 'Email không hợp lệ.'],
  ])('refuses a bad %s in Vietnamese', (field, change, message) => {
    const result = vatInvoiceRequestInputSchema.safeParse({ ...good, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([field, message]);
  });
});
