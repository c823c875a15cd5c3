import { buildTestApp } from '../support/testApp';
import { testConfig } from '../support/authTestKit';
import { testDatabases, useScratchDatabase } from '../support/testDatabases';

/** Fastify's naming of plugins: without a display name, getPluginName scans every module in require.cache. */
interface PluginUtils {
  getPluginName(plugin: unknown): string | null;
  getDisplayName(plugin: unknown): string | undefined;
  getFuncPreview(plugin: unknown): string;
}

const pluginUtils = jest.requireActual<PluginUtils>('fastify/lib/plugin-utils.js');
// @fastify/swagger-ui registers its routes as a plain plugin of its own: a third party's, not ours to name.
const swaggerUiRoutes = jest.requireActual<object>('@fastify/swagger-ui/lib/routes.js');

describe.each(testDatabases().filter((target) => target.dialect === 'sqlite'))('the API plugins on $label', (target) => {
  const scratch = useScratchDatabase(target);

  it('all carry a display name, so fastify never scans the module cache to name one', async () => {
    const named: string[] = [];
    const unnamed: string[] = [];
    const getPluginName = pluginUtils.getPluginName;
    // Fastify names each registered plugin through this export (and once more inside plugin-utils itself).
    pluginUtils.getPluginName = (plugin) => {
      const name = pluginUtils.getDisplayName(plugin);
      if (name) named.push(name);
      else if (plugin !== swaggerUiRoutes) unnamed.push(`${(plugin as { name?: string }).name || '(anonymous)'}: ${pluginUtils.getFuncPreview(plugin)}`);
      return getPluginName(plugin);
    };
    try {
      // Every optional plugin on: CORS, the docs, the dev outboxes, payOS's stand-in.
      const config = testConfig({ corsOrigins: ['https://app.example.vn'], apiDocs: 'public', devOutbox: true });
      expect(config.payOs?.standIn).toBe(true);
      const app = buildTestApp(scratch.db, { context: { config } });
      await app.ready();
      await app.close();
    } finally {
      pluginUtils.getPluginName = getPluginName;
    }
    expect(unnamed).toEqual([]);
    // The optional and the nested plugins were among those named.
    expect(named).toEqual(expect.arrayContaining(['@fastify/cors', 'payOsStandIn', 'standInOutboxRoutes', 'floorWorkRoutes.uploadRoutes']));
  });
});
