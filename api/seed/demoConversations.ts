import type { Kysely } from 'kysely';
import { ROLE_LABELS, vietnamDateOf } from 'shared-contracts/schemas';
import type { Database } from '../src/db/schema';
import { vietnamDayBounds } from '../src/db/vietnamDay';
import { DEMO_PHOTO_FILE, subjectFacts } from '../src/modules/conversations';
import { DEMO_ACCOUNT_EMAILS } from '../src/security/demoDataGuard';

const MINUTE = 60_000;

interface DemoMessage {
  side: 'customer' | 'centre';
  author: { id: number; name: string };
  text: string;
  minutesAgo: number;
  photo?: boolean;
}

const vietnamDate = (at: Date) => vietnamDateOf(at);

/**
 * The demo's conversations (issue 49 §5), at the demo staff's centre: the demo customer (khachhang@) wrote about
 * today's booking and waits for the centre (unread by staff); and on the customer's latest service order, the
 * technician sent a photo of the brake pads (unread by the customer). The photo is a catalogue asset (no upload
 * folder at seed time). A subject that already has its thread is left as it is (insert-only, idempotent).
 */
export async function seedDemoConversations(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const people = await db
    .selectFrom('users')
    .leftJoin('staff_assignments', (join) => join.onRef('staff_assignments.user_id', '=', 'users.id').on('staff_assignments.ended_at', 'is', null))
    .select(['users.id', 'users.email', 'users.full_name', 'users.role', 'staff_assignments.centre_id'])
    .where('users.email', 'in', [DEMO_ACCOUNT_EMAILS.customer, DEMO_ACCOUNT_EMAILS.staff, DEMO_ACCOUNT_EMAILS.technician])
    .execute();
  const customer = people.find((person) => person.email === DEMO_ACCOUNT_EMAILS.customer);
  const staff = people.find((person) => person.email === DEMO_ACCOUNT_EMAILS.staff);
  const technician = people.find((person) => person.email === DEMO_ACCOUNT_EMAILS.technician);
  if (!customer || !staff?.centre_id) return 0;
  const centreId = staff.centre_id;
  // the demo threads there are (made now or by an earlier run): the same figure however often the seed runs
  let threads = 0;

  async function thread(kind: 'appointment' | 'service_order', subjectId: number, messages: DemoMessage[], read: { staff: number; customer: number }): Promise<void> {
    const exists = await db.selectFrom('conversations').select('id').where('subject_kind', '=', kind).where('subject_id', '=', subjectId).executeTakeFirst();
    if (exists) {
      threads += 1;
      return;
    }
    const facts = await subjectFacts(db, { shippingCentreId: null }, kind, subjectId);
    if (!facts || facts.customerId === null) return;
    const at = (minutes: number) => new Date(now.getTime() - minutes * MINUTE).toISOString();
    const opened = at(messages[0]!.minutesAgo);
    const conversation = await db
      .insertInto('conversations')
      .values({
        subject_kind: kind,
        subject_id: subjectId,
        subject_label: facts.label,
        appointment_id: facts.appointmentId,
        centre_id: facts.centreId,
        customer_id: facts.customerId,
        customer_name: facts.customerName,
        search_text: facts.search,
        activity_at: opened,
        created_at: opened,
        updated_at: opened,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const message of messages) {
      const row = await db
        .insertInto('conversation_messages')
        .values({
          conversation_id: conversation.id,
          side: message.side,
          author_id: message.author.id,
          author_name: message.author.name,
          text: message.text,
          photo_count: message.photo ? 1 : 0,
          created_at: at(message.minutesAgo),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      if (message.photo) {
        await db
          .insertInto('conversation_photos')
          .values({ conversation_id: conversation.id, uploader_id: message.author.id, message_id: row.id, file: DEMO_PHOTO_FILE, width: 800, height: 600, created_at: at(message.minutesAgo) })
          .execute();
      }
    }
    const last = messages.at(-1)!;
    // Each side has read the first `read[side]` messages; what the other side wrote after that is unread.
    const lastRead = (count: number) => (count > 0 ? ids[count - 1]! : 0);
    const unread = (side: 'customer' | 'centre', count: number) => messages.filter((message, index) => index >= count && message.side !== side).length;
    await db
      .updateTable('conversations')
      .set({
        last_message_id: ids.at(-1)!,
        last_message_side: last.side,
        last_message_text: last.text.slice(0, 200),
        last_message_has_photos: last.photo ? 1 : 0,
        last_message_at: at(last.minutesAgo),
        activity_at: at(last.minutesAgo),
        staff_last_read_id: lastRead(read.staff),
        customer_last_read_id: lastRead(read.customer),
        staff_unread: unread('centre', read.staff),
        customer_unread: unread('customer', read.customer),
      })
      .where('id', '=', conversation.id)
      .execute();
    threads += 1;
  }

  const customerAuthor = { id: customer.id, name: customer.full_name };
  // Today's booking of the demo customer at the centre: two questions, the centre has not read them yet.
  const today = vietnamDayBounds(vietnamDate(now));
  const booking = await db
    .selectFrom('appointments')
    .select('id')
    .where('user_id', '=', customer.id)
    .where('centre_id', '=', centreId)
    .where('starts_at', '>=', today.from)
    .where('starts_at', '<', today.to)
    .orderBy('starts_at')
    .executeTakeFirst();
  if (booking) {
    await thread(
      'appointment',
      booking.id,
      [
        { side: 'customer', author: customerAuthor, text: 'Chào trung tâm, hôm nay em mang xe đến bảo dưỡng. Nhờ kiểm tra giúp em điều hòa, dạo này mát hơi yếu ạ.', minutesAgo: 18 },
        { side: 'customer', author: customerAuthor, text: 'Em có thể đến sớm hơn khoảng 30 phút được không ạ?', minutesAgo: 12 },
      ],
      { staff: 0, customer: 2 },
    );
  }

  // The customer's latest visit at the centre (the demo technician's first): the technician's photo.
  const order = await db
    .selectFrom('service_orders')
    .select(['id', 'technician_id', 'appointment_id'])
    .where('user_id', '=', customer.id)
    .where('centre_id', '=', centreId)
    .orderBy((eb) => eb.case().when('technician_id', '=', technician?.id ?? 0).then(0).else(1).end())
    .orderBy('opened_at', 'desc')
    .executeTakeFirst();
  const worker = order?.technician_id
    ? await db.selectFrom('users').select(['id', 'full_name', 'role']).where('id', '=', order.technician_id).executeTakeFirst()
    : technician;
  if (order && worker) {
    const technicianAuthor = { id: worker.id, name: `${worker.full_name} · ${ROLE_LABELS[worker.role]}` };
    // a visit has one thread, its appointment's (conversationWrites.openConversation)
    await thread(
      'appointment',
      order.appointment_id,
      [
        { side: 'customer', author: customerAuthor, text: 'Xe em kiểm tra phanh thế nào rồi ạ?', minutesAgo: 50 },
        { side: 'centre', author: technicianAuthor, text: 'Anh/chị xem má phanh này: đã mòn gần hết, trung tâm đề xuất thay mới để đảm bảo an toàn ạ.', minutesAgo: 35, photo: true },
      ],
      { staff: 1, customer: 1 },
    );
  }
  return threads;
}
