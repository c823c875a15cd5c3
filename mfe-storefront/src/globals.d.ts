/** The storefront build version, defined by webpack's DefinePlugin (and by Jest's `globals`). */
declare const __APP_VERSION__: string;
