/**
 * @swc/jest's options for the packages' TypeScript: the tsconfigs' target (ES2022, class fields defined), CommonJS
 * for Jest's runtime with TypeScript's default-import interop (esModuleInterop), React's automatic runtime for .tsx.
 * Transpile only, file by file (a cold cache, as on CI, takes seconds); `npm run typecheck` does the type checking.
 */
function swcOptions(tsx) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      target: 'es2022',
      ...(tsx ? { transform: { react: { runtime: 'automatic' } } } : {}),
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  };
}

/** Jest's `transform` entries for .ts and .tsx (a .ts file is not parsed as TSX: `<T>(x) => x` stays a generic). */
const typeScriptTransform = {
  '^.+\\.ts$': ['@swc/jest', swcOptions(false)],
  '^.+\\.tsx$': ['@swc/jest', swcOptions(true)],
};

module.exports = { typeScriptTransform };
