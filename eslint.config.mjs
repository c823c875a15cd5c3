// The linter of every package (issue 33): typescript-eslint, React's hook rules, jsx-a11y, and the house's import rules.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// shared-contracts/src/react, src/wishlist and src/reviews ship in the remotes' bundles: the same hook and import rules as their own code.
const remoteSources = ['mfe-storefront/src/**/*.{ts,tsx}', 'mfe-account/src/**/*.{ts,tsx}', 'mfe-backoffice/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'shared-contracts/src/react/**/*.{ts,tsx}', 'shared-contracts/src/wishlist/**/*.{ts,tsx}', 'shared-contracts/src/reviews/**/*.{ts,tsx}'];

// One front-end data layer (issue 62): a fetch effect of a remote or the shell loads through the shared loader
// (shared-contracts/react: useAsync, its debounce, poll and pages), the one place that makes an AbortController
// for a load; uploads abort through useUploads beside it.
const noHandFetchEffects = [
  { selector: "NewExpression[callee.name='AbortController']", message: "Load through the remote's useAsync (the shared loader of shared-contracts/react): no hand-written fetch effect with its own AbortController." },
];
// Vietnam's time zone is named and its offset written in the calendar modules only (issue 62).
const noHandWrittenTimeZone = [
  { selector: "Literal[value='+07:00']", message: "Vietnamese time goes through the calendar module (shared-contracts/calendar: vietnamInstant, vietnamDateOf…): no hand-written '+07:00'." },
  { selector: 'TemplateElement[value.raw=/\\+07:00$/]', message: "Vietnamese time goes through the calendar module (shared-contracts/calendar: vietnamInstant): no instant built with '+07:00'." },
  { selector: "Literal[value='Asia/Ho_Chi_Minh']", message: "Name Vietnam's time zone with VIETNAM_TIME_ZONE of the calendar module (shared-contracts/calendar)." },
];
const noZodImport = [{ selector: 'ImportExpression[source.value=/^(zod|shared-contracts\\u002Fschemas)$/]', message: 'zod never ships in the browser bundles: no dynamic import of it or of the schemas.' }];
// The calendar modules: the shared one, and the API's own (its Vietnamese days and their SQL).
const calendarModules = ['shared-contracts/src/calendar/**', 'api/src/db/vietnamDay.ts', 'api/src/db/sqlDialect.ts'];
// The remotes' and the shell's code and the shared browser subpaths, but the loader itself.
const remoteCode = ['mfe-storefront/src/**/*.{ts,tsx}', 'mfe-account/src/**/*.{ts,tsx}', 'mfe-backoffice/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'shared-contracts/src/react/**/*.{ts,tsx}', 'shared-contracts/src/wishlist/**/*.{ts,tsx}', 'shared-contracts/src/reviews/**/*.{ts,tsx}'];
export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.cache/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**', 'data/**', 'backups/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // CommonJS files (Jest configs and transformers): require is how they import.
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The shell's Web Push worker: a classic script in a service worker's scope.
    files: ['shell/public/push-sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    // Migrations are written against Kysely<any>, Kysely's documented pattern: they must not depend on today's schema.
    files: ['api/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.tsx', ...remoteSources],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  // Option texts sit a few elements deep inside their labels.
  { files: ['**/*.tsx'], rules: { 'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }] } },
  {
    // The browser bundles ship no zod: their code may import schemas' types only.
    files: remoteSources,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'zod', message: 'zod never ships in the browser bundles: import its types only.', allowTypeImports: true }], patterns: [{ group: ['shared-contracts/schemas', 'shared-contracts/src/schemas/*', '**/shared-contracts/src/schemas', '**/shared-contracts/src/schemas/**', '**/shared-contracts/src/diagnostics/predictionSchemas*'], message: 'Schemas (zod) never ship in the browser bundles: import their types only.', allowTypeImports: true }] }],
      'no-restricted-syntax': ['error', ...noZodImport, ...noHandWrittenTimeZone],
    },
  },
  {
    // no-restricted-syntax's lists do not add up across configs: each group names all of its own.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    // tests state times and zones as facts ('2026-12-01T08:00:00+07:00'): theirs to write out
    ignores: [...calendarModules, ...remoteSources, '**/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...noHandWrittenTimeZone] },
  },
  {
    files: remoteCode,
    ignores: ['shared-contracts/src/react/useAsync.ts', 'shared-contracts/src/react/useUploads.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noZodImport, ...noHandWrittenTimeZone, ...noHandFetchEffects] },
  },
);
