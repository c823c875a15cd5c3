import { createFederatedConfig } from '../scripts/webpack/createFederatedConfig.mts';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createFederatedConfig(
    {
      packageDir: import.meta.dirname,
      name: 'mfe_storefront',
      kind: 'remote',
      port: 3001,
      // must equal REMOTE_EXPOSES.mfe_storefront in shared-contracts (checked by the contract test)
      exposes: { './routes': './src/routes.tsx' },
    },
    argv,
  );
