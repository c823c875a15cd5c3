/** The storefront build version, defined by webpack's DefinePlugin (and by Jest's `globals`). */
declare const __APP_VERSION__: string;

/** Images bundled by webpack's asset/resource rule: the module is the file's URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
