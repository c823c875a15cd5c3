import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver (npm): a real S3-compatible HTTP server that stores objects in a folder; no types ship with it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
};

/** s3rver's fixed credentials: it checks every request's signature against them. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** An S3-compatible server on 127.0.0.1 (a random port, a temporary folder), with its buckets made. */
export interface TestS3Server {
  endpoint: string;
  port: number;
  /** The first bucket it was started with. */
  bucket: string;
  /**
   * The API's settings to use it (S3_ENDPOINT, S3_BUCKET, ...): spread into process.env of a child, or into the
   * env given to loadConfig.
   */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(options: { buckets?: string[] } = {}): Promise<TestS3Server> {
  const buckets = options.buckets ?? ['evshop-test'];
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const bucket = buckets[0] ?? 'evshop-test';
  return {
    endpoint,
    port: address.port,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

// As a process of its own (`npx tsx api/test/support/s3Server.ts`): prints one line of JSON with `env` once it
// listens, and runs until SIGTERM/SIGINT — for scripts that start API processes beside it.
if (require.main === module) {
  void startS3Server().then((s3) => {
    process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket, env: s3.env })}\n`);
    const stop = (): void => void s3.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
