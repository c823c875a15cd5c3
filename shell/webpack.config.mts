import { readFileSync } from 'node:fs';
import path from 'node:path';
import webpack, { type Compiler } from 'webpack';
import { createFederatedConfig } from '../scripts/webpack/createFederatedConfig.mts';
import { remotesManifestFromEnv } from '../scripts/serve/remotesManifest.mts';

/** Files of public/ served as they are at the site's root: the Web Push worker (its scope is the site) and its icon. */
export const PUBLIC_FILES = ['push-sw.js', 'push-icon.png'] as const;

class PublicFilesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of PUBLIC_FILES) {
          const source = path.join(import.meta.dirname, 'public', file);
          compilation.fileDependencies.add(source);
          compilation.emitAsset(file, new webpack.sources.RawSource(readFileSync(source)));
        }
      });
    });
  }
}

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) => {
  const config = createFederatedConfig(
    {
      packageDir: import.meta.dirname,
      name: 'shell',
      kind: 'host',
      port: 3000,
      runtimePlugins: [path.join(import.meta.dirname, 'src/federation/remoteFallbackPlugin.ts')],
      devServer: {
        // the run-time remotes manifest, as `npm start` and the production container serve it
        setupMiddlewares: (middlewares, devServer) => {
          devServer.app?.get('/remotes.json', (_request, response) => {
            response.setHeader('Cache-Control', 'no-store');
            response.json(remotesManifestFromEnv(process.env));
          });
          return middlewares;
        },
      },
    },
    argv,
  );
  config.plugins = [...(config.plugins ?? []), new PublicFilesPlugin()];
  return config;
};
