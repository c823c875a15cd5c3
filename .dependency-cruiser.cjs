/** Import rules of the house (issue 33): no circles between files or folders, remotes apart, seed out of product code. */
module.exports = {
  forbidden: [
    { name: 'no-file-circle', severity: 'error', comment: 'Files import in one direction: no circle, type imports included.', from: {}, to: { circular: true } },
    { name: 'no-folder-circle', severity: 'error', scope: 'folder', comment: 'Folders (API modules, feature folders) import in one direction.', from: {}, to: { circular: true } },
    { name: 'no-remote-to-remote', severity: 'error', comment: 'Remotes talk through the bus, the URL and the API, never by import.', from: { path: '^(mfe-[a-z]+)/' }, to: { path: '^(shell|mfe-[a-z]+)/', pathNot: '^$1/' } },
    { name: 'no-shell-to-remote', severity: 'error', comment: 'The shell loads remotes at run time only.', from: { path: '^shell/src/' }, to: { path: '^mfe-[a-z]+/' } },
    { name: 'no-seed-in-product', severity: 'error', comment: 'Product code never imports the seed (api/seed: reference and demo data).', from: { path: '^api/src/' }, to: { path: '^api/seed/' } },
    { name: 'api-module-front-door', severity: 'error', comment: 'An API module enters another only through its index.ts (issue 44).', from: { path: '^api/src/modules/([^/]+)/' }, to: { path: '^api/src/modules/[^/]+/', pathNot: ['^api/src/modules/$1/', '^api/src/modules/[^/]+/index\\.ts$'] } },
    { name: 'api-front-door-from-outside', severity: 'error', comment: 'The app, jobs, CLIs and the seed enter a module only through its index.ts.', from: { path: '^api/(src|seed)/', pathNot: '^api/src/modules/' }, to: { path: '^api/src/modules/[^/]+/', pathNot: '^api/src/modules/[^/]+/index\\.ts$' } },
    { name: 'benches-through-one-seam', severity: 'error', comment: 'Benches reach the API through scripts/bench/benchApi.ts only.', from: { path: '^scripts/bench/', pathNot: '^scripts/bench/benchApi\\.ts$' }, to: { path: '^api/' } },
    { name: 'backoffice-feature-front-door', severity: 'error', comment: 'A back-office feature folder is entered only through its index.ts(x) (issue 44 §6); components, hooks, layout, i18n, api and charts are shared by all.', from: { path: '^mfe-backoffice/src/([^/]+)/' }, to: { path: '^mfe-backoffice/src/[^/]+/', pathNot: ['^mfe-backoffice/src/($1|components|hooks|layout|i18n|api|charts)/', '^mfe-backoffice/src/[^/]+/index\\.tsx?$'] } },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    enhancedResolveOptions: { conditionNames: ['ev-source', 'import', 'require', 'node', 'default'] },
  },
};
