import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { checklistPhotosFolder } from '../../../src/modules/media/checklistPhotosStore';
import { createImageEncoder, ImageEncoderUnavailableError, UnreadableUploadError, type ImageEncoder } from '../../../src/modules/media/imageEncoder';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The image encoder (imageEncoder.ts) as the checklist photos use it: a process of its own at a low CPU priority (nice 10),
 * which re-encodes an upload and writes the stored photo; the upload it was handed is deleted whatever happens,
 * and a dead or hung encoder fails the photos it held (503 at the route: uploadedImage.test.ts) and is started again by the next.
 */
describe('the checklist photos encoder process', () => {
  let uploadDir: string;
  let encoder: ImageEncoder;
  let camera: Buffer;

  const folderFiles = () => (existsSync(checklistPhotosFolder(uploadDir)) ? readdirSync(checklistPhotosFolder(uploadDir)).sort() : []);
  const store = (bytes: Buffer) => encoder.store('checklist-photo', checklistPhotosFolder(uploadDir), bytes);
  const keptUploads = () => folderFiles().filter((name) => name.startsWith('.upload-'));

  beforeAll(async () => {
    camera = await sharp({ create: { width: 2600, height: 1950, channels: 3, background: { r: 90, g: 140, b: 60 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
  });

  beforeEach(() => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'ev-photo-encoder-'));
  });

  afterEach(async () => {
    await encoder?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('stores the WebP from a process of its own at nice 10 (below the API), and deletes the kept upload', async () => {
    encoder = createImageEncoder({ uploadDir });
    const stored = await store(camera);

    expect(stored).toEqual({ file: expect.stringMatching(/^[a-f0-9]{32}\.webp$/), width: 1300, height: 975 });
    expect(folderFiles()).toEqual([stored.file]);
    const written = await sharp(path.join(checklistPhotosFolder(uploadDir), stored.file)).metadata();
    expect(written).toMatchObject({ format: 'webp', width: 1300, height: 975 });

    const pid = encoder.pid!;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    expect(getPriority(pid)).toBe(10);
    expect(getPriority(pid)).toBeGreaterThan(getPriority(process.pid));
  });

  it('starts when warmed (the server listens), before any photo', async () => {
    encoder = createImageEncoder({ uploadDir });
    expect(encoder.pid).toBeUndefined();
    encoder.warm();
    const pid = encoder.pid!;
    expect(isRunning(pid)).toBe(true);
    await store(camera);
    expect(encoder.pid).toBe(pid);
  });

  it('answers UnreadableUploadError for bytes it cannot decode, and leaves no file behind', async () => {
    encoder = createImageEncoder({ uploadDir });
    const truncated = camera.subarray(0, Math.floor(camera.length / 3));
    await expect(store(truncated)).rejects.toBeInstanceOf(UnreadableUploadError);
    expect(folderFiles()).toEqual([]);
  });

  it('fails the photos a dead encoder held, deletes their uploads, and starts a new one for the next photo', async () => {
    encoder = createImageEncoder({ uploadDir });
    encoder.warm();
    const first = encoder.pid!;
    const held = [store(camera), store(camera)].map((photo) => photo.catch((error: unknown) => error));
    // Both handed over: the encoder holds them, far from done with either (each is 100 ms of work or more).
    while (encoder.inFlight < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    process.kill(first, 'SIGKILL');
    for (const outcome of await Promise.all(held)) expect(outcome).toBeInstanceOf(ImageEncoderUnavailableError);
    expect(keptUploads()).toEqual([]);

    const next = await store(camera);
    expect(encoder.pid).not.toBe(first);
    expect(folderFiles()).toContain(next.file);
  });

  it('ends an encoder that does not answer in time and fails the photo', async () => {
    encoder = createImageEncoder({ uploadDir, timeoutMs: 1 });
    encoder.warm();
    const pid = encoder.pid!;
    await expect(store(camera)).rejects.toBeInstanceOf(ImageEncoderUnavailableError);
    expect(keptUploads()).toEqual([]);
    // Killed: gone once the API has reaped it (a busy machine may take a moment).
    for (const deadline = Date.now() + 5_000; isRunning(pid) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isRunning(pid)).toBe(false);
  });

  it('ends its process on close; a photo after that is refused', async () => {
    encoder = createImageEncoder({ uploadDir });
    encoder.warm();
    const pid = encoder.pid!;
    await encoder.close();
    expect(isRunning(pid)).toBe(false);
    await expect(store(camera)).rejects.toBeInstanceOf(ImageEncoderUnavailableError);
    expect(keptUploads()).toEqual([]);
  });

  it('starts without the database layer, zod, the metrics or the web server: only what an image needs', () => {
    // The process as the API forks it from the sources (tsx), asked at its exit (sharp loads as it starts) which
    // packages it had loaded.
    const encoderFile = path.resolve(__dirname, '../../../src/modules/media/imageEncoderProcess.ts');
    const report = `process.on('exit', () => {
      const names = Object.keys(require.cache).filter((file) => file.includes('/node_modules/')).map((file) => file.split('/node_modules/').pop().split('/'));
      process.stdout.write(JSON.stringify([...new Set(names.map((parts) => (parts[0].startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/')))].sort()));
    });`;
    const output = execFileSync(process.execPath, ['--conditions=ev-source', '--import', 'tsx', '-e', `${report} require(${JSON.stringify(encoderFile)});`], {
      cwd: path.resolve(__dirname, '../../..'),
      encoding: 'utf8',
    });
    const packages = JSON.parse(output) as string[];
    // libvips (sharp's @img packages) is there: the report saw the process's modules.
    expect(packages.filter((name) => name.startsWith('@img/'))).not.toEqual([]);
    for (const heavy of ['kysely', 'zod', 'prom-client', 'fastify', 'pg', 'better-sqlite3', '@aws-sdk/client-s3']) expect(packages).not.toContain(heavy);
  });
});
