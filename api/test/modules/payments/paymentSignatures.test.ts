import { orderCodeCandidates } from '../../../src/modules/payments/transactions/orderCodeInContent';
import { vietnamTimeToIso } from '../../../src/modules/payments/transactions/webhookBody';
import { payOsDataString, payOsLinkRequestSignature, payOsSignature } from '../../../src/modules/payments/providers/payos/payOsSignature';

/** payOS's own example (https://payos.vn/docs/tich-hop-webhook/kiem-tra-du-lieu-voi-signature/). */
const DOCS_CHECKSUM_KEY = '1a54716c8f0efb2744fb28b6e38b25da7f67a925d98bc1c18bd8faaecadd7675';
const DOCS_DATA = {
  orderCode: 123,
  amount: 3000,
  description: 'VQRIO123',
  accountNumber: '12345678',
  reference: 'TF230204212323',
  transactionDateTime: '2023-02-04 18:25:00',
  currency: 'VND',
  paymentLinkId: '124c33293c43417ab7879e14c8d9eb18',
  code: '00',
  desc: 'Thành công',
  counterAccountBankId: '',
  counterAccountBankName: '',
  counterAccountName: '',
  counterAccountNumber: '',
  virtualAccountName: '',
  virtualAccountNumber: '',
};
const DOCS_SIGNATURE = '412e915d2871504ed31be63c8f62a149a4410d34c4c42affc9006ef9917eaa03';

describe('payOS signatures', () => {
  it("reproduces the signature of payOS's documented webhook example", () => {
    expect(payOsSignature(DOCS_CHECKSUM_KEY, DOCS_DATA)).toBe(DOCS_SIGNATURE);
  });

  it('signs the data sorted by key, null and undefined as empty, whatever order the keys came in', () => {
    expect(payOsDataString({ b: 2, a: null, c: 'x', d: undefined, e: 'null' })).toBe('a=&b=2&c=x&d=&e=');
    const reversed = Object.fromEntries(Object.entries(DOCS_DATA).reverse());
    expect(payOsSignature(DOCS_CHECKSUM_KEY, reversed)).toBe(DOCS_SIGNATURE);
    expect(payOsSignature(DOCS_CHECKSUM_KEY, { ...DOCS_DATA, amount: 3001 })).not.toBe(DOCS_SIGNATURE);
    expect(payOsSignature('another-key', DOCS_DATA)).not.toBe(DOCS_SIGNATURE);
  });

  it('signs the payment-link request over amount, cancelUrl, description, orderCode and returnUrl only', () => {
    const request = { orderCode: 12_001, amount: 450_000, description: 'EV2611260012', cancelUrl: 'https://shop.vn/c', returnUrl: 'https://shop.vn/r' };
    expect(payOsLinkRequestSignature('k', request)).toBe(payOsSignature('k', request));
    expect(payOsDataString(request)).toBe('amount=450000&cancelUrl=https://shop.vn/c&description=EV2611260012&orderCode=12001&returnUrl=https://shop.vn/r');
  });
});

describe('order codes in a transfer content', () => {
  it.each([
    ['EV2611260012', 'EV2611260012'],
    ['ev2611260012', 'EV2611260012'],
    ['Thanh toán đơn hàng EV 2611 26-0012, cảm ơn', 'EV2611260012'],
    ['ÉV2611260012 chuyen tien', 'EV2611260012'],
    ['MBVCB.3278907687.NGUYEN VAN A chuyen tien.EV2611260012.CT tu 0123456789', 'EV2611260012'],
  ])('finds the code in %j', (content, code) => {
    expect(orderCodeCandidates(content)).toContain(code);
  });

  it('offers the code glued to a phone number that follows it, longest first', () => {
    const candidates = orderCodeCandidates('EV26112600120912345678');
    expect(candidates).toContain('EV2611260012');
    expect(candidates[0]).toBe('EV2611260012091234');
    expect(candidates.every((code) => /^EV\d{10,16}$/.test(code))).toBe(true);
  });

  it('finds nothing in a content without a code, or a code with a letter for a digit', () => {
    expect(orderCodeCandidates('chuyen tien mua hang')).toEqual([]);
    expect(orderCodeCandidates('EV26112600I2')).toEqual([]);
    expect(orderCodeCandidates('')).toEqual([]);
  });

  it("reads the providers' Vietnam time as a UTC instant", () => {
    expect(vietnamTimeToIso('2023-03-25 14:02:37', new Date(0))).toBe('2023-03-25T07:02:37.000Z');
    expect(vietnamTimeToIso('not a date', new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });
});
