import { fork, type ChildProcess } from 'node:child_process';
import { unlink, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { objectStoreAt } from '../../objectStorage';
import { childExecArgv } from '../../lib/childProcess';
import { keptUploadPath, type KeptUpload } from './uploadedFile';

/**
 * Uploaded images (checklist photos, avatars) are decoded, re-encoded and written by a process of their own at a
 * low CPU priority (nice 10), never on the API's event loop or its thread pool.
 *
 * Why: a phone photo is a sizeable amount of libvips work. On the API's own thread pool its threads would compete
 * on equal terms with the event loop that answers the whole floor (the day view, the board, the checklist answers,
 * check-ins). At nice 10 the kernel gives the event loop the CPU first (a nice-10 thread weighs 110 against its 1024)
 * and the image the rest: the floor keeps its budgets and a photo stays within its own. SCHED_IDLE and nice 19 starved
 * the photos under a busy floor (docs/decisions/0013-image-encoder-process-at-nice-10.md; figures in
 * docs/performance.md, bench:backoffice). An image that would still cost the process too much never reaches it:
 * the routes bound the declared canvas first (imageBounds.ts), and the process bounds the decoder again.
 *
 * The bytes do not cross the channel: the API writes the upload, as it arrives, into a hidden file of the kind's
 * folder (uploadedFile.ts), the encoder reads it and writes the stored file, and only the names and the size travel. (A
 * channel carries 64 KB at a time, each written by the API's event loop when it comes round to it: a photo would
 * take a busy floor's loop tens of turns to hand over.)
 *
 * The process starts when asked to (warm: the server starts listening) or with the first image, answers requests
 * as they finish (each tagged with its id), and is started again by the next image if it dies; the images it held
 * then fail with `ImageEncoderUnavailableError` (the routes' 503), as does an image not stored within `timeoutMs`
 * (the process is then ended: libvips hung). With `idleExitMs` it ends itself after that long without work (an
 * encoder used a few times a day holds no memory the rest of it). The kept upload is deleted whatever happens.
 */

/** What the encoder makes of an upload: a checklist or product photo (≤ 1600 px WebP) or an avatar (256 × 256 WebP). */
export type ImageKind = 'checklist-photo' | 'avatar' | 'product-image';

export interface EncodeRequest {
  id: number;
  kind: ImageKind;
  /** The kept upload (keptUploadPath). */
  upload: string;
  uploadDir: string;
}

/** A stored image: its file name in its kind's folder and its size. */
export interface StoredImage {
  file: string;
  width: number;
  height: number;
}

export type EncodeReply = ({ id: number; ok: true } & StoredImage) | { id: number; ok: false; unreadable: boolean; message: string };

export class ImageEncoderUnavailableError extends Error {}
/** The decoder refused the upload (truncated, corrupt, over the pixel limit). */
export class UnreadableUploadError extends Error {}

/** The encoder's niceness (see the header: 19 starved the photos under a busy floor on a slow machine). */
const IMAGE_ENCODER_NICE = 10;
const DEFAULT_TIMEOUT_MS = 30_000;

export interface ImageEncoder {
  /**
   * Re-encodes an upload and writes it as a stored image of `kind` in `folder` (UnreadableUploadError when it is not
   * a readable image): an upload already kept there (keepUploadedFile; its caller deletes it), or bytes, kept here
   * for the process and deleted whatever happens.
   */
  store(kind: ImageKind, folder: string, upload: KeptUpload | Buffer): Promise<StoredImage>;
  /** Starts the process now rather than with the first image (the server starts listening). */
  warm(): void;
  /** The encoder's process id while it runs (tests). */
  readonly pid: number | undefined;
  /** Images handed to the process and not answered yet (tests). */
  readonly inFlight: number;
  close(): Promise<void>;
}

interface Pending {
  resolve(image: StoredImage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * Forks the encoder's process and lowers its priority (the libvips threads it starts inherit it). The child is
 * the compiled .js next to this file, or the .ts source run through tsx (dev, tests, benches).
 */
function launchEncoder(): ChildProcess {
  const extension = path.extname(__filename);
  const file = path.join(__dirname, `imageEncoderProcess${extension}`);
  const started = fork(file, [], { execArgv: childExecArgv(__filename), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    if (started.pid !== undefined) setPriority(started.pid, IMAGE_ENCODER_NICE);
  } catch {
    // A platform without priorities: the image is encoded all the same.
  }
  return started;
}

/** Keeps an upload's bytes in a hidden file of `folder` (keptUploadPath) for the encoder's process to read; returns its path. The caller deletes it. */
export async function keepUpload(folder: string, bytes: Buffer): Promise<string> {
  const file = await keptUploadPath(folder);
  try {
    await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    await unlink(file).catch(() => undefined);
    throw error;
  }
  return file;
}

export function createImageEncoder(options: { uploadDir: string; timeoutMs?: number; idleExitMs?: number }): ImageEncoder {
  const { uploadDir, idleExitMs } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pending = new Map<number, Pending>();
  let child: ChildProcess | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;
  let closed = false;

  function failAll(of: ChildProcess, message: string): void {
    if (child === of) child = null;
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      pending.delete(id);
      job.reject(new ImageEncoderUnavailableError(message));
    }
  }

  /** Ends an idle process (idleExitMs): the next image starts a new one. */
  function endWhenIdle(encoder: ChildProcess): void {
    if (idleExitMs === undefined) return;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (pending.size > 0) return;
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (pending.size > 0 || child !== encoder) return;
      child = null;
      if (encoder.connected) encoder.disconnect();
    }, idleExitMs);
    idleTimer.unref();
  }

  /** Keeps the API's process alive only while an image is being encoded. */
  function holdWhileBusy(encoder: ChildProcess): void {
    if (pending.size > 0) {
      encoder.ref();
      encoder.channel?.ref();
    } else {
      encoder.unref();
      encoder.channel?.unref();
    }
    endWhenIdle(encoder);
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
      else job.reject(message.unreadable ? new UnreadableUploadError(message.message) : new Error(message.message));
    });
    started.on('error', (error) => failAll(started, error.message));
    started.on('exit', (code, signal) => failAll(started, `the image encoder stopped (${signal ?? code})`));
    holdWhileBusy(started);
    return started;
  }

  function request(kind: ImageKind, upload: string): Promise<StoredImage> {
    if (closed) return Promise.reject(new ImageEncoderUnavailableError('the image encoder is closed'));
    child ??= start();
    const target = child;
    const id = nextId++;
    return new Promise<StoredImage>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new ImageEncoderUnavailableError(`no answer from the image encoder within ${timeoutMs} ms`));
        target.kill('SIGKILL');
      }, timeoutMs);
      pending.set(id, { resolve, reject, timer });
      holdWhileBusy(target);
      target.send({ id, kind, upload, uploadDir } satisfies EncodeRequest, (error) => {
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
    async store(kind, folder, source) {
      const upload = Buffer.isBuffer(source) ? await keepUpload(folder, source) : source.file;
      try {
        const stored = await request(kind, upload);
        // The process wrote it in UPLOAD_DIR; the object store takes it from there (the folder: where it is).
        await objectStoreAt(uploadDir).adoptLocalFile(`${path.basename(folder)}/${stored.file}`, path.join(folder, stored.file), 'image/webp');
        return stored;
      } finally {
        if (Buffer.isBuffer(source)) await unlink(upload).catch(() => undefined);
      }
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      const running = child;
      if (!running) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      if (running.connected) running.disconnect();
      else running.kill();
      await exited;
    },
  };
}
