import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_EXPOSES, REMOTE_NAMES, REMOTE_PACKAGES } from 'shared-contracts';

interface FederationManifest {
  name: string;
  metaData: { remoteEntry: { name: string } };
  exposes: Array<{ path: string; name: string }>;
  shared: Array<{ name: string; singleton?: boolean }>;
}

function readManifest(packageName: string): FederationManifest {
  const file = path.join(__dirname, '..', '..', packageName, 'dist', 'mf-manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the remote first (npm run build -w ${packageName})`);
  return JSON.parse(readFileSync(file, 'utf8')) as FederationManifest;
}

describe.each(REMOTE_NAMES.map((name) => [name]))('built remote %s', (name) => {
  const manifest = readManifest(REMOTE_PACKAGES[name]);

  it('is a federation container of that name with remoteEntry.js', () => {
    expect(manifest.name).toBe(name);
    expect(manifest.metaData.remoteEntry.name).toBe('remoteEntry.js');
  });

  it('exposes exactly what shared-contracts declares', () => {
    expect(manifest.exposes.map((expose) => expose.path).sort()).toEqual([...REMOTE_EXPOSES[name]].sort());
  });

  // A remote's manifest lists the shared modules it actually loads at run time (a remote that imports only
  // types from shared-contracts does not list it); whatever it lists must come from the one singleton.
  it('shares react, react-dom and react-router-dom, and everything it shares, as singletons', () => {
    const singletons = manifest.shared.filter((entry) => entry.singleton).map((entry) => entry.name);
    expect(singletons).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router-dom']));
    expect(manifest.shared.filter((entry) => !entry.singleton)).toEqual([]);
  });
});

describe('the shell', () => {
  it('is built as a host with no remote baked in (remote URLs come from the run-time manifest)', () => {
    const manifest = readManifest('shell') as FederationManifest & { remotes: unknown[] };
    expect(manifest.remotes).toEqual([]);
  });

  it('provides react, react-dom, react-router-dom and shared-contracts (one bus, one session) as singletons', () => {
    const manifest = readManifest('shell');
    const singletons = manifest.shared.filter((entry) => entry.singleton).map((entry) => entry.name);
    expect(singletons).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router-dom', 'shared-contracts']));
  });
});
