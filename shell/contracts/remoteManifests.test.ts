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

  it('shares react, react-dom, react-router-dom, rxjs and shared-contracts as singletons', () => {
    const singletons = manifest.shared.filter((entry) => entry.singleton).map((entry) => entry.name);
    expect(singletons).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router-dom', 'rxjs', 'shared-contracts']));
  });
});

describe('the shell', () => {
  it('is built as a host with no remote baked in (remote URLs come from the run-time manifest)', () => {
    const manifest = readManifest('shell') as FederationManifest & { remotes: unknown[] };
    expect(manifest.remotes).toEqual([]);
  });
});
