// The CSS Modules of this subpath are compiled by the app that bundles it (each remote's webpack and Jest config).
declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
