import { spawn } from 'node:child_process';
import path from 'node:path';
import { createDeliveryWorker } from '../../../src/modules/notifications/channels/deliveryWorker';
import { emailChannel } from '../../../src/modules/notifications/channels/providers/emailChannel';
import type { Mailer } from '../../../src/modules/notifications/mailer';
import { recordingMailer } from '../../support/recordingMailer';
import { manualClock } from '../../../src/security/clock';
import { emailOutbox } from '../../support/emailOutbox';
import { testDatabases, useScratchDatabase } from '../../support/testDatabases';

/**
 * A fact and its message commit together (decision 0063): a process killed with SIGKILL after the commit — before
 * its worker ran, or while its worker was sending — leaves the message in the outbox, and the next worker sends it
 * once, as the same message (its Message-ID).
 */

const API_ROOT = path.resolve(__dirname, '..', '..', '..');
const CHILD = path.join(API_ROOT, 'test', 'support', 'outboxCrashChild.ts');
/** Longer than the worker's claim lease (2 min): a claim of a process that died has lapsed. */
const PAST_THE_LEASE_MS = 3 * 60_000;

jest.setTimeout(60_000);

describe.each(testDatabases())('a message whose process is killed after the commit, on $label', (target) => {
  const scratch = useScratchDatabase(target);
  let userId = 0;
  const address = `chu.xe.${Date.now()}@example.vn`;

  beforeAll(async () => {
    const row = await scratch.db
      .insertInto('users')
      .values({ email: address, password_hash: null, full_name: 'Nguyễn Văn Chủ Xe', role: 'customer', date_of_birth: '1988-03-02', email_verified_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = row.id;
  });

  /** Runs the child until it prints `until`, then kills it with SIGKILL; resolves with what it printed. */
  function runAndKill(step: 'commit' | 'send', eventKey: string, until: RegExp): Promise<string> {
    const { config } = scratch;
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: API_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        USER_ID: String(userId),
        EVENT_KEY: eventKey,
        STEP: step,
        ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : { SQLITE_FILE: config.sqliteFile }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        output += text;
        if (until.test(output)) child.kill('SIGKILL');
      });
      child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
      child.on('close', (_code, signal) => (signal === 'SIGKILL' ? resolve(output) : reject(new Error(`the child ended before it was killed: ${output}`))));
    });
  }

  const emailsOf = (eventKey: string) =>
    emailOutbox(scratch.db)
      .innerJoin('notifications', 'notifications.id', 'email_outbox.notification_id')
      .select(['email_outbox.id', 'email_outbox.status', 'email_outbox.attempts', 'email_outbox.subject'])
      .where('notifications.event_key', '=', eventKey)
      .execute();

  function nextWorker(mailer: Mailer, clock = manualClock(new Date())) {
    const email = emailChannel({ mailer, publicUrl: 'http://localhost:3000', from: 'EV Service <no-reply@evshop.vn>' });
    return { clock, worker: createDeliveryWorker({ db: scratch.db, channels: new Map([['email', email]]), email, clock }) };
  }

  it('killed between the commit and its worker: the next worker sends the message once', async () => {
    await runAndKill('commit', 'crash:before-send', /committed/);
    expect(await emailsOf('crash:before-send')).toEqual([expect.objectContaining({ status: 'pending', attempts: 0, subject: 'Đơn hàng EV2611-0042: Đang giao hàng – EV Service' })]);

    const mailer = recordingMailer();
    const { worker } = nextWorker(mailer);
    await worker.deliverPending();
    await worker.deliverPending();
    expect(mailer.sent.filter((email) => email.to === address)).toHaveLength(1);
    expect(await emailsOf('crash:before-send')).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  });

  it('killed while its worker was sending: the message goes once the claim lapses, as the same message', async () => {
    const output = await runAndKill('send', 'crash:while-sending', /sending <[^>]+>/);
    const firstTry = /sending (<[^>]+>)/.exec(output)![1];
    expect(await emailsOf('crash:while-sending')).toEqual([expect.objectContaining({ status: 'pending', attempts: 1 })]);

    const mailer = recordingMailer();
    const { worker, clock } = nextWorker(mailer);
    // Still claimed by the process that died: nobody sends it twice at once.
    await worker.deliverPending();
    expect(mailer.sent.filter((email) => email.to === address)).toHaveLength(0);

    clock.advance(PAST_THE_LEASE_MS);
    await worker.deliverPending();
    await worker.deliverPending();
    const sent = mailer.sent.filter((email) => email.to === address);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.messageId).toBe(firstTry);
    expect(await emailsOf('crash:while-sending')).toEqual([expect.objectContaining({ status: 'sent', attempts: 2 })]);
  });
});
