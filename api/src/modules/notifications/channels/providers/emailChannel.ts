import { emailLayout, emailParagraph, escapeHtml, type EmailContent } from '../../emailTemplates';
import type { Mailer, OutgoingEmail } from '../../mailer';
import { absoluteLink, type Delivery, type NotificationChannel, type SendOutcome } from '../notificationChannel';

/** The notification as an email in Vietnamese, its link on the public site (for a fact without an email of its own). */
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

/** An email composed when it was queued (its subject, text and HTML as sent), with the delivery it is. */
export interface ComposedEmail extends Omit<OutgoingEmail, 'messageId'> {
  deliveryId: number;
}

/** The email channel: a notification composed at send time, or an email composed when queued (sendComposed). */
export interface EmailChannel extends NotificationChannel {
  sendComposed(email: ComposedEmail, signal: AbortSignal): Promise<SendOutcome>;
}

/**
 * The Message-ID of a delivery's email, the same on every try: a send retried after the server took it (the process
 * died before it wrote `sent`) reaches the mailbox as the same message, which mail services show once.
 */
export function deliveryMessageId(deliveryId: number, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'evshop.vn';
  return `<delivery-${deliveryId}@${domain}>`;
}

async function sendThrough(mailer: Mailer, from: string, deliveryId: number, email: OutgoingEmail): Promise<SendOutcome> {
  const messageId = deliveryMessageId(deliveryId, from);
  try {
    await mailer.send({ ...email, messageId });
    return { status: 'sent', providerRef: messageId, raw: null };
  } catch (error) {
    return { status: 'retry', error: (error instanceof Error ? error.message : String(error)).slice(0, 1000), raw: null };
  }
}

/** Email over the mailer (SMTP, or the development mailbox): a failed send is retried by the delivery worker. */
export function emailChannel(options: { mailer: Mailer; publicUrl: string; from: string }): EmailChannel {
  const { mailer, publicUrl, from } = options;
  return {
    name: 'email',
    canReach: (recipient) => recipient.emailVerified && recipient.email.length > 0,
    async send(delivery) {
      const email = notificationEmail(delivery, publicUrl);
      return sendThrough(mailer, from, delivery.id, { to: delivery.recipient.email, subject: email.subject, text: email.text, html: email.html });
    },
    async sendComposed(email) {
      return sendThrough(mailer, from, email.deliveryId, { to: email.to, subject: email.subject, text: email.text, html: email.html });
    },
  };
}
