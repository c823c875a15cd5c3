import { readFileSync } from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import type { ReleaseApp } from '../../shared-contracts/src/federation/releaseApps.ts';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { PreloadStartupChunksPlugin } from './preloadStartupChunks.mts';
import { ReleaseInfoPlugin } from './releaseInfoPlugin.mts';
import { sharedDependencies } from './sharedDependencies.mts';

export interface FederatedAppOptions {
  /** the package folder (import.meta.dirname of its webpack.config.ts) */
  packageDir: string;
  /** federation container name: an identifier (DESIGN §5), the shell's or a remote's of shared-contracts */
  name: ReleaseApp;
  kind: 'host' | 'remote';
  port: number;
  /** remotes only: exposed module → source file */
  exposes?: Record<string, string>;
  /** host only: runtime plugins (paths) */
  runtimePlugins?: string[];
  /** development only: extra dev-server settings (the shell serves /remotes.json) */
  devServer?: DevServerConfiguration;
}

interface WebpackArgv {
  mode?: 'production' | 'development' | 'none';
}

/** The version an app shows (APP_VERSION, else its package.json's). */
export function appVersionOf(packageDir: string): string {
  const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return process.env.APP_VERSION ?? pkg.version;
}

/** Where an app's build goes: OUTPUT_DIR, else its dist. */
export function outputDirOf(packageDir: string): string {
  return process.env.OUTPUT_DIR ? path.resolve(process.env.OUTPUT_DIR) : path.join(packageDir, 'dist');
}

/** An app's TypeScript, compiled by ts-loader (types are checked by `npm run typecheck`, not by the build). */
export function typescriptRule(packageDir: string) {
  return {
    test: /\.tsx?$/,
    loader: 'ts-loader',
    exclude: /node_modules/,
    options: { transpileOnly: true, onlyCompileBundledFiles: true, configFile: path.join(packageDir, 'tsconfig.json') },
  };
}

/** Production JavaScript minified by swc (in the minimizer's worker pool), two compress passes as webpack's Terser default. */
export function javascriptMinimizer() {
  return new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } });
}

/** CSS Modules of an app: salted per app so they never collide across apps (DESIGN §5); the first view's build uses the same names. */
export function cssModuleOptions(name: string, production: boolean) {
  return {
    auto: true,
    localIdentName: production ? `${name}-[hash:base64:6]` : `${name}__[name]__[local]`,
    localIdentHashSalt: name,
    namedExport: false,
    exportLocalsConvention: 'as-is' as const,
  };
}

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:4000';

export function createFederatedConfig(options: FederatedAppOptions, argv: WebpackArgv = {}): Configuration & { devServer?: DevServerConfiguration } {
  const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
  const appVersion = appVersionOf(options.packageDir);
  const outputDir = outputDirOf(options.packageDir);
  const isRemote = options.kind === 'remote';
  const extractCss = !isRemote && production;

  return {
    mode: production ? 'production' : 'development',
    target: 'web',
    context: options.packageDir,
    // remotes in production are only ever entered through remoteEntry.js
    entry: isRemote && production ? {} : { main: './src/index.ts' },
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: outputDir,
      publicPath: isRemote ? 'auto' : '/',
      uniqueName: options.name,
      // Entry chunks keep a stable name: with webpack 5.111 the federation runtime module cannot resolve a
      // [contenthash] in its own chunk's filename (module-federation/core#5077). index.html references
      // main.js with a build hash query; every other chunk is content-hashed and cached for a year.
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // shared-contracts is compiled from its TypeScript source (its "ev-source" export condition; a name of our
      // own, as packages such as eventsource-parser point the common "source" condition at their TypeScript)
      conditionNames: ['ev-source', 'browser', 'import', 'module', 'default'],
    },
    module: {
      rules: [
        typescriptRule(options.packageDir),
        {
          test: /\.css$/,
          use: [
            // the shell's styles ship as stylesheets (not JavaScript); a remote's travel inside its chunks
            extractCss ? MiniCssExtractPlugin.loader : 'style-loader',
            {
              loader: 'css-loader',
              options: {
                modules: cssModuleOptions(options.name, production),
              },
            },
          ],
        },
        { test: /\.(svg|png|jpe?g|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __APP_VERSION__: JSON.stringify(appVersion) }),
      ...(extractCss ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' })] : []),
      new ModuleFederationPlugin({
        name: options.name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes: options.exposes ?? {} } : { remotes: {} }),
        shared: sharedDependencies(options.packageDir),
        shareStrategy: 'loaded-first',
        runtimePlugins: options.runtimePlugins ?? [],
        manifest: true,
        dts: false,
        dev: false,
        // One federation runtime per page: the shell provides it, production remote entries use it
        // (a remote alone in development keeps its own, so its harness runs without the shell).
        experiments: isRemote ? { externalRuntime: production } : { provideExternalRuntime: true },
      }),
      // release.json beside mf-manifest.json: what this build is and agrees to (decision 0070)
      new ReleaseInfoPlugin({ app: options.name, packageDir: options.packageDir, exposes: options.exposes }),
      // The shell's page; a remote's page is its development harness only (production remotes are
      // loaded by the shell and use its federation runtime).
      ...(isRemote && production
        ? []
        : [
            new HtmlWebpackPlugin({
              template: path.join(options.packageDir, 'public', 'index.html'),
              chunks: ['main'],
              scriptLoading: 'defer',
              hash: production,
            }),
            ...(production ? [new PreloadStartupChunksPlugin()] : []),
          ]),
    ],
    optimization: { moduleIds: 'deterministic', minimizer: [javascriptMinimizer()] },
    performance: { hints: false },
    stats: production ? 'errors-warnings' : 'minimal',
    devServer: {
      port: options.port,
      host: '127.0.0.1',
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: API_TARGET, changeOrigin: true }],
      client: { overlay: { runtimeErrors: false } },
      ...options.devServer,
    },
  };
}
