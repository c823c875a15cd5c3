import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

interface SharedWriters {
  writers: string[];
  reason: string;
  /** Another developer is moving the table to one writer right now: fewer writers than listed pass too. */
  settling?: true;
}

/**
 * Every action once (issue 62, part 4): each table is written by one API module. The test reads the modules'
 * sources (api/src/modules/<module>/**.ts; migrations and seeds, api/src/db and api/seed, are not modules) and
 * finds every write: Kysely's insertInto / updateTable / deleteFrom / replaceInto / mergeInto ('orders as o' is
 * orders), and INSERT / UPDATE / DELETE in raw `sql` text. A table written by more than one module fails unless it
 * is in SHARED_WRITERS below with exactly those modules and the reason; the aim is an empty list. Another module
 * that needs to write the table calls the owner's command through the owner's index.ts.
 */
// Empty: every table has one writer.
const SHARED_WRITERS: Record<string, SharedWriters> = {};

const MODULES = path.resolve(__dirname, '../../src/modules');
const ROOT = path.resolve(MODULES, '../../..');

const KYSELY_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

/** INSERT INTO t, REPLACE INTO t, UPDATE t [AS a] SET, DELETE FROM t, in raw SQL (quoted or not). */
const SQL_WRITES = [
  /\b(?:insert|replace)\s+(?:or\s+\w+\s+)?into\s+"?([a-z_][a-z0-9_]*)"?/gi,
  /\bupdate\s+"?([a-z_][a-z0-9_]*)"?(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s+set\b/gi,
  /\bdelete\s+from\s+"?([a-z_][a-z0-9_]*)"?/gi,
];

interface Write {
  table: string;
  /** file:line, from the repository's root. */
  at: string;
}

/** A write whose table the test cannot name: a computed table, or SQL built from pieces. */
interface Unnamed {
  at: string;
  text: string;
}

/** The table a Kysely table reference names: 'orders as o' → orders, 'public.orders' → orders. */
function tableOf(reference: string): string {
  const name = reference.trim().split(/\s+as\s+/i)[0]!.trim();
  return name.slice(name.lastIndexOf('.') + 1);
}

function unwrap(expression: ts.Expression): ts.Expression {
  let node = expression;
  while (ts.isAsExpression(node) || ts.isParenthesizedExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node)) node = node.expression;
  return node;
}

