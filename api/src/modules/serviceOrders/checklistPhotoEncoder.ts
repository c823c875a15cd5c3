import { fork, type ChildProcess } from 'node:child_process';
import { unlink } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { keepUpload, UnreadablePhotoError, type StoredPhoto } from './checklistPhotosStore';

/**
 * Checklist photos are re-encoded and written by a process of their own at the lowest CPU priority (nice 19).
 *
 * Why: a 4 MB phone photo is about 120 ms of libvips work. On the API's own thread pool its threads compete on
 * equal terms with the event loop that answers the whole floor (the day view, the board, the checklist answers,
 * check-ins), and on a small server every photo shows in their response times. At nice 19 the kernel gives the
 * event loop the CPU first (a nice-19 thread weighs 15 against its 1024) and the photo the rest: the floor keeps
 * its budgets and a photo still takes a few hundred milliseconds. Linux's SCHED_IDLE (only the CPU nobody else
 * wants) was tried and measured: the floor was a little faster, but under a busy floor the photos starved (p95
 * 1.0–1.2 s against 0.4–0.55 s at nice 19).
 *
 * The bytes do not cross the channel: the API keeps the upload in a hidden file of the photos' folder
 * (keepUpload), the encoder reads it and writes the stored photo, and only the names and the size travel. (A
 * channel carries 64 KB at a time, each written by the API's event loop when it comes round to it: a 4 MB photo
 * would take a busy floor's loop tens of turns to hand over.)
 *
 * The process starts when the server starts listening (or with the first photo), answers requests as they
 * finish (each tagged with its id), and is started again by the next photo if it dies; the photos it held then
 * fail with `PhotoEncoderUnavailableError` (the route's 503), as does a photo not stored within `timeoutMs` (the
 * process is then ended: libvips hung). The kept upload is deleted whatever happens.
 */

export interface EncodeRequest {
  id: number;
  /** The kept upload (keepUpload). */
  upload: string;
  uploadDir: string;
}

export type EncodeReply = ({ id: number; ok: true } & StoredPhoto) | { id: number; ok: false; unreadable: boolean; message: string };

export class PhotoEncoderUnavailableError extends Error {}

/** The encoder's niceness: the lowest priority there is. */
const PHOTO_ENCODER_NICE = 19;
const DEFAULT_TIMEOUT_MS = 30_000;

export interface ChecklistPhotoEncoder {
  /** Re-encodes an upload and writes it as a stored photo (UnreadablePhotoError when it is not a readable image). */
  store(bytes: Buffer): Promise<StoredPhoto>;
  /** Starts the process now rather than with the first photo (the server starts listening). */
  warm(): void;
  /** The encoder's process id while it runs (tests). */
  readonly pid: number | undefined;
  /** Photos handed to the process and not answered yet (tests). */
  readonly inFlight: number;
  close(): Promise<void>;
}

interface Pending {
  resolve(photo: StoredPhoto): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Forks the encoder's process and lowers its priority (the libvips threads it starts inherit it). The child is
 * the compiled .js next to this file, or the .ts source run through tsx (dev, tests, benches).
 */
function launchEncoder(): ChildProcess {
  const extension = path.extname(__filename);
  const file = path.join(__dirname, `checklistPhotoEncoderProcess${extension}`);
  const execArgv = extension === '.ts' ? ['--import', 'tsx'] : [];
  const started = fork(file, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    if (started.pid !== undefined) setPriority(started.pid, PHOTO_ENCODER_NICE);
  } catch {
    // A platform without priorities: the photo is encoded all the same.
  }
  return started;
}

export function createChecklistPhotoEncoder(options: { uploadDir: string; timeoutMs?: number }): ChecklistPhotoEncoder {
  const { uploadDir } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pending = new Map<number, Pending>();
  let child: ChildProcess | null = null;
  let nextId = 1;
  let closed = false;

  function failAll(of: ChildProcess, message: string): void {
    if (child === of) child = null;
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      pending.delete(id);
      job.reject(new PhotoEncoderUnavailableError(message));
    }
  }

  /** Keeps the API's process alive only while a photo is being encoded. */
  function holdWhileBusy(encoder: ChildProcess): void {
    if (pending.size > 0) {
      encoder.ref();
      encoder.channel?.ref();
    } else {
      encoder.unref();
      encoder.channel?.unref();
    }
  }

  function start(): ChildProcess {
    const started = launchEncoder();
    started.on('message', (message: EncodeReply) => {
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      clearTimeout(job.timer);
      holdWhileBusy(started);
      if (message.ok) job.resolve({ file: message.file, width: message.width, height: message.height });
      else job.reject(message.unreadable ? new UnreadablePhotoError(message.message) : new Error(message.message));
    });
    started.on('error', (error) => failAll(started, error.message));
    started.on('exit', (code, signal) => failAll(started, `the photo encoder stopped (${signal ?? code})`));
    holdWhileBusy(started);
    return started;
  }

  function request(upload: string): Promise<StoredPhoto> {
    if (closed) return Promise.reject(new PhotoEncoderUnavailableError('the photo encoder is closed'));
    child ??= start();
    const target = child;
    const id = nextId++;
    return new Promise<StoredPhoto>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new PhotoEncoderUnavailableError(`no answer from the photo encoder within ${timeoutMs} ms`));
        target.kill('SIGKILL');
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      holdWhileBusy(target);
      target.send({ id, upload, uploadDir } satisfies EncodeRequest, (error) => {
        if (error) failAll(target, error.message);
      });
    });
  }

  return {
    get pid() {
      return child?.pid;
    },
    get inFlight() {
      return pending.size;
    },
    warm() {
      if (!closed) child ??= start();
    },
    async store(bytes) {
      const upload = await keepUpload(uploadDir, bytes);
      try {
        return await request(upload);
      } finally {
        await unlink(upload).catch(() => undefined);
      }
    },
    async close() {
      closed = true;
      const running = child;
      if (!running) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      if (running.connected) running.disconnect();
      else running.kill();
      await exited;
    },
  };
}
