import { expect, test, type Page } from '../support/fixtures.ts';

/**
 * Issue 36: the diagnostics page reads a description typed in the owner's words — no symptom ticked — and the
 * booking it pre-fills holds only the services the ranking points to (a brake noise books the brakes, never a tyre
 * change).
 */

const storefront = (page: Page) => page.locator('[data-remote-area="mfe_storefront"]');

for (const [text, heading] of [
  ['phanh bị kêu ken két', /phanh/i],
  ['xe sạc qua đêm không đầy', /pin|sạc/i],
  ['xe đi yếu, lên dốc không nổi', /pin|điều khiển/i],
] as const) {
  test(`a guest who only types “${text}” gets a ranking, not “mô tả rõ hơn”`, async ({ page }) => {
    await page.goto('/services/chan-doan');
    const site = storefront(page);
    await site.getByLabel('Mô tả thêm (không bắt buộc)').fill(text);
    await site.getByRole('button', { name: 'Chẩn đoán' }).click();
    const ranking = site.getByRole('region', { name: 'Các hạng mục có khả năng gặp vấn đề' });
    await expect(ranking).toBeVisible();
    await expect(ranking.getByRole('article').first().getByRole('heading')).toHaveText(heading);
    await expect(site.getByRole('alert')).toHaveCount(0);
  });
}

test('a brake noise pre-ticks the brake service only', async ({ page }) => {
  await page.goto('/services/chan-doan');
  const site = storefront(page);
  await site.getByLabel('Mô tả thêm (không bắt buộc)').fill('phanh bị kêu ken két');
  await site.getByRole('button', { name: 'Chẩn đoán' }).click();
  const book = site.getByRole('link', { name: 'Đặt lịch' });
  await expect(book).toHaveAttribute('href', /service=bao-duong-phanh/);
  await expect(book).not.toHaveAttribute('href', /dich-vu-lop/);
});
