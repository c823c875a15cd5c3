import type { Insertable, Kysely } from 'kysely';
import { countRows } from '../src/db/portable';
import type { Database } from '../src/db/schema';
import { refreshProductRating } from '../src/modules/reviews';
import { DEMO_ACCOUNT_EMAILS } from '../src/security/demoDataGuard';

/**
 * The demo's product reviews (issue 48 §5): the demo history's customers review some of their received product
 * lines (DELIVERED or COMPLETED orders) a few days after receiving them — mostly 4–5 stars, a few 2–3, in words
 * about the part (pin, sạc, lốp, phanh...) — with a few shop replies, a couple of "Hữu ích" votes and one
 * reported review waiting in the admin's queue. The demo customer (khachhang@) reviews the first line of their
 * demo order only: their other received lines stay open for the e2e journey to review.
 *
 * Which lines are reviewed, their stars, text and times follow from the line's id alone, so a re-run picks the
 * same ones; a line that has a review is left alone (insert-only, idempotent). The products' ratings are counted
 * again from the rows afterwards.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const RECEIVED = ['DELIVERED', 'COMPLETED'];
/** Share of the history's received lines reviewed, in percent. */
const REVIEWED_PERCENT = 35;
const INSERT_BATCH = 200;

type Topic = 'pin' | 'sac' | 'lop' | 'phanh' | 'den' | 'dau' | 'mu' | 'khac';

const TOPICS: Array<[Topic, RegExp]> = [
  ['sac', /sạc|charger|wallbox/iu],
  ['pin', /pin|ắc quy|battery|cell/iu],
  ['lop', /lốp|vỏ|săm|ruột/iu],
  ['phanh', /phanh|má phanh|đĩa/iu],
  ['den', /đèn|led|xi nhan/iu],
  ['dau', /dầu|nhớt|mỡ|dung dịch/iu],
  ['mu', /mũ|áo|găng|bảo hộ/iu],
];

/** What customers say, by topic and stars (5, 4, 3, 2). */
const TEXTS: Record<Topic, Record<5 | 4 | 3 | 2, string[]>> = {
  pin: {
    5: ['Pin lắp vừa khít, xe chạy được hơn 70 km mỗi lần sạc, đúng như mô tả.', 'Thay pin xong xe khỏe hẳn, leo dốc không còn bị tụt điện. Cửa hàng đóng gói rất kỹ.'],
    4: ['Pin dùng ổn, quãng đường tăng rõ rệt so với pin cũ. Giao hơi chậm một ngày.', 'Dung lượng đúng thông số, sạc đầy khoảng 5 tiếng. Giá hơi cao nhưng đáng tiền.'],
    3: ['Pin dùng được nhưng quãng đường chỉ khoảng 50 km, thấp hơn kỳ vọng.'],
    2: ['Pin nóng khá nhanh khi sạc, đã nhờ trung tâm kiểm tra lại giúp.'],
  },
  sac: {
    5: ['Bộ sạc chạy êm, không nóng, đèn báo rõ ràng. Sạc đầy nhanh hơn sạc zin.', 'Sạc chắc chắn, dây dài tiện để trong nhà xe. Rất hài lòng.'],
    4: ['Sạc tốt, có quạt tản nhiệt hơi ồn một chút nhưng chấp nhận được.', 'Hàng chính hãng, tem bảo hành đầy đủ. Giao nhanh trong 2 ngày.'],
    3: ['Sạc dùng được, nhưng phích cắm hơi lỏng với ổ điện nhà mình.'],
    2: ['Đèn báo đầy không chính xác, phải rút sạc thủ công. Mong shop hỗ trợ.'],
  },
  lop: {
    5: ['Lốp bám đường tốt, đi mưa yên tâm hơn hẳn. Thợ ở trung tâm thay nhanh gọn.', 'Lốp không săm chất lượng, gai sâu, chạy êm. Giá tốt hơn ngoài tiệm.'],
    4: ['Lốp đi êm, hơi cứng lúc đầu nhưng sau vài ngày thì ổn.', 'Đúng size, giao kèm van mới. Sẽ ủng hộ tiếp.'],
    3: ['Lốp ổn nhưng giao thiếu van, phải mua thêm bên ngoài.'],
    2: ['Lốp đi được một tháng đã thấy mòn không đều, đang theo dõi thêm.'],
  },
  phanh: {
    5: ['Má phanh ăn, không kêu, phanh gấp vẫn rất đầm. Rất đáng mua.', 'Thay xong phanh nhạy hẳn, lắp đúng với xe của mình.'],
    4: ['Phanh tốt, mấy ngày đầu hơi có tiếng rít nhẹ rồi hết.', 'Chất lượng ổn, đóng gói cẩn thận, có hướng dẫn lắp.'],
    3: ['Phanh dùng được, nhưng bụi phanh hơi nhiều.'],
    2: ['Má phanh kêu khá to khi trời ẩm, đã nhờ trung tâm chỉnh lại.'],
  },
  den: {
    5: ['Đèn sáng, chiếu xa, lắp vào là dùng được ngay. Đi đêm an tâm hơn.'],
    4: ['Đèn sáng tốt, vỏ hơi mỏng nhưng giá hợp lý.'],
    3: ['Đèn ổn nhưng góc chiếu hơi thấp, phải chỉnh lại.'],
    2: ['Đèn chập chờn sau vài ngày, đang liên hệ bảo hành.'],
  },
  dau: {
    5: ['Dầu chính hãng, tem niêm phong đầy đủ. Xe chạy êm hơn sau khi thay.'],
    4: ['Hàng đúng loại, hạn sử dụng còn dài. Giao nhanh.'],
    3: ['Sản phẩm ổn, nhưng hộp bị móp nhẹ khi nhận.'],
    2: ['Chai bị rò một ít khi giao, mong shop đóng gói kỹ hơn.'],
  },
  mu: {
    5: ['Chất liệu tốt, vừa vặn, đội cả ngày không bí. Rất thích.'],
    4: ['Đẹp, đúng mô tả, size hơi rộng một chút.'],
    3: ['Tạm ổn, màu ngoài đời hơi khác ảnh.'],
    2: ['Khóa cài hơi lỏng, dùng chưa yên tâm lắm.'],
  },
  khac: {
    5: ['Sản phẩm đúng mô tả, lắp vừa xe, giao nhanh. Cửa hàng tư vấn nhiệt tình.', 'Hàng chính hãng, chất lượng tốt, giá hợp lý. Sẽ quay lại mua tiếp.'],
    4: ['Sản phẩm tốt, đóng gói cẩn thận. Giao chậm hơn dự kiến một chút.', 'Dùng ổn sau hai tuần, chưa thấy vấn đề gì.'],
    3: ['Sản phẩm dùng được, nhưng hướng dẫn lắp đặt chưa rõ ràng.'],
    2: ['Sản phẩm không vừa khít như mô tả, phải nhờ thợ chỉnh lại.'],
  },
};

