import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { createOutboundGuard, type CallOutcome } from '../../outbound';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** The Message-ID header, the same on every try of one delivery (a retry is the same message). */
  messageId?: string;
}

/** Delivers one email; throws when it could not (the worker retries later). */
export interface Mailer {
  /** Human name for logs: 'smtp://mail:1025', 'dev outbox (log only)'. */
  readonly description: string;
  /** False when nothing is actually sent (no SMTP configured). */
  readonly delivers: boolean;
  send(email: OutgoingEmail): Promise<void>;
  close(): Promise<void>;
}

/** A server's answer to one message: a 5xx is this message refused (not the server failing), a 4xx is "try later". */
function smtpAnswerOutcome(error: unknown): CallOutcome | null {
  const code = (error as { responseCode?: unknown }).responseCode;
  if (typeof code !== 'number') return null;
  return code >= 500 ? 'http_4xx' : 'http_5xx';
}

/** SMTP through nodemailer (SMTP_URL such as smtp://user:pass@host:587 or smtps://host:465). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Bounded waits: a mail server that does not answer is retried later by the delivery worker, not waited on.
  // nodemailer is loaded on the first email: a process that sends none never maps it.
  let transport: Promise<Transporter> | null = null;
  const transportOnce = (): Promise<Transporter> =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    ));
  // Behind the SMTP server's breaker: while it keeps failing, emails wait in the outbox instead of each trying it.
  const guard = createOutboundGuard({ provider: 'smtp', timeoutMs: 60_000 });
  let shown = 'smtp';
  try {
    const url = new URL(smtpUrl);
    shown = `${url.protocol}//${url.host}`;
  } catch {
    // keep the generic name
  }
  return {
    description: shown,
    delivers: true,
    async send(email) {
      const message = { from, to: email.to, subject: email.subject, text: email.text, ...(email.html ? { html: email.html } : {}), ...(email.messageId ? { messageId: email.messageId } : {}) };
      const smtp = await transportOnce();
      await guard.run(() => smtp.sendMail(message), { errorOutcome: smtpAnswerOutcome });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

/**
 * No SMTP in development: the email stays readable at GET /api/dev/outbox (its delivery row) and is logged (subject
 * and recipient only), and the worker marks it handled.
 */
export function devOutboxMailer(log?: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    description: 'dev outbox (GET /api/dev/outbox)',
    delivers: false,
    async send(email) {
      log?.info({ to: email.to, subject: email.subject }, 'email kept in the dev outbox (no SMTP_URL): read it at /api/dev/outbox');
    },
    async close() {},
  };
}
