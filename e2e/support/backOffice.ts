import type { Download, Page } from '@playwright/test';
import { readMailFromOutbox } from './outbox.ts';

/**
 * Helpers of the back office's management tests (issue 15): the admin's invite as a new hire reads it in the
 * development outbox, and a downloaded CSV as a spreadsheet would open it.
 */

export interface Invite {
  /** The 6-digit reset-password code that sets the first password. */
  code: string;
  /** The 'set your password' address of the email: the reset form with the address filled in. */
  link: string;
}

/**
 * Reads the newest invite sent to `email` ('Lời mời tham gia EV Service …') from the development outbox page
 * (/api/dev/outbox), as a new hire without a mail server does (support/outbox.ts).
 */
export async function readInviteFromOutbox(page: Page, email: string): Promise<Invite> {
  const text = await readMailFromOutbox(page, email, /Lời mời tham gia/, 'invite');
  const code = /Mã: (\d{6})\b/.exec(text)?.[1];
  const link = /(https?:\/\/\S+\/auth\/forgot-password\/confirm\?\S+)/.exec(text)?.[1];
  if (!code || !link) throw new Error(`the invite to ${email} has no code or no link`);
  return { code, link };
}

export interface Csv {
  /** The file's bytes started with the UTF-8 byte order mark (EF BB BF). */
  bom: boolean;
  /** Every line break is CRLF (and there is at least one). */
  crlf: boolean;
  /** The lines without the BOM, split on CRLF, the empty one after a final CRLF dropped. */
  lines: string[];
  fileName: string;
}

/** Reads a download's file as bytes, then as UTF-8 text split into lines. */
export async function readCsvDownload(download: Download): Promise<Csv> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const bytes = Buffer.concat(chunks);
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = bytes.subarray(bom ? 3 : 0).toString('utf8');
  const breaks = text.match(/\r?\n/g) ?? [];
  const crlf = breaks.length > 0 && breaks.every((lineBreak) => lineBreak === '\r\n');
  const lines = text.split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  return { bom, crlf, lines, fileName: download.suggestedFilename() };
}
