import { expect, test } from '../support/fixtures.ts';
import { backoffice, expectAccessible, signedInPage } from '../support/floor.ts';
import { DEMO_EMAILS } from '../support/session.ts';

/**
 * Warranty claims (issue 66 §5): the demo seed leaves the demo manager's centre six claims to manufacturers, in every
 * state, the newest a draft. The manager opens the draft, writes its failure description and saves it (the draft
 * stays a draft, so the spec can run again); the report sums the claims per manufacturer and month. The admin sees
 * every centre's claims, with their centre.
 */
test('the manager works a warranty claim draft and reads the report', async ({ browser }) => {
  test.setTimeout(90_000);
  const manager = await signedInPage(browser, DEMO_EMAILS.manager);
  await manager.goto('/manager/warranty-claims');
  const page = backoffice(manager);
  await expect(page.getByRole('heading', { name: 'Hồ sơ bảo hành gửi hãng' })).toBeVisible();

  await page.getByRole('group', { name: 'Lọc theo trạng thái' }).getByRole('button', { name: 'Nháp' }).click();
  const draftRow = page.getByRole('row').filter({ hasText: 'Nháp' }).first();
  await draftRow.getByRole('button', { name: /^Xem hồ sơ BH/ }).click();
  const draft = page.getByRole('form', { name: 'Hồ sơ nháp' });
  const note = `Bộ điều khiển báo lỗi E07 khi sạc nhanh (${Date.now()}).`;
  await draft.getByLabel('Mô tả hư hỏng').fill(note);
  await draft.getByRole('button', { name: 'Lưu nháp' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Đã lưu hồ sơ bảo hành.' })).toBeVisible();
  await expect(draft.getByLabel('Mô tả hư hỏng')).toHaveValue(note);
  await expect(draft.getByRole('button', { name: 'Gửi hãng' })).toBeEnabled();

  const report = page.getByRole('region', { name: 'Báo cáo theo hãng' });
  await expect(report.getByRole('table')).toBeVisible();
  await expect(report.getByRole('row')).not.toHaveCount(0);
  await expectAccessible(manager);

  const admin = await signedInPage(browser, DEMO_EMAILS.admin);
  await admin.goto('/admin/warranty-claims');
  await expect(backoffice(admin).getByRole('columnheader', { name: 'Trung tâm' })).toBeVisible();
  await expect(backoffice(admin).getByRole('row').filter({ hasText: 'Đã nhận tiền hãng' }).first()).toBeVisible();
});
