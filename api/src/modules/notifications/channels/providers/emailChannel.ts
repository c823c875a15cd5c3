import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema';
import type { Clock } from '../../../../security/clock';
import { emailLayout, emailParagraph, escapeHtml, type EmailContent } from '../../emailTemplates';
import { enqueueEmail } from '../../outbox';
import { absoluteLink, type Delivery, type NotificationChannel } from '../notificationChannel';

/** The notification as an email in Vietnamese, its link on the public site. */
export function notificationEmail(delivery: Delivery, publicUrl: string): EmailContent {
  const link = absoluteLink(publicUrl, delivery.link);
  const greeting = `Chào ${delivery.recipient.fullName},`;
  return {
    kind: `notification_${delivery.kind}`,
    subject: delivery.title,
    text: [greeting, '', delivery.title, delivery.body, '', `Xem chi tiết: ${link}`, '', 'Bạn có thể chọn kênh nhận thông báo tại Tài khoản › Thông báo.'].join('\n'),
    html: emailLayout(delivery.title, [
      emailParagraph(escapeHtml(greeting)),
      emailParagraph(`<strong>${escapeHtml(delivery.title)}</strong>`),
      emailParagraph(escapeHtml(delivery.body)),
      emailParagraph(`<a href="${escapeHtml(link)}">Xem chi tiết</a>`),
      emailParagraph('<span style="color:#6b7280;font-size:13px">Bạn có thể chọn kênh nhận thông báo tại Tài khoản › Thông báo.</span>'),
    ]),
  };
}

/** Email through the existing outbox (its worker sends over SMTP with its own retries): the delivery is done once queued. */
export function emailChannel(options: { db: Kysely<Database>; clock: Clock; publicUrl: string }): NotificationChannel {
  return {
    name: 'email',
    canReach: (recipient) => recipient.emailVerified && recipient.email.length > 0,
    async send(delivery) {
      const id = await enqueueEmail(options.db, options.clock, delivery.recipient.email, notificationEmail(delivery, options.publicUrl));
      return { status: 'sent', providerRef: `email_outbox:${id}`, raw: null };
    },
  };
}
