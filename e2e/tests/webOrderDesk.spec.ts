import { expect, test } from '../support/fixtures.ts';
import { account, backoffice, expectAccessible, signedInPage } from '../support/floor.ts';
import { apiLogin, DEMO_CUSTOMER_NAME, DEMO_EMAILS } from '../support/session.ts';

/**
 * The web-order desk (issue 34 §3, shop-operations §4): the staff member of Cầu Giấy (the first centre, which
 * ships online orders) has "Đơn hàng online" open; the demo customer places a COD order to be delivered; it
 * appears on the desk without a reload; staff confirm, pack and ship it with GHN and a tracking code; the
 * customer's /orders/:code shows the carrier and the link to GHN's tracking page. The desk passes axe.
 */
test('a COD order appears live on the desk, is confirmed, packed and shipped; the customer sees the carrier link; axe on the desk', async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await signedInPage(browser, DEMO_EMAILS.staff);
  const area = backoffice(staff);
  await staff.goto('/staff/web-orders');
  await expect(area.getByRole('heading', { level: 1, name: 'Đơn hàng online' })).toBeVisible();
  const list = area.getByRole('region', { name: 'Danh sách đơn hàng' });
  await expect(list.getByText('Đang cập nhật trực tiếp')).toBeVisible();
  await expectAccessible(staff);

  // The customer orders (COD, delivered): the desk shows it without a reload.
  const login = await apiLogin(staff.request, DEMO_EMAILS.customer);
  const products = (await (await staff.request.get('/api/products?inStock=true&sort=popular&pageSize=1')).json()) as { data: { items: Array<{ id: number }> } };
  const placed = await staff.request.post('/api/orders', {
    headers: { Authorization: `Bearer ${login.accessToken}`, 'Idempotency-Key': `web-order-desk-${Date.now()}` },
    data: {
      items: [{ kind: 'product', refId: products.data.items[0]!.id, quantity: 1 }],
      recipientName: DEMO_CUSTOMER_NAME,
      phone: '0912345678',
      fulfilment: { method: 'delivery', address: { province: 'Hà Nội', ward: 'Phường Cầu Giấy', street: '25 Trần Thái Tông' } },
      paymentMethod: 'COD',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { code } = ((await placed.json()) as { data: { code: string } }).data;
  const open = list.getByRole('button', { name: `Xem đơn ${code}` });
  await expect(open).toBeVisible({ timeout: 10_000 });

  // Confirm → pack → ship with GHN and a tracking code.
  await open.click();
  const detail = area.getByRole('region', { name: code });
  await detail.getByRole('button', { name: 'Xác nhận đơn' }).click();
  await expect(detail.getByText('Đã xác nhận đơn hàng')).toBeVisible();
  await detail.getByRole('button', { name: 'Đã đóng gói' }).click();
  await expect(detail.getByText('Đã đóng gói hàng')).toBeVisible();
  await expect(detail.getByTestId('packing-slip')).toContainText(code);
  await detail.getByRole('button', { name: 'Giao cho đơn vị vận chuyển' }).click();
  await detail.getByLabel('Đơn vị vận chuyển', { exact: true }).selectOption('GHN');
  const trackingCode = `GHNE2E${Date.now() % 1_000_000}`;
  await detail.getByLabel('Mã vận đơn').fill(trackingCode);
  await detail.getByRole('button', { name: 'Xác nhận', exact: true }).click();
  await expect(detail.getByText('Đã giao cho đơn vị vận chuyển')).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Theo dõi hành trình' })).toHaveAttribute('href', `https://donhang.ghn.vn/?order_code=${trackingCode}`);
  await expectAccessible(staff);

  // The customer's order page: the same steps and the carrier's tracking link.
  const customer = await signedInPage(browser, DEMO_EMAILS.customer);
  await customer.goto(`/orders/${code}`);
  const page = account(customer);
  const history = page.getByRole('region', { name: 'Lịch sử đơn hàng' });
  await expect(history.getByRole('listitem')).toHaveCount(4);
  await expect(history).toContainText('Đang giao hàng');
  await expect(page.getByRole('link', { name: 'Theo dõi hành trình' })).toHaveAttribute('href', `https://donhang.ghn.vn/?order_code=${trackingCode}`);
});
