import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const MODULES_DIR = path.join(REPO_ROOT, 'api', 'src', 'modules');
const ARCHITECTURE = readFileSync(path.join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8');

/** The architecture page's module table: module → its purpose as written (Markdown bold dropped). */
function documentedModules(): Map<string, string> {
  const table = ARCHITECTURE.slice(ARCHITECTURE.indexOf('| module | purpose |'));
  const rows = new Map<string, string>();
  for (const match of table.matchAll(/^\| `([A-Za-z]+)` \| (.+?) \|$/gm)) rows.set(match[1]!, match[2]!.replace(/\*\*/g, ''));
  return rows;
}

/** The first doc comment of a module's index.ts, its lines joined with single spaces. */
function frontDoorHeader(module: string): string {
  const source = readFileSync(path.join(MODULES_DIR, module, 'index.ts'), 'utf8');
  const comment = /^\/\*\*([\s\S]*?)\*\//.exec(source);
  if (!comment) return '';
  return comment[1]!
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * docs/architecture.md stays short and true (issue 62 §6): at most 300 lines, and its module table is the modules'
 * own front doors — one row per folder of api/src/modules, and each row's purpose is what that module's index.ts says
 * of itself, so neither can change without the other.
 */
describe('the architecture page', () => {
  const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const documented = documentedModules();

  it('is at most 300 lines', () => {
    expect(ARCHITECTURE.split('\n').length).toBeLessThanOrEqual(300);
  });

  it('has a row for every API module and none for a module that does not exist', () => {
    expect([...documented.keys()].sort()).toEqual(modules);
  });

  it.each(modules)('says of %s what its index.ts says of itself', (module) => {
    const purpose = documented.get(module);
    expect(frontDoorHeader(module)).toBe(`The ${module} module's front door — ${purpose}. Nothing else of the module is imported from outside.`);
  });
});
