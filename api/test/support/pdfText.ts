import { execFile } from 'node:child_process';
import path from 'node:path';

/** Reads a PDF's text with unpdf (pdf.js) in a child Node: its pdf.js bundle is ESM, which Jest's CommonJS runtime cannot load. */
const EXTRACT = `
import { extractText, getDocumentProxy } from 'unpdf';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { text } = await extractText(await getDocumentProxy(new Uint8Array(Buffer.concat(chunks))), { mergePages: true });
process.stdout.write(text);
`;

/** The text of `pdf`, pages merged (rejects when the bytes are not a PDF pdf.js can open). */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', EXTRACT],
      { cwd: path.join(__dirname, '..', '..'), maxBuffer: 16 * 1024 * 1024, timeout: 20_000 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin!.end(pdf);
  });
}
