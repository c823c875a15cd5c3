import readline from 'node:readline';
import { Writable } from 'node:stream';

/**
 * Asks a question on the terminal without echoing the answer (readline writing to an output that drops
 * everything once the question is shown). Ctrl-C rejects with an Error 'Đã hủy.'.
 */
export function askHidden(question: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stdout): Promise<string> {
  return new Promise((resolve, reject) => {
    let muted = false;
    const sink = new Writable({
      write(chunk, encoding, done) {
        if (!muted) output.write(chunk, encoding);
        done();
      },
    });
    const rl = readline.createInterface({ input, output: sink, terminal: true });
    rl.on('SIGINT', () => {
      rl.close();
      output.write('\n');
      reject(new Error('Đã hủy.'));
    });
    rl.question(question, (answer) => {
      rl.close();
      output.write('\n');
      resolve(answer);
    });
    // The question is written synchronously above: from here on, what is typed is not shown.
    muted = true;
  });
}

/** The first line of a piped stdin (`printf '%s\n' "$PASS" | …`), without its line ending; null when empty. */
export async function readFirstLine(input: NodeJS.ReadableStream = process.stdin): Promise<string | null> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  const line = text.split('\n')[0]!.replace(/\r$/, '');
  return text === '' ? null : line;
}
