/** Federation container names (identifiers, see DESIGN §5) and the package each is built from. */
export const REMOTE_NAMES = ['mfe_storefront', 'mfe_account', 'mfe_backoffice'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const REMOTE_PACKAGES: Record<RemoteName, string> = {
  mfe_storefront: 'mfe-storefront',
  mfe_account: 'mfe-account',
  mfe_backoffice: 'mfe-backoffice',
};

/** Exactly what each remote exposes; the built manifests are checked against this list. */
export const REMOTE_EXPOSES = {
  mfe_storefront: ['./routes'],
  mfe_account: ['./routes', './EmailVerificationBanner'],
  mfe_backoffice: ['./routes'],
} as const satisfies Record<RemoteName, readonly string[]>;

export type ExposedModule<R extends RemoteName> = (typeof REMOTE_EXPOSES)[R][number];

/** The run-time manifest the shell fetches: remote name → URL of its mf-manifest.json (or remoteEntry.js). */
export type RemotesManifest = Record<RemoteName, string>;

export const REMOTES_MANIFEST_PATH = '/remotes.json';

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

/**
 * Validates a fetched manifest. Returns the manifest or a list of problems (in English, for logs);
 * the shell shows a Vietnamese message for any problem.
 */
export function parseRemotesManifest(raw: unknown): { ok: true; manifest: RemotesManifest } | { ok: false; problems: string[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, problems: ['not an object'] };
  const problems: string[] = [];
  const manifest: Partial<RemotesManifest> = {};
  for (const name of REMOTE_NAMES) {
    const url = (raw as Record<string, unknown>)[name];
    if (typeof url !== 'string' || !/^(https?:\/\/|\/)/.test(url)) {
      problems.push(`${name}: missing or not a URL`);
      continue;
    }
    manifest[name] = url;
  }
  return problems.length ? { ok: false, problems } : { ok: true, manifest: manifest as RemotesManifest };
}
