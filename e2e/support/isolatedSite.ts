import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startStaticSite } from '../../scripts/serve/staticSite.ts';
import { E2E_PORTS, ISOLATED_PORTS } from './ports.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export type Manifest = Record<string, unknown>;

/**
 * A second shell (same build, same server code as `npm start`) whose remotes manifest a test controls,
 * with its own storefront server serving a copy of the storefront build that the test can stop, start
 * and redeploy. Account and back office come from the main e2e stack.
 */
export class IsolatedSite {
  readonly shellUrl = `http://localhost:${ISOLATED_PORTS.shell}`;
  readonly storefrontUrl = `http://localhost:${ISOLATED_PORTS.storefront}`;
  readonly storefrontRoot = mkdtempSync(path.join(os.tmpdir(), 'ev-storefront-'));
  manifest: Manifest;
  private shell: FastifyInstance | null = null;
  private storefront: FastifyInstance | null = null;

  constructor() {
    cpSync(path.join(REPO_ROOT, 'mfe-storefront', 'dist'), this.storefrontRoot, { recursive: true });
    this.manifest = this.defaultManifest();
  }

  defaultManifest(): Manifest {
    return {
      mfe_storefront: `${this.storefrontUrl}/mf-manifest.json`,
      mfe_account: `http://localhost:${E2E_PORTS.account}/mf-manifest.json`,
      mfe_backoffice: `http://localhost:${E2E_PORTS.backoffice}/mf-manifest.json`,
    };
  }

  async start(): Promise<void> {
    this.shell = await startStaticSite({
      root: path.join(REPO_ROOT, 'shell', 'dist'),
      port: ISOLATED_PORTS.shell,
      spaFallback: true,
      apiTarget: `http://127.0.0.1:${E2E_PORTS.api}`,
      remotesManifest: () => this.manifest,
    });
    await this.startStorefront();
  }

  async startStorefront(): Promise<void> {
    this.storefront ??= await startStaticSite({ root: this.storefrontRoot, port: ISOLATED_PORTS.storefront, cors: true });
  }

  async stopStorefront(): Promise<void> {
    await this.storefront?.close();
    this.storefront = null;
  }

  /** Copies a new storefront build over the served one, as a deployment would (old hashed chunks stay). */
  deployStorefront(buildDir: string): void {
    cpSync(buildDir, this.storefrontRoot, { recursive: true });
  }

  async stop(): Promise<void> {
    await this.stopStorefront();
    await this.shell?.close();
    rmSync(this.storefrontRoot, { recursive: true, force: true });
  }
}
