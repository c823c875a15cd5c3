import { canRefundInvoice, INVOICE_REFUND_STATE_LABELS, invoiceRefundState } from '../src/backoffice';
import { invoiceRefundInputSchema } from '../src/schemas';

describe('a paid invoice’s refunds', () => {
  it('derives what was given back from the total and the refunds’ sum', () => {
    expect(invoiceRefundState(480_000, 0)).toBe('NONE');
    expect(invoiceRefundState(480_000, 100_000)).toBe('PARTIAL');
    expect(invoiceRefundState(480_000, 480_000)).toBe('FULL');
    expect(INVOICE_REFUND_STATE_LABELS.PARTIAL).toBe('Đã hoàn một phần');
  });

  it('lets the desk’s roles refund a paid invoice with something left', () => {
    for (const role of ['staff', 'manager', 'admin']) expect(canRefundInvoice(role, 'PAID', 480_000, 0)).toBe(true);
    for (const role of ['technician', 'customer']) expect(canRefundInvoice(role, 'PAID', 480_000, 0)).toBe(false);
    expect(canRefundInvoice('manager', 'UNPAID', 480_000, 0)).toBe(false);
    expect(canRefundInvoice('manager', 'PAID', 480_000, 480_000)).toBe(false);
  });

  it('reads the refund form: whole VND > 0, a method, a bounded reference, a reason of 5–300 characters', () => {
    expect(invoiceRefundInputSchema.parse({ amount: '120000', method: 'CASH', reference: ' ', reason: '  Khách đổi ý  ' })).toEqual({ amount: 120_000, method: 'CASH', reason: 'Khách đổi ý' });
    const refused = (input: Record<string, unknown>) => invoiceRefundInputSchema.safeParse({ amount: 1_000, method: 'CASH', reason: 'Khách đổi ý', ...input }).success;
    expect(refused({ amount: 0 })).toBe(false);
    expect(refused({ amount: 1_000.5 })).toBe(false);
    expect(refused({ method: 'VIETQR' })).toBe(false);
    expect(refused({ reason: 'abc' })).toBe(false);
    expect(refused({ reason: 'x'.repeat(301) })).toBe(false);
    expect(refused({ reference: 'F'.repeat(101) })).toBe(false);
  });
});