/** The tables a non-literal argument can be, from its declared type (a union of string literals), in its file alone. */
function tablesFromType(file: string, source: string, positions: number[]): Map<number, string[] | null> {
  const host = ts.createCompilerHost({ noLib: true, noResolve: true, types: [] });
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === path.resolve(file) ? source : readFile(name));
  const program = ts.createProgram([file], { noLib: true, noResolve: true, types: [], strict: true }, host);
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(file)!;
  const found = new Map<number, string[] | null>();
  const visit = (node: ts.Node): void => {
    if (positions.includes(node.getStart(sourceFile)) && ts.isExpression(node) && !found.has(node.getStart(sourceFile))) {
      const type = checker.getTypeAtLocation(unwrap(node));
      const parts = type.isUnion() ? type.types : [type];
      found.set(node.getStart(sourceFile), parts.every((part) => part.isStringLiteral()) ? parts.map((part) => tableOf((part as ts.StringLiteralType).value)) : null);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The writes one source file makes. */
function writesIn(file: string, source: string): { writes: Write[]; unnamed: Unnamed[] } {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const writes: Write[] = [];
  const unnamed: Unnamed[] = [];
  const computed: ts.Expression[] = [];
  const where = (node: ts.Node): string => `${path.relative(ROOT, file).split(path.sep).join('/')}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`;
  const sqlText = (node: ts.Node, text: string, pieces: boolean) => {
    for (const pattern of SQL_WRITES) {
      for (const match of text.matchAll(pattern)) writes.push({ table: match[1]!.toLowerCase(), at: where(node) });
    }
    // A write whose table is an interpolation: `insert into ${table}` leaves the keyword at the piece's end.
    if (pieces && /\b(?:(?:insert|replace)\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s*$/i.test(text)) unnamed.push({ at: where(node), text: text.slice(-60) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && KYSELY_WRITES.has(node.expression.name.text) && node.arguments.length > 0) {
      const argument = node.arguments[0]!;
      let literal: ts.Expression = argument;
      while (ts.isParenthesizedExpression(literal)) literal = literal.expression;
      // Anything else, a cast to one literal too (`kind.table as 'services'`), is asked of its type below.
      if (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) writes.push({ table: tableOf(literal.text), at: where(node.expression.name) });
      else computed.push(argument);
    }
    // sql`…` and sql<T>`…`: the text between the interpolations.
    if (ts.isTaggedTemplateExpression(node) && /(^|\.)sql$/.test(node.tag.getText(sourceFile))) {
      const template = node.template;
      if (ts.isNoSubstitutionTemplateLiteral(template)) sqlText(node, template.text, false);
      else {
        sqlText(node, template.head.text, true);
        for (const span of template.templateSpans) sqlText(node, span.literal.text, true);
      }
    }
    // sql.raw('…'), sql.raw(`…`); built text only when it says insert, replace, update or delete somewhere.
    if (ts.isCallExpression(node) && /(^|\.)sql\.raw$/.test(node.expression.getText(sourceFile)) && node.arguments[0]) {
      const text = unwrap(node.arguments[0]);
      if (ts.isStringLiteral(text) || ts.isNoSubstitutionTemplateLiteral(text)) sqlText(node, text.text, false);
      else if (/\b(?:insert|replace|update|delete)\b/i.test(text.getText(sourceFile))) unnamed.push({ at: where(node), text: node.getText(sourceFile).slice(0, 60) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (computed.length > 0) {
    // Only the file itself, no imports and no lib: fast, and a table whose type lives elsewhere stays unnamed.
    const tables = tablesFromType(file, source, computed.map((node) => node.getStart(sourceFile)));
    for (const node of computed) {
      const named = tables.get(node.getStart(sourceFile));
      if (named) for (const table of named) writes.push({ table, at: where(node) });
      else unnamed.push({ at: where(node), text: node.getText(sourceFile) });
    }
  }
  return { writes, unnamed };
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** table → module → where it writes it. */
type WriterMap = Map<string, Map<string, string[]>>;

function writerMap(modulesFolder: string, read: (file: string) => string = (file) => readFileSync(file, 'utf8')): { map: WriterMap; unnamed: Unnamed[] } {
  const map: WriterMap = new Map();
  const unnamed: Unnamed[] = [];
  for (const module of readdirSync(modulesFolder, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of sourceFiles(path.join(modulesFolder, module.name))) {
      const found = writesIn(file, read(file));
      unnamed.push(...found.unnamed);
      for (const write of found.writes) {
        const byModule = map.get(write.table) ?? new Map<string, string[]>();
        byModule.set(module.name, [...(byModule.get(module.name) ?? []), write.at]);
        map.set(write.table, byModule);
      }
    }
  }
  return { map, unnamed };
}

/** What is wrong: tables with several writers not allowed, allow-list entries that no longer match. */
function problemsOf(map: WriterMap, allowed: typeof SHARED_WRITERS): string[] {
  const problems: string[] = [];
  for (const [table, byModule] of [...map].sort(([a], [b]) => a.localeCompare(b))) {
    const writers = [...byModule.keys()].sort();
    const entry = allowed[table];
    if (writers.length > 1 && !entry) problems.push(`${table} is written by ${writers.length} modules (${writers.join(', ')}): give it one owner, or allow it in SHARED_WRITERS with the reason`);
    if (entry?.settling) {
      const others = writers.filter((writer) => !entry.writers.includes(writer));
      if (others.length > 0) problems.push(`${table} is written by ${others.join(', ')} too, which SHARED_WRITERS does not name (${entry.writers.join(', ')})`);
    } else if (entry && writers.length === 1) problems.push(`${table} has one writer left (${writers[0]}): remove its SHARED_WRITERS entry`);
    else if (entry && entry.writers.slice().sort().join(',') !== writers.join(',')) {
      problems.push(`${table}'s writers are now ${writers.join(', ')}; SHARED_WRITERS says ${entry.writers.join(', ')}: update the entry, or remove it if one module is left`);
    }
  }
  for (const [table, entry] of Object.entries(allowed)) {
    if (!map.has(table) && !entry.settling) problems.push(`SHARED_WRITERS names ${table}, which no module writes: remove the entry`);
    if (!entry.reason.trim()) problems.push(`SHARED_WRITERS' entry for ${table} has no reason`);
  }
  return problems;
}

/** Who writes what, for the developer reading a failure: the shared tables first, with every place. */
function whoWritesWhat(map: WriterMap): string {
  const tables = [...map].sort(([a, am], [b, bm]) => bm.size - am.size || a.localeCompare(b));
  return tables
    .map(([table, byModule]) => {
      const lines = [...byModule].sort(([a], [b]) => a.localeCompare(b)).map(([module, places]) => `    ${module}: ${places.join(', ')}`);
      return `${table} (${byModule.size} writer${byModule.size === 1 ? '' : 's'})\n${lines.join('\n')}`;
    })
    .join('\n');
}

describe('table writers', () => {
  it('each table is written by one module, or by the modules SHARED_WRITERS names with a reason', () => {
    const { map, unnamed } = writerMap(MODULES);
    const problems = [
      ...problemsOf(map, SHARED_WRITERS),
      ...unnamed.map((write) => `${write.at}: a write whose table the test cannot name (${write.text}); name the table with a literal`),
    ];
    const report = problems.length === 0 ? '' : `${problems.join('\n')}\n\nWho writes what:\n${whoWritesWhat(map)}`;
    expect(report).toBe('');
  });

  it('sees every kind of write, and aliases', () => {
    const file = path.join(MODULES, 'example/example.ts');
    const source = [
      "await db.insertInto('orders').values(row).execute();",
      "await trx.updateTable('orders as o').set({ status: 'paid' }).execute();",
      'await trx\n  .deleteFrom(\n    "cart_items"\n  ).execute();',
      "await db.replaceInto('settings').values(row).execute();",
      'await sql`INSERT INTO stock_movements (a) values (${a})`.execute(db);',
      'await sql<{ n: number }>`update "products" p set stock = stock - 1`.execute(db);',
      "await sql.raw('delete from sessions where expired').execute(db);",
      "type T = 'services' | 'service_packages'; declare const kind: { table: T }; await db.updateTable(kind.table as 'services').set({}).execute();",
      "await db.selectFrom('orders').selectAll().execute(); await sql`select 1 from orders on conflict do update set a = 1`.execute(db);",
    ].join('\n');
    const { writes, unnamed } = writesIn(file, source);
    expect(writes.map((write) => write.table)).toEqual(['orders', 'orders', 'cart_items', 'settings', 'stock_movements', 'products', 'sessions', 'services', 'service_packages']);
    expect(writes[2]!.at).toBe('api/src/modules/example/example.ts:4');
    expect(unnamed).toEqual([]);
  });

  it('does not guess a table it cannot name', () => {
    const { writes, unnamed } = writesIn(path.join(MODULES, 'example/example.ts'), 'await db.insertInto(tableName).values(row).execute();\nawait sql`delete from ${sql.table(name)}`.execute(db);');
    expect(writes).toEqual([]);
    expect(unnamed.map((write) => write.text)).toEqual(['delete from ', 'tableName']);
  });

  it('fails a second writer, and an allow-list entry that no longer matches', () => {
    const map: WriterMap = new Map([
      ['stock_movements', new Map([['inventory', ['a.ts:1']], ['stockLocations', ['b.ts:2']]])],
      ['orders', new Map([['orders', ['c.ts:3']]])],
    ]);
    expect(problemsOf(map, {})).toEqual([expect.stringContaining('stock_movements is written by 2 modules (inventory, stockLocations)')]);
    expect(problemsOf(map, { stock_movements: { writers: ['inventory', 'stockLocations'], reason: 'because' } })).toEqual([]);
    expect(problemsOf(map, { stock_movements: { writers: ['inventory'], reason: 'because' } })).toEqual([expect.stringContaining("stock_movements's writers are now")]);
    expect(problemsOf(map, { stock_movements: { writers: ['inventory', 'stockLocations'], reason: 'because' }, orders: { writers: ['orders'], reason: 'because' } })).toEqual([
      expect.stringContaining('orders has one writer left (orders)'),
    ]);
    expect(problemsOf(map, { stock_movements: { writers: ['inventory', 'stockLocations'], reason: ' ' } })).toEqual([expect.stringContaining('has no reason')]);
    const shared = { writers: ['inventory', 'stockLocations'], reason: 'because' };
    expect(problemsOf(map, { stock_movements: shared, carts: { writers: ['cart', 'orders'], reason: 'because' } })).toEqual([expect.stringContaining('SHARED_WRITERS names carts, which no module writes')]);
    // A table another developer is moving to one writer: fewer writers pass, another one does not.
    const settling = { writers: ['inventory', 'stockLocations', 'stockTransfers'], reason: 'because', settling: true as const };
    expect(problemsOf(map, { stock_movements: settling, orders: { ...settling, writers: ['orders', 'cart'] } })).toEqual([]);
    expect(problemsOf(map, { stock_movements: { ...settling, writers: ['inventory', 'orders'] } })).toEqual([expect.stringContaining('stock_movements is written by stockLocations too')]);
    expect(whoWritesWhat(map)).toContain('stock_movements (2 writers)\n    inventory: a.ts:1\n    stockLocations: b.ts:2');
  });
});
