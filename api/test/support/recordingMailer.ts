import type { Mailer, OutgoingEmail } from '../../src/modules/notifications/mailer';

/** A mail server that keeps what it was given (`sent`, oldest first), after refusing the first `failTimes` sends. */
export function recordingMailer(failTimes = 0): Mailer & { sent: OutgoingEmail[] } {
  const sent: OutgoingEmail[] = [];
  let failures = failTimes;
  return {
    description: 'test',
    delivers: true,
    sent,
    async send(email) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      }
      sent.push(email);
    },
    async close() {},
  };
}
