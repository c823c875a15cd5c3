import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Chunk, Compilation, Compiler } from 'webpack';

/** What every first page needs before it can render: React, the router and shared-contracts (with rxjs). */
const STARTUP_PACKAGES = /[\\/](node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|rxjs)|shared-contracts[\\/]src)[\\/]/;

/** An app's own source (not a package). */
const APP_SOURCE = /[\\/](shell|mfe-[a-z]+)[\\/]src[\\/]/;

/** The chunks of `import('./bootstrap')` and those holding the startup packages (the shell's shared copies). */
function startupFiles(compilation: Compilation): string[] {
  const { chunkGraph } = compilation;
  const bootstrap = compilation.chunkGroups.filter((group) => group.origins.some((origin) => origin.request === './bootstrap')).flatMap((group) => group.chunks);
  // a share's copy holds packages only: a lazy chunk of the app's own code (the bell's live part) is loaded later
  const shared = [...compilation.chunks].filter((chunk) => {
    const names = chunkGraph.getChunkModules(chunk).map((module) => module.nameForCondition() ?? '');
    return !chunk.canBeInitial() && names.some((name) => STARTUP_PACKAGES.test(name)) && !names.some((name) => APP_SOURCE.test(name));
  });
  // webpack may emit the same modules as two chunks (one per share it serves): the runtime asks for the lower id.
  const byModules = new Map<string, Chunk>();
  const chunkId = (chunk: Chunk) => Number(chunk.id);
  for (const chunk of [...new Set([...bootstrap, ...shared])].sort((a, b) => chunkId(a) - chunkId(b))) {
    const modules = chunkGraph
      .getChunkModules(chunk)
      .map((module) => module.identifier())
      .sort()
      .join('|');
    if (!byModules.has(modules)) byModules.set(modules, chunk);
  }
  return [...byModules.values()].flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
}

/**
 * The shell's index.html preloads the chunks every first page needs (the bootstrap chunk, React, the router,
 * shared-contracts): without it they are requested only once main.js has downloaded and run the federation
 * runtime, one full round trip later on a phone's network.
 */
export class PreloadStartupChunksPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunksPlugin', (data) => {
        const publicPath = String(compilation.outputOptions.publicPath ?? '/');
        const links = startupFiles(compilation).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: file.endsWith('.css') ? 'style' : 'script',
            href: `${publicPath}${file}`,
          }),
        );
        data.headTags.unshift(...links);
        return data;
      });
    });
  }
}
