import type { Page } from '@playwright/test';

/**
 * Opens the development outbox (/api/dev/outbox) on the emails sent to `email`, as a new user without a mail
 * server does: the page lists the newest 100 emails of everyone (the demo fleet's daily reminders fill it), so
 * they type their address in "Người nhận" and press "Lọc".
 */
async function openMailboxOf(page: Page, email: string): Promise<void> {
  await page.goto('/api/dev/outbox');
  await page.getByLabel('Người nhận').fill(email);
  await Promise.all([page.waitForURL(/[?&]to=/), page.getByRole('button', { name: 'Lọc' }).click()]);
}

/**
 * The text of the newest email sent to `email` whose text matches `pattern`, from the development outbox. Polls
 * briefly (reloading the recipient's page): the email is there as soon as the change that sends it is committed.
 */
export async function readMailFromOutbox(page: Page, email: string, pattern: RegExp, what: string): Promise<string> {
  await openMailboxOf(page, email);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = page.locator('article.mail').filter({ hasText: email }).filter({ hasText: pattern });
    if ((await mails.count()) > 0) return mails.first().locator('pre').innerText();
    if (Date.now() > deadline) throw new Error(`no ${what} for ${email} in the dev outbox`);
    await page.waitForTimeout(500);
    await page.reload();
  }
}

/** The newest 6-digit code sent to `email` (optionally: in an email whose subject or text matches `subjectPattern`). */
export async function readCodeFromOutbox(page: Page, email: string, subjectPattern: RegExp = /\b\d{6}\b/): Promise<string> {
  const text = await readMailFromOutbox(page, email, subjectPattern, 'code');
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`the email to ${email} has no 6-digit code`);
  return code;
}
