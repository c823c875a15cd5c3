import {
  cartAddItemInputSchema,
  cartLineParamsSchema,
  contactMessageInputSchema,
  DB_INTEGER_MAX,
  idInput,
  idParamsSchema,
  integerInput,
  isSafeText,
  loginRequestSchema,
  numberInput,
  orderCreateInputSchema,
  parseCartLineId,
  productListQuerySchema,
  productSlugParamsSchema,
  textInput,
  UNSAFE_TEXT_MESSAGE,
  updateProfileRequestSchema,
  vehicleInputSchema,
  verifyEmailRequestSchema,
} from '../src/schemas';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? [] : result.error!.issues.map((issue) => issue.message));

/** Every code point of the C0 block, DEL and the C1 block. */
const CONTROL_CHARACTERS = [...Array.from({ length: 0x20 }, (_, code) => code), ...Array.from({ length: 0x21 }, (_, index) => 0x7f + index)].map((code) =>
  String.fromCharCode(code),
);
const LINE_BREAKS_AND_TAB = ['\t', '\n', '\r'];

describe('textInput: the string every request schema builds on', () => {
  it('refuses each control character (C0, DEL, C1) inside a single-line value, with a Vietnamese message', () => {
    const line = textInput();
    for (const character of CONTROL_CHARACTERS) {
      expect(messagesOf(line.safeParse(`Nguyễn${character}Văn`))).toEqual([UNSAFE_TEXT_MESSAGE]);
    }
    expect(UNSAFE_TEXT_MESSAGE).toMatch(/ký tự không hợp lệ/);
  });

  it('keeps tab, line feed and carriage return in a multi-line value, and still refuses the other controls', () => {
    const note = textInput({ multiline: true });
    for (const character of LINE_BREAKS_AND_TAB) expect(note.parse(`Dòng 1${character}Dòng 2`)).toBe(`Dòng 1${character}Dòng 2`);
    for (const character of CONTROL_CHARACTERS.filter((candidate) => !LINE_BREAKS_AND_TAB.includes(candidate))) {
      expect(note.safeParse(`Dòng 1${character}Dòng 2`).success).toBe(false);
    }
  });

  it('refuses a lone surrogate, high or low, at any place; accepts a pair (an emoji) and Vietnamese text', () => {
    for (const value of ['\ud800', 'ab\udbffcd', '\udc00xyz', 'xyz\udfff', '😀\ud83d']) {
      expect(messagesOf(textInput().safeParse(value))).toEqual([UNSAFE_TEXT_MESSAGE]);
      expect(textInput({ multiline: true }).safeParse(value).success).toBe(false);
    }
    expect(textInput().parse('Xe đi làm 😀 — Đà Nẵng')).toBe('Xe đi làm 😀 — Đà Nẵng');
    expect(isSafeText('Đường Trần Duy Hưng')).toBe(true);
  });

  it('trims before checking when asked: a pasted line break around a name is dropped, not refused', () => {
    expect(textInput({ trim: true }).parse('\tNguyễn Văn An\r\n')).toBe('Nguyễn Văn An');
    expect(textInput().safeParse('Nguyễn Văn An\n').success).toBe(false);
    expect(textInput({ trim: true }).safeParse(' Nguyễn\u0000Văn ').success).toBe(false);
  });

  it('chains the field’s own rules and keeps its own message for a missing or non-string value', () => {
    const name = textInput({ trim: true, error: 'Vui lòng nhập họ và tên.' }).min(2, 'Ít nhất 2 ký tự.');
    expect(messagesOf(name.safeParse(undefined))).toEqual(['Vui lòng nhập họ và tên.']);
    expect(messagesOf(name.safeParse(12))).toEqual(['Vui lòng nhập họ và tên.']);
    expect(messagesOf(name.safeParse(' a '))).toEqual(['Ít nhất 2 ký tự.']);
  });
});

describe('idInput: a row id within an integer column', () => {
  const id = idInput('Mã không hợp lệ.');

  it('accepts 1..2,147,483,647 as a number or a string of digits (path and query parameters)', () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse('42')).toBe(42);
    expect(id.parse(' 7 ')).toBe(7);
    expect(id.parse(DB_INTEGER_MAX)).toBe(2_147_483_647);
    expect(id.parse(String(DB_INTEGER_MAX))).toBe(2_147_483_647);
  });

  it('refuses what the column cannot hold and what is not an id, never coercing true, [5] or {}', () => {
    const refused: unknown[] = [0, -1, 2 ** 31, String(2 ** 31), 2 ** 53 + 1, '9007199254740993', 1e308, '1e3', '0x10', 1.5, '1.5', '', ' ', NaN, Infinity];
    const wrongTypes: unknown[] = [true, false, null, undefined, [], [5], ['5'], {}, { id: 1 }];
    for (const value of [...refused, ...wrongTypes]) expect(messagesOf(id.safeParse(value))).toEqual(['Mã không hợp lệ.']);
  });

  it('is what the shared id schemas use: path ids, cart refIds, user ids', () => {
    expect(idParamsSchema.safeParse({ id: '2147483648' }).success).toBe(false);
    expect(idParamsSchema.parse({ id: '2147483647' })).toEqual({ id: 2_147_483_647 });
    expect(messagesOf(cartAddItemInputSchema.safeParse({ kind: 'product', refId: true }))).toEqual(['Mã mặt hàng không hợp lệ.']);
    expect(messagesOf(cartAddItemInputSchema.safeParse({ kind: 'product', refId: 2 ** 31 }))).toEqual(['Mã mặt hàng không hợp lệ.']);
    expect(messagesOf(verifyEmailRequestSchema.safeParse({ userId: '99999999999', otpCode: '123456' }))).toEqual(['Mã người dùng không hợp lệ.']);
    expect(verifyEmailRequestSchema.parse({ userId: '12', otpCode: '123456' }).userId).toBe(12);
  });

  it('bounds the id of a cart line id too', () => {
    expect(parseCartLineId('product-2147483647')).toEqual({ kind: 'product', refId: 2_147_483_647 });
    expect(parseCartLineId('product-2147483648')).toBeNull();
    expect(messagesOf(cartLineParamsSchema.safeParse({ lineId: 'package-9999999999' }))).toEqual(['Mã dòng giỏ hàng không hợp lệ.']);
  });
});

