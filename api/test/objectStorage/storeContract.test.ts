import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createLocalFolderStore, createS3Store, type ObjectStore } from '../../src/objectStorage';
import { loadS3Settings } from '../../src/config';
import { startS3Server, type TestS3Server } from '../support/s3Server';

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function keys(store: ObjectStore, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const info of store.list(prefix)) found.push(info.key);
  return found.sort();
}

interface Driver {
  name: string;
  open(): Promise<{ store: ObjectStore; close(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: 'the local folder',
    async open() {
      const folder = mkdtempSync(path.join(tmpdir(), 'ev-store-'));
      return { store: createLocalFolderStore(folder), close: async () => rmSync(folder, { recursive: true, force: true }) };
    },
  },
  {
    name: 'an S3-compatible bucket',
    async open() {
      const server: TestS3Server = await startS3Server();
      return { store: createS3Store(loadS3Settings(server.env, 'test')!), close: () => server.close() };
    },
  },
];

describe.each(drivers)('object store contract on $name', (driver) => {
  let store: ObjectStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await driver.open());
  });
  afterAll(() => close());

  it('gives back what was put, with its type and size, and head agrees', async () => {
    await store.put('avatars/aaaa.webp', Buffer.from('RIFF-webp-bytes'), 'image/webp');
    const got = await store.get('avatars/aaaa.webp');
    expect(got).not.toBeNull();
    expect(got!.size).toBe(15);
    expect(got!.contentType).toBe('image/webp');
    expect(got!.etag).toMatch(/^".+"$/);
    expect(await text(got!.body)).toBe('RIFF-webp-bytes');
    const head = await store.head('avatars/aaaa.webp');
    expect(head).toMatchObject({ key: 'avatars/aaaa.webp', size: 15, contentType: 'image/webp', etag: got!.etag });
    expect(head!.lastModified.getTime()).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it('answers null for a key that is not there', async () => {
    expect(await store.get('avatars/missing.webp')).toBeNull();
    expect(await store.head('products/missing.webp')).toBeNull();
  });

  it('replaces an object put again under the same key', async () => {
    await store.put('products/bbbb.webp', Buffer.from('first'), 'image/webp');
    await store.put('products/bbbb.webp', Buffer.from('second!'), 'image/webp');
    expect(await text((await store.get('products/bbbb.webp'))!.body)).toBe('second!');
  });

  it('lists the keys under a prefix', async () => {
    await store.put('checklist/c1.webp', Buffer.from('1'), 'image/webp');
    await store.put('checklist/c2.webp', Buffer.from('22'), 'image/webp');
    expect(await keys(store, 'checklist/')).toEqual(['checklist/c1.webp', 'checklist/c2.webp']);
    expect(await keys(store, '')).toEqual(expect.arrayContaining(['avatars/aaaa.webp', 'products/bbbb.webp', 'checklist/c1.webp']));
    const sizes: number[] = [];
    for await (const info of store.list('checklist/')) sizes.push(info.size);
    expect(sizes.sort()).toEqual([1, 2]);
  });

  it('deletes, and deleting again is not an error', async () => {
    await store.put('avatars/gone.webp', Buffer.from('x'), 'image/webp');
    await store.delete('avatars/gone.webp');
    expect(await store.get('avatars/gone.webp')).toBeNull();
    await expect(store.delete('avatars/gone.webp')).resolves.toBeUndefined();
  });

  it('refuses keys that would leave the store', async () => {
    await expect(store.get('../etc/passwd')).rejects.toThrow('not a storage key');
    await expect(store.put('/abs.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow('not a storage key');
  });

  it('answers the readiness check', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('the local folder driver', () => {
  it('keeps the paths UPLOAD_DIR already has: a file there is the object of its relative path, hidden files are not listed', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'ev-store-'));
    try {
      mkdirSync(path.join(folder, 'avatars'));
      writeFileSync(path.join(folder, 'avatars', 'old.webp'), 'before object storage');
      writeFileSync(path.join(folder, 'avatars', '.upload-123'), 'a kept upload');
      const store = createLocalFolderStore(folder);
      expect(await text((await store.get('avatars/old.webp'))!.body)).toBe('before object storage');
      expect(await keys(store, '')).toEqual(['avatars/old.webp']);
      await store.put('products/new.webp', Buffer.from('new'), 'image/webp');
      expect(readFileSync(path.join(folder, 'products', 'new.webp'), 'utf8')).toBe('new');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
