import type { Page } from '@playwright/test';

/**
 * Reads the newest 6-digit code sent to `email` from the development outbox page (/api/dev/outbox), as a new
 * user without a mail server does. Polls briefly: the outbox worker delivers within a second or two.
 */
export async function readCodeFromOutbox(page: Page, email: string, subjectPattern: RegExp = /./): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    await page.goto('/api/dev/outbox');
    const mails = page.locator('article.mail').filter({ hasText: email }).filter({ hasText: subjectPattern });
    if ((await mails.count()) > 0) {
      const text = await mails.first().locator('pre').innerText();
      const code = /\b(\d{6})\b/.exec(text)?.[1];
      if (code) return code;
    }
    await page.waitForTimeout(500);
  }
  throw new Error(`no code for ${email} in the dev outbox`);
}