const REPLIES: Record<5 | 4 | 3 | 2, string> = {
  5: 'Cảm ơn anh/chị đã tin tưởng EV Service & Parts! Chúc anh/chị luôn thượng lộ bình an.',
  4: 'Cảm ơn anh/chị đã góp ý. Cửa hàng sẽ cải thiện thời gian giao hàng trong thời gian tới.',
  3: 'Cửa hàng xin lỗi vì trải nghiệm chưa trọn vẹn. Anh/chị vui lòng mang xe đến trung tâm gần nhất để được kiểm tra miễn phí.',
  2: 'Cửa hàng rất tiếc về sự cố. Bộ phận chăm sóc khách hàng sẽ gọi lại cho anh/chị trong 24 giờ để hỗ trợ đổi trả hoặc bảo hành.',
};

/** A stable number 0..9999 from a line id (Knuth's multiplicative hash): which lines, stars and texts. */
function mix(id: number, salt: number): number {
  return (Math.imul(id ^ salt, 2654435761) >>> 0) % 10_000;
}

function starsOf(id: number): 5 | 4 | 3 | 2 {
  const roll = mix(id, 17) % 100;
  if (roll < 58) return 5;
  if (roll < 88) return 4;
  if (roll < 95) return 3;
  return 2;
}

function topicOf(name: string): Topic {
  return TOPICS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'khac';
}

interface Candidate {
  line_id: number;
  product_id: number;
  product_name: string;
  user_id: number;
  email: string;
  idempotency_key: string;
  received_at: Date | string | null;
  order_updated_at: Date | string;
}

/** Seeds the demo product reviews (issue 48); resolves to how many product reviews there are (the same on a re-run). */
export async function seedDemoReviews(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  await writeDemoReviews(db, now);
  return countRows(db, 'product_reviews');
}

