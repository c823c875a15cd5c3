/**
 * Jest transformer for node_modules: packages that ship ES modules only ("type": "module", or .mjs) are
 * compiled to CommonJS with swc; every other file passes through untouched.
 * Jest's CommonJS runtime cannot require() ES modules without --experimental-vm-modules, and more and more
 * dependencies (kysely, cookie, content-disposition, ...) are ESM only.
 */
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const moduleTypeOfFolder = new Map();

function packageTypeOf(folder) {
  if (moduleTypeOfFolder.has(folder)) return moduleTypeOfFolder.get(folder);
  const manifest = path.join(folder, 'package.json');
  let type;
  if (existsSync(manifest)) {
    try {
      type = JSON.parse(readFileSync(manifest, 'utf8')).type ?? 'commonjs';
    } catch {
      type = 'commonjs';
    }
  } else {
    const parent = path.dirname(folder);
    type = parent === folder ? 'commonjs' : packageTypeOf(parent);
  }
  moduleTypeOfFolder.set(folder, type);
  return type;
}

function isEsm(filename) {
  if (filename.endsWith('.mjs')) return true;
  if (filename.endsWith('.cjs')) return false;
  return packageTypeOf(path.dirname(filename)) === 'module';
}

module.exports = {
  process(source, filename) {
    if (!isEsm(filename)) return { code: source };
    const { code } = transformSync(source, {
      filename,
      jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    });
    return { code };
  },
};
