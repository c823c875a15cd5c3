/** Default origins of the remotes as `npm start` serves them. */
export const DEFAULT_REMOTE_PORTS = { mfe_storefront: 3001, mfe_account: 3002, mfe_backoffice: 3003 } as const;

type RemoteKey = keyof typeof DEFAULT_REMOTE_PORTS;

const ENV_KEYS: Record<RemoteKey, string> = {
  mfe_storefront: 'REMOTE_STOREFRONT_URL',
  mfe_account: 'REMOTE_ACCOUNT_URL',
  mfe_backoffice: 'REMOTE_BACKOFFICE_URL',
};

/**
 * The shell's run-time manifest (remote name → its mf-manifest.json URL), from the environment:
 * REMOTE_STOREFRONT_URL, REMOTE_ACCOUNT_URL, REMOTE_BACKOFFICE_URL (each the remote's base URL or a
 * full manifest URL), else localhost on the default ports.
 */
export function remotesManifestFromEnv(env: Record<string, string | undefined>): Record<RemoteKey, string> {
  const manifest = {} as Record<RemoteKey, string>;
  for (const name of Object.keys(DEFAULT_REMOTE_PORTS) as RemoteKey[]) {
    const configured = env[ENV_KEYS[name]]?.trim();
    const base = configured || `http://localhost:${DEFAULT_REMOTE_PORTS[name]}`;
    manifest[name] = /\.json$|\.js$/.test(base) ? base : `${base.replace(/\/$/, '')}/mf-manifest.json`;
  }
  return manifest;
}
