import { lazily } from './lazily';

const vnd = lazily(() => new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }));

/** Integer VND as Vietnamese money, e.g. 1.000.000 ₫. */
export function formatVnd(amount: number): string {
  return vnd().format(Math.round(amount));
}
