import path from 'node:path';
import { createFederatedConfig } from '../scripts/webpack/createFederatedConfig.mts';
import { remotesManifestFromEnv } from '../scripts/serve/remotesManifest.mts';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createFederatedConfig(
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
