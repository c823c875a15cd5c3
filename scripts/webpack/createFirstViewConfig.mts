import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Compiler, type Configuration } from 'webpack';
import { appVersionOf, cssModuleOptions, outputDirOf, typescriptRule } from './createFederatedConfig.mts';

/**
 * The first view (docs/decisions/0005-first-view-composed-by-the-server.md): an app's public pages rendered to HTML
 * at build time, in the state a visitor sees before any data has arrived (headings, texts, the frame, placeholders
 * of the right size), so a phone paints the page from the HTML instead of after the whole script chain. Each app
 * builds its own (a remote's first view is deployed with the remote); the shell's server composes them into the
 * page (scripts/serve/firstView.ts).
 *
 * The app's `src/firstView/renderFirstView.tsx` is bundled for Node with the same CSS Modules names as its browser
 * build, run once, and what it returns (file name → HTML) is written to `dist/first-view/`, each file led by a
 * <style> with the CSS its markup uses. Asset URLs carry FIRST_VIEW_ASSET_BASE, replaced by the app's public URL
 * when the page is composed.
 */

/** The first view's bundles write asset URLs under this base; the shell's server puts the app's public URL in its place. */
export const FIRST_VIEW_ASSET_BASE = '__EV_ASSET_BASE__/';

export interface FirstViewOptions {
  packageDir: string;
  /** the federation name (CSS Modules are salted with it) */
  name: string;
}

/** What an app's renderFirstView module exports. */
export interface FirstViewModule {
  /** file name in dist/first-view → its markup */
  renderFirstView(): Record<string, string>;
}

/**
 * The app's markup made a first view: its buttons and fields disabled (nothing runs them before the app takes the
 * first view's place, so a tap or typed text would be lost; disabled, they say so, and the app's own take their
 * place; links work as links), and without the app's test hooks (data-testid names the app's elements: the first
 * view carries the header twice, and the app's hidden root has its own).
 */
export function asFirstView(html: string): string {
  return html.replace(/<(button|input|select|textarea)(?=[\s>/])/g, '<$1 disabled=""').replace(/ data-testid="[^"]*"/g, '');
}

class WriteFirstViewPlugin {
  constructor(private readonly outputDir: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('WriteFirstViewPlugin', (compilation) => {
      if (compilation.errors.length > 0) return;
      const buildDir = compilation.outputOptions.path!;
      const bundle = path.join(buildDir, 'renderFirstView.cjs');
      const require = createRequire(import.meta.url);
      delete require.cache[bundle];
      const { renderFirstView } = require(bundle) as FirstViewModule;
      const css = readFileSync(path.join(buildDir, 'renderFirstView.css'), 'utf8').replace(/\s*\n\s*/g, '');
      rmSync(this.outputDir, { recursive: true, force: true });
      mkdirSync(this.outputDir, { recursive: true });
      for (const [file, html] of Object.entries(renderFirstView())) {
        writeFileSync(path.join(this.outputDir, file), file.endsWith('.html') ? `<style>${css}</style>${asFirstView(html)}` : html);
      }
    });
  }
}

export function createFirstViewConfig(options: FirstViewOptions): Configuration {
  const buildDir = path.join(options.packageDir, '.cache', 'first-view');
  return {
    name: 'first-view',
    mode: 'production',
    target: 'node',
    context: options.packageDir,
    entry: { renderFirstView: './src/firstView/renderFirstView.tsx' },
    devtool: false,
    output: {
      path: buildDir,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath: FIRST_VIEW_ASSET_BASE,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      conditionNames: ['ev-source', 'node', 'import', 'module', 'default'],
    },
    module: {
      rules: [
        typescriptRule(options.packageDir),
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { modules: cssModuleOptions(options.name, true) } }] },
        // the browser build's file names (content hashes); the files are the browser build's
        { test: /\.(svg|png|jpe?g|webp)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __APP_VERSION__: JSON.stringify(appVersionOf(options.packageDir)) }),
      new MiniCssExtractPlugin({ filename: '[name].css' }),
      new WriteFirstViewPlugin(path.join(outputDirOf(options.packageDir), 'first-view')),
    ],
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