describe('integerInput and numberInput: other numbers a client sends', () => {
  it('reads digits, keeps bounds (at most the integer column by default) and refuses booleans, arrays, objects', () => {
    const page = integerInput({ message: 'Số trang không hợp lệ.', min: 1 });
    expect(page.parse('3')).toBe(3);
    expect(page.parse(DB_INTEGER_MAX)).toBe(DB_INTEGER_MAX);
    for (const value of [true, [], [2], {}, '2.5', 0, DB_INTEGER_MAX + 1]) expect(messagesOf(page.safeParse(value))).toEqual(['Số trang không hợp lệ.']);
    expect(messagesOf(productListQuerySchema.safeParse({ page: 'true' }))).toEqual(['Số trang không hợp lệ.']);
    expect(productListQuerySchema.parse({ page: '2' }).page).toBe(2);
  });

  it('reads a decimal for numberInput, with separate messages for the type and the bounds', () => {
    const kwh = numberInput({ message: 'Dung lượng pin không hợp lệ.', typeMessage: 'Vui lòng nhập dung lượng.', positive: true, minMessage: 'Phải lớn hơn 0.', max: 300 });
    expect(kwh.parse('2.5')).toBe(2.5);
    expect(kwh.parse(48)).toBe(48);
    expect(messagesOf(kwh.safeParse(true))).toEqual(['Vui lòng nhập dung lượng.']);
    expect(messagesOf(kwh.safeParse(0))).toEqual(['Phải lớn hơn 0.']);
    expect(messagesOf(kwh.safeParse(1e308))).toEqual(['Dung lượng pin không hợp lệ.']);
  });

  it('no longer turns true into 1 km on a vehicle', () => {
    const vehicle = { type: 'scooter', brand: 'VinFast', model: 'Klara S', year: 2024, licensePlate: '29MĐ1-123.45', odometerKm: 1000 };
    expect(vehicleInputSchema.safeParse(vehicle).success).toBe(true);
    expect(vehicleInputSchema.safeParse({ ...vehicle, odometerKm: '1000' }).success).toBe(true);
    expect(messagesOf(vehicleInputSchema.safeParse({ ...vehicle, odometerKm: true }))).toEqual(['Vui lòng nhập số km đã đi.']);
    expect(vehicleInputSchema.safeParse({ ...vehicle, year: [2024] }).success).toBe(false);
  });
});

describe('the request schemas refuse unsafe text in every kind of field', () => {
  it('login email, profile, product slug, order note; multi-line fields keep their line breaks', () => {
    expect(messagesOf(loginRequestSchema.safeParse({ email: 'a\u0000@b.vn', password: 'x' }))).toEqual([UNSAFE_TEXT_MESSAGE]);
    expect(messagesOf(updateProfileRequestSchema.safeParse({ address: '12 Hàng Bài\u0000' }))).toEqual([UNSAFE_TEXT_MESSAGE]);
    expect(productSlugParamsSchema.safeParse({ slug: 'pin\u0000' }).success).toBe(false);
    const order = {
      items: [{ kind: 'product', refId: 3, quantity: 1 }],
      recipientName: 'Nguyễn Văn An',
      phone: '0912345678',
      fulfilment: { method: 'pickup', centreId: 1 },
      paymentMethod: 'COD',
    };
    expect(messagesOf(orderCreateInputSchema.safeParse({ ...order, note: 'Gọi trước\u0000' }))).toEqual([UNSAFE_TEXT_MESSAGE]);
    expect(orderCreateInputSchema.parse({ ...order, note: 'Gọi trước\nGiao giờ hành chính' }).note).toBe('Gọi trước\nGiao giờ hành chính');
    expect(messagesOf(orderCreateInputSchema.safeParse({ ...order, fulfilment: { method: 'pickup', centreId: 2 ** 31 } }))).toEqual(['Vui lòng chọn trung tâm nhận hàng.']);
    const contact = { name: 'Nguyễn Văn An', email: 'an@example.vn', subject: 'Hỏi giá', message: 'Cho tôi hỏi giá pin.\n\tCảm ơn.' };
    expect(contactMessageInputSchema.parse(contact).message).toBe('Cho tôi hỏi giá pin.\n\tCảm ơn.');
    expect(contactMessageInputSchema.safeParse({ ...contact, subject: 'Hỏi\ngiá' }).success).toBe(false);
  });
});
