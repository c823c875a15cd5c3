// Part of the entry chunk: no shared modules may be imported here (they are not available eagerly).
const MANIFEST_URL = '/remotes.json';

type ManifestHolder = { __evRemotesManifest?: Promise<unknown> };

export function startRemotesManifestFetch(): Promise<unknown> {
  const holder = window as unknown as ManifestHolder;
  holder.__evRemotesManifest ??= fetch(MANIFEST_URL, { cache: 'no-store', credentials: 'omit' }).then((response) => {
    if (!response.ok) throw new Error(`remotes manifest: HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  });
  return holder.__evRemotesManifest;
}
