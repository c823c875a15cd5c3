import { createFirstViewConfig } from '../scripts/webpack/createFirstViewConfig.mts';

export default createFirstViewConfig({ packageDir: import.meta.dirname, name: 'mfe_backoffice' });
