import { createFederatedConfig } from '../scripts/webpack/createFederatedConfig.mts';

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) =>
  createFederatedConfig(
    {
      packageDir: import.meta.dirname,
      name: 'mfe_account',
      kind: 'remote',
      port: 3002,
      // must equal REMOTE_EXPOSES.mfe_account in shared-contracts (checked by the contract test)
      exposes: { './routes': './src/routes.tsx', './EmailVerificationBanner': './src/EmailVerificationBanner.tsx' },
    },
    argv,
  );
