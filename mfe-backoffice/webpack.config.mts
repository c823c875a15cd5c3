import { createFederatedConfig } from '../scripts/webpack/createFederatedConfig.mts';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createFederatedConfig(
    {
      packageDir: import.meta.dirname,
      name: 'mfe_backoffice',
      kind: 'remote',
      port: 3003,
      // must equal REMOTE_EXPOSES.mfe_backoffice in shared-contracts (checked by the contract test)
      exposes: { './routes': './src/routes.tsx' },
    },
    argv,
  );
