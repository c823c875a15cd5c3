import { buildIdOf } from '../../src/releaseHealth';

describe('buildIdOf', () => {
  it('takes the build id of a versioned remote manifest URL, relative or absolute, with or without a query', () => {
    expect(buildIdOf('/remotes/mfe-storefront/1.4.0-0a1b2c3d4e/mf-manifest.json')).toBe('1.4.0-0a1b2c3d4e');
    expect(buildIdOf('https://cdn.example.vn/remotes/mfe-account/2.0.0-rc.1-ffffffffff/mf-manifest.json')).toBe('2.0.0-rc.1-ffffffffff');
    expect(buildIdOf('/remotes/mfe-backoffice/0.3.1+build.7-1234567890/mf-manifest.json?retry=2')).toBe('0.3.1+build.7-1234567890');
  });

  it('gives null for an unversioned remote or anything that is not a build folder manifest', () => {
    expect(buildIdOf('http://localhost:3001/mf-manifest.json')).toBeNull();
    expect(buildIdOf('/remotes/mfe-storefront/mf-manifest.json')).toBeNull();
    expect(buildIdOf('/remotes/mfe-storefront/1.4.0-0a1b2c3d/mf-manifest.json')).toBeNull(); // hash too short
    expect(buildIdOf('/remotes/mfe-storefront/1.4.0-0A1B2C3D4E/mf-manifest.json')).toBeNull(); // not lower-case hex
    expect(buildIdOf('/remotes/mfe-storefront/1.4.0-0a1b2c3d4e/remoteEntry.js')).toBeNull();
    expect(buildIdOf('')).toBeNull();
  });
});
