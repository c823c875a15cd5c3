import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadApi, loadObjectStorageKit, openBenchDatabase } from './benchApi.ts';
import { percentile, round, runBench, serveBenchApi, startBenchApi } from './benchProcess.ts';

/**
 * `npm run bench:storage`: a product photo served by the API from an S3-compatible bucket (the S3 driver against a
 * real s3rver on loopback). GET /api/media/products/<name>.webp one request at a time, BENCH_REQUESTS of them (default
 * 400) after 30 to warm up; budget: p95 < 30 ms. Then the same from the local folder, for comparison. The API runs in
 * a child process, the S3 server in another.
 */

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const WARM_UP = 30;
const P95_BUDGET_MS = 30;
const PHOTO_NAME = `${'ab'.repeat(16)}.webp`;

// ---- The server (child process) -------------------------------------------------------------------------

async function runServer(): Promise<void> {
  const { loadS3Settings } = await loadObjectStorageKit();
  const { buildApp } = await loadApi();
  const { db, config } = await openBenchDatabase();
  // s3rver's fixed credentials are refused in production: read the settings as development does.
  const objectStorage = loadS3Settings(process.env, 'development');
  const app = buildApp({ db, logger: false, context: { config: { ...config, objectStorage } } });
  await serveBenchApi(app, db);
}

// ---- The measurements (parent process) ------------------------------------------------------------------

async function main(): Promise<void> {
  const { startS3ServerProcess, loadS3Settings, createS3Store } = await loadObjectStorageKit();
  const s3 = await startS3ServerProcess();
  const folder = mkdtempSync(path.join(tmpdir(), 'ev-bench-storage-'));
  // A product photo as the admin's upload stores it: WebP, 1600 px on its longest side.
  // (grain: a camera photo does not compress like a flat drawing)
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } } })
    .webp({ quality: 80, effort: 0 })
    .toBuffer();
  await createS3Store(loadS3Settings(s3.env, 'development')!).put(`products/${PHOTO_NAME}`, photo, 'image/webp');
  // The same photo in the local folder: the figure to tell the bucket's cost from the machine's.
  mkdirSync(path.join(folder, 'uploads', 'products'), { recursive: true });
  writeFileSync(path.join(folder, 'uploads', 'products', PHOTO_NAME), photo);
  console.log(`bucket ${s3.bucket} on ${s3.endpoint} (s3rver); ${cpus().length} CPU(s): ${cpus()[0]?.model ?? '?'}; load average ${loadavg()[0]?.toFixed(1)}`);
  console.log(`photo: ${(photo.length / 1024).toFixed(0)} KB WebP 1600×1200\n`);
  let failed = false;
  try {
    for (const driver of ['s3', 'local'] as const) {
      // From source: production refuses s3rver's fixed credentials (the server part reads them as development does).
      const api = await startBenchApi<{ port: number }>(import.meta.url, { BENCH_DATA_DIR: folder, ...(driver === 's3' ? s3.env : {}) }, { api: 'source' });
      const url = `http://127.0.0.1:${api.ready.port}/api/media/products/${PHOTO_NAME}`;
      try {
        const timings: number[] = [];
        const cpuBefore = await api.cpuMs();
        for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
          const started = performance.now();
          const response = await fetch(url);
          const body = Buffer.from(await response.arrayBuffer());
          const ms = performance.now() - started;
          if (response.status !== 200 || body.length !== photo.length || response.headers.get('content-type') !== 'image/webp') {
            throw new Error(`GET ${url}: ${response.status}, ${body.length} bytes, ${response.headers.get('content-type')}`);
          }
          if (i >= WARM_UP) timings.push(ms);
        }
        const apiCpuMs = (await api.cpuMs()) - cpuBefore;
        timings.sort((a, b) => a - b);
        const p95 = percentile(timings, 95);
        console.log(
          `GET /api/media/products/<name>.webp × ${timings.length} (${driver === 's3' ? 'S3 driver' : 'local folder'}): p50 ${round(percentile(timings, 50))} ms, p95 ${round(p95)} ms, ` +
            `p99 ${round(percentile(timings, 99))} ms, max ${round(timings.at(-1) ?? 0)} ms; API CPU ${round(apiCpuMs / (WARM_UP + REQUESTS))} ms per request`,
        );
        if (driver === 's3') {
          failed = p95 >= P95_BUDGET_MS;
          console.log(`  ${failed ? '✘' : '✔'} p95 ${round(p95)} ms < ${P95_BUDGET_MS} ms`);
        }
      } finally {
        await api.stop();
      }
    }
  } finally {
    await s3.close();
    rmSync(folder, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

runBench({ server: runServer, main });
