import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The technicians' phones of bench:backoffice's photo phase, in a process of their own. Uploading a 4 MB photo
 * through `fetch` (copying the file into a Blob, encoding the multipart body, pushing it into the socket) is
 * tens of milliseconds of JavaScript per upload; run in the process whose event loop also drives the floor's
 * 20 clients (autocannon) and the front desk, it stalls them, and the floor's figures would then time the load
 * generator's own queue instead of the API (as customerLoad.ts explains for `fetch` loops).
 *
 * Parent side: `startPhotoUploaders(...)` forks this file, waits until the child has read the photo, and answers
 * `run(until)`; the uploads start when it is called. Child side: one upload loop per technician, one photo
 * after another at the pace asked (everyMs; their first photos spread over one interval), each to the next checklist
 * item (≤ 5 photos per item), timed from the request to the answer.
 */

export interface PhotoTechnician {
  token: string;
  items: Array<{ orderId: number; itemId: number }>;
}

interface StartMessage {
  origin: string;
  technicians: PhotoTechnician[];
  photoFile: string;
  /** A technician's next photo starts this long after the previous one started (or when it ends, if later); 0: back to back. */
  everyMs: number;
}

type ChildMessage = { type: 'ready' } | { type: 'done'; timings: number[][]; cpuMs: number } | { type: 'failed'; message: string };

export async function startPhotoUploaders(options: StartMessage): Promise<{ run(durationMs: number): Promise<{ timings: number[][]; cpuMs: number }> }> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, BENCH_ROLE: 'photo-uploaders' }, stdio: 'inherit' });
  const next = () =>
    new Promise<ChildMessage>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ChildMessage));
      child.once('exit', (code) => reject(new Error(`the photo uploaders stopped (${code})`)));
    });
  const ready = next();
  child.send(options);
  const first = await ready;
  if (first.type !== 'ready') throw new Error(first.type === 'failed' ? first.message : 'the photo uploaders did not start');
  return {
    async run(durationMs) {
      const done = next();
      child.send({ durationMs });
      const answer = await done;
      child.disconnect();
      if (answer.type !== 'done') throw new Error(answer.type === 'failed' ? answer.message : 'the photo uploaders did not finish');
      return { timings: answer.timings, cpuMs: answer.cpuMs };
    },
  };
}

async function uploadPhotos(origin: string, technician: PhotoTechnician, photo: Blob, until: number, everyMs: number, offsetMs: number): Promise<number[]> {
  const timings: number[] = [];
  await new Promise((resolve) => setTimeout(resolve, offsetMs));
  for (let index = 0; performance.now() < until; index += 1) {
    const item = technician.items[Math.floor(index / 4) % technician.items.length]!;
    const form = new FormData();
    form.append('file', photo, 'anh.jpg');
    const started = performance.now();
    const response = await fetch(`${origin}/api/service-orders/${item.orderId}/checklist/${item.itemId}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${technician.token}` },
      body: form,
    });
    await response.arrayBuffer();
    if (response.status !== 201 && response.status !== 200) throw new Error(`photo upload answered ${response.status}`);
    timings.push(performance.now() - started);
    const wait = started + everyMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  return timings;
}

function child(): void {
  let start: StartMessage | null = null;
  let photo: Blob | null = null;
  process.on('message', (message: StartMessage | { durationMs: number }) => {
    if ('origin' in message) {
      start = message;
      photo = new Blob([new Uint8Array(readFileSync(message.photoFile))], { type: 'image/jpeg' });
      process.send!({ type: 'ready' } satisfies ChildMessage);
      return;
    }
    const until = performance.now() + message.durationMs;
    const cpuAtStart = process.cpuUsage();
    const { origin, technicians, everyMs } = start!;
    // The technicians do not shoot in step: their first photos are spread over one interval.
    const offsetOf = (index: number) => (everyMs * index) / technicians.length;
    Promise.all(technicians.map((technician, index) => uploadPhotos(origin, technician, photo!, until, everyMs, offsetOf(index))))
      .then((timings) => {
        const cpu = process.cpuUsage(cpuAtStart);
        process.send!({ type: 'done', timings, cpuMs: (cpu.user + cpu.system) / 1000 } satisfies ChildMessage);
      })
      .catch((error: unknown) => process.send!({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies ChildMessage));
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.env.BENCH_ROLE === 'photo-uploaders') child();
