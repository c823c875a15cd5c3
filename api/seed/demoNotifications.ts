import type { Kysely } from 'kysely';
import { NOTIFICATION_KIND_TOPICS, type NotificationKind } from 'shared-contracts/schemas';
import type { Database } from '../src/db/schema';
import { DEMO_ACCOUNTS } from './demoAccounts';
import { DEMO_VEHICLES } from './serviceHistory';

const MINUTE_MS = 60_000;

interface DemoNotification {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  minutesAgo: number;
  read: boolean;
}

/** What each demo account finds under its bell: a few unread on top, older ones read; links to pages that exist. */
function demoNotificationsOf(role: (typeof DEMO_ACCOUNTS)[number]['role'], facts: { plate: string; orderCode: string | null; deskCode: string | null }): DemoNotification[] {
  const order = facts.orderCode;
  const desk = facts.deskCode ?? 'mới';
  switch (role) {
    case 'customer':
      return [
        { kind: 'vehicle_ready', title: `Xe ${facts.plate} đã sẵn sàng`, body: 'Trung tâm đã làm xong xe của bạn. Mời bạn đến nhận xe.', link: '/dashboard', minutesAgo: 12, read: false },
        { kind: 'approval_needed', title: `Xe ${facts.plate}: cần bạn duyệt thêm hạng mục`, body: 'Kỹ thuật viên đề xuất thay má phanh trước, cần bạn đồng ý trước khi làm.', link: '/dashboard', minutesAgo: 95, read: false },
        ...(order
          ? [{ kind: 'order_shipped' as const, title: `Đơn hàng ${order} đã giao cho đơn vị vận chuyển`, body: 'Đơn hàng đang trên đường đến bạn.', link: `/orders/${order}`, minutesAgo: 60 * 26, read: true }]
          : []),
        { kind: 'booking_confirmed', title: 'Lịch hẹn bảo dưỡng đã được xác nhận', body: `Xe ${facts.plate}. Mã QR nhận xe có trong trang tổng quan.`, link: '/dashboard', minutesAgo: 60 * 50, read: true },
        { kind: 'price_drop', title: 'Sản phẩm yêu thích vừa giảm giá', body: 'Một sản phẩm trong danh sách yêu thích của bạn đang rẻ hơn lúc bạn lưu.', link: '/wishlist', minutesAgo: 60 * 72, read: true },
      ];
    case 'staff':
      return [
        { kind: 'staff_new_web_order', title: `Đơn hàng mới ${desk}`, body: 'Khách đặt hàng trên web, chờ xác nhận.', link: '/staff/web-orders', minutesAgo: 8, read: false },
        { kind: 'staff_approval_answered', title: `Khách đã trả lời đề xuất (xe ${facts.plate})`, body: 'Khách đồng ý thay má phanh trước.', link: '/staff/service-orders', minutesAgo: 40, read: false },
        { kind: 'staff_new_web_order', title: 'Đơn hàng mới chờ xác nhận', body: 'Khách nhận tại cửa hàng.', link: '/staff/web-orders', minutesAgo: 60 * 20, read: true },
      ];
    case 'technician':
      return [
        { kind: 'staff_approval_answered', title: `Khách đã duyệt hạng mục (xe ${facts.plate})`, body: 'Bạn có thể bắt đầu thay má phanh trước.', link: '/technician/work-queue', minutesAgo: 25, read: false },
        { kind: 'staff_approval_answered', title: 'Khách từ chối một hạng mục', body: 'Khách để lần bảo dưỡng sau.', link: '/technician/work-queue', minutesAgo: 60 * 30, read: true },
      ];
    case 'manager':
      return [
        { kind: 'staff_new_web_order', title: `Đơn hàng mới ${desk}`, body: 'Khách đặt hàng trên web, chờ xác nhận.', link: '/manager/web-orders', minutesAgo: 8, read: false },
        { kind: 'staff_approval_answered', title: `Khách đã trả lời đề xuất (xe ${facts.plate})`, body: 'Khách đồng ý thay má phanh trước.', link: '/manager', minutesAgo: 40, read: true },
      ];
    case 'admin':
      return [
        { kind: 'staff_new_web_order', title: `Đơn hàng mới ${desk}`, body: 'Đơn hàng web đang chờ trung tâm xác nhận.', link: '/admin/web-orders', minutesAgo: 15, read: false },
        { kind: 'staff_new_web_order', title: 'Đơn hàng mới chờ xác nhận', body: 'Khách thanh toán VietQR.', link: '/admin/web-orders', minutesAgo: 60 * 28, read: true },
      ];
  }
}

/**
 * The demo accounts' notifications (issue 49 §5), created relative to `now`: each role's bell shows some unread
 * ones. Insert-only and idempotent (one per account and demo key: unique (user_id, event_key)); written straight
 * to the table: the demo sends nothing on any channel. Resolves to the demo notifications' row count.
 */
export async function seedDemoNotifications(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const customerEmail = DEMO_ACCOUNTS.find((account) => account.role === 'customer')!.email;
  const customer = await db.selectFrom('users').select('id').where('email', '=', customerEmail).executeTakeFirst();
  const orderCode = customer
    ? ((await db.selectFrom('orders').select('code').where('user_id', '=', customer.id).orderBy('id', 'desc').executeTakeFirst())?.code ?? null)
    : null;
  const deskCode = (await db.selectFrom('orders').select('code').where('status', '=', 'PLACED').orderBy('id', 'desc').executeTakeFirst())?.code ?? null;
  const facts = { plate: DEMO_VEHICLES[DEMO_VEHICLES.length - 1]!.licensePlate, orderCode, deskCode };

  const accounts = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', DEMO_ACCOUNTS.map((account) => account.email)).execute();
  const idOf = new Map(accounts.map((row) => [row.email, row.id]));
  let count = 0;
  for (const account of DEMO_ACCOUNTS) {
    const userId = idOf.get(account.email);
    if (userId === undefined) continue;
    const items = demoNotificationsOf(account.role, facts);
    // Oldest first, so that ids grow with time as the live ones do (the list is newest id first).
    const ordered = [...items].sort((a, b) => b.minutesAgo - a.minutesAgo);
    for (const item of ordered) {
      const createdAt = new Date(now.getTime() - item.minutesAgo * MINUTE_MS);
      await db
        .insertInto('notifications')
        .values({
          user_id: userId,
          kind: item.kind,
          topic: NOTIFICATION_KIND_TOPICS[item.kind],
          title: item.title,
          body: item.body,
          link: item.link,
          event_key: `demo:${account.role}:${item.kind}:${item.minutesAgo}`,
          created_at: createdAt.toISOString(),
          read_at: item.read ? new Date(createdAt.getTime() + 30 * MINUTE_MS).toISOString() : null,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'event_key']).doNothing())
        .execute();
    }
    count += items.length;
  }
  return count;
}