async function writeDemoReviews(db: Kysely<Database>, now: Date): Promise<number> {
  const candidates = (await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('products', 'products.id', 'order_lines.ref_id')
    .leftJoin('product_reviews', 'product_reviews.order_line_id', 'order_lines.id')
    .select((eb) => [
      'order_lines.id as line_id',
      'products.id as product_id',
      'products.name as product_name',
      'users.id as user_id',
      'users.email',
      'orders.idempotency_key',
      'orders.updated_at as order_updated_at',
      eb
        .selectFrom('order_status_history')
        .select((h) => h.fn.min('order_status_history.created_at').as('at'))
        .whereRef('order_status_history.order_id', '=', 'orders.id')
        .where('order_status_history.status', 'in', RECEIVED)
        .as('received_at'),
    ])
    .where('orders.status', 'in', RECEIVED)
    .where('order_lines.kind', '=', 'product')
    .where('users.role', '=', 'customer')
    .where('products.is_active', '=', 1)
    .where('product_reviews.id', 'is', null)
    .orderBy('order_lines.id')
    .execute()) as Candidate[];
  if (candidates.length === 0) return 0;

  const demoCustomer = DEMO_ACCOUNT_EMAILS.customer;
  // The demo customer's first line of the demo order only (its other lines stay reviewable).
  const demoFirstLine = await db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['order_lines.id'])
    .where('users.email', '=', demoCustomer)
    .where('orders.idempotency_key', '=', 'seed-demo-order-1')
    .where('order_lines.kind', '=', 'product')
    .orderBy('order_lines.id')
    .execute();
  const demoLine = demoFirstLine.length >= 2 ? demoFirstLine[0]!.id : null;

  const admin = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNT_EMAILS.admin).executeTakeFirst();
  // One review per customer and product looks like people, not lines (a re-run counts the earlier ones too).
  const reviewed = await db.selectFrom('product_reviews').select(['user_id', 'product_id']).execute();
  const seen = new Set(reviewed.map((row) => `${row.user_id}|${row.product_id}`));
  const chosen = candidates.filter((line) => {
    if (line.email === demoCustomer) return line.line_id === demoLine;
    if (mix(line.line_id, 3) % 100 >= REVIEWED_PERCENT) return false;
    const key = `${line.user_id}|${line.product_id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (chosen.length === 0) return 0;

  const rows: Insertable<Database['product_reviews']>[] = chosen.map((line) => {
    const rating = line.email === demoCustomer ? 5 : starsOf(line.line_id);
    const texts = TEXTS[topicOf(line.product_name)][rating];
    const received = new Date(line.received_at ?? line.order_updated_at).getTime();
    const createdAt = new Date(Math.min(received + (1 + (mix(line.line_id, 5) % 5)) * DAY + (mix(line.line_id, 7) % 10) * HOUR, now.getTime() - HOUR)).toISOString();
    // The shop answers every low review and about one in five of the others, a day later.
    const replied = admin !== undefined && (rating <= 3 || mix(line.line_id, 11) % 5 === 0);
    const replyAt = new Date(Math.min(new Date(createdAt).getTime() + DAY, now.getTime() - 1000)).toISOString();
    return {
      order_line_id: line.line_id,
      product_id: line.product_id,
      user_id: line.user_id,
      rating,
      text: texts[mix(line.line_id, 13) % texts.length]!,
      created_at: createdAt,
      updated_at: createdAt,
      ...(replied ? { reply_text: REPLIES[rating], reply_by: admin.id, reply_created_at: replyAt, reply_updated_at: replyAt } : {}),
    };
  });
  const inserted: Array<{ id: number; user_id: number; rating: number; product_id: number }> = [];
  for (let at = 0; at < rows.length; at += INSERT_BATCH) {
    inserted.push(...(await db.insertInto('product_reviews').values(rows.slice(at, at + INSERT_BATCH)).returning(['id', 'user_id', 'rating', 'product_id']).execute()));
  }

  // A couple of "Hữu ích" votes and one report (of a low review) from other customers of the history.
  const others = [...new Set(chosen.map((line) => line.user_id))];
  const voteAt = new Date(now.getTime() - 2 * HOUR).toISOString();
  const praised = inserted.filter((review) => review.rating === 5).slice(0, 2);
  for (const [index, review] of praised.entries()) {
    const voters = others.filter((id) => id !== review.user_id).slice(0, 3 - index);
    if (voters.length === 0) continue;
    await db.insertInto('product_review_votes').values(voters.map((user_id) => ({ review_id: review.id, user_id, created_at: voteAt }))).execute();
    await db.updateTable('product_reviews').set({ helpful_count: voters.length }).where('id', '=', review.id).execute();
  }
  const reported = inserted.find((review) => review.rating <= 3);
  const reporter = reported ? others.find((id) => id !== reported.user_id) : undefined;
  if (reported && reporter !== undefined) {
    await db
      .insertInto('product_review_reports')
      .values({ review_id: reported.id, user_id: reporter, reason: 'misleading', note: 'Mình dùng cùng sản phẩm này thấy không bị như vậy.', created_at: voteAt })
      .execute();
    // Still in the queue ("Bị báo cáo"): the shop has not answered it yet.
    await db
      .updateTable('product_reviews')
      .set({ report_count: 1, reply_text: null, reply_by: null, reply_created_at: null, reply_updated_at: null })
      .where('id', '=', reported.id)
      .execute();
  }

  for (const productId of new Set(inserted.map((review) => review.product_id))) await refreshProductRating(db, productId);
  return inserted.length;
}
