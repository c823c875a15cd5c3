import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import { prepareOnPostgres } from './pgCallbackPool';
import { dialectOf } from './portable';
import type { Database } from './schema';
import { withStablePlanParameters } from './sqliteStablePlans';

/**
 * Queries built and compiled once per dialect, then run with new parameter values: for the hot paths (the cart,
 * orders, bookings), where building and compiling a Kysely query on every request cost about as much as running
 * it in SQLite. The SQL text also stays the same string object, so the SQLite statement cache finds it at once.
 *
 *   const cartIdOfUser = preparedQuery<{ userId: number }>()((db, param) =>
 *     db.selectFrom('carts').select('id').where('user_id', '=', param('userId')));
 *   const cart = await cartIdOfUser.first(trx, { userId });
 *
 * A parameter may stand wherever a single value goes (comparisons, `set`, `values`), not for a list (`in`).
 * On SQLite an equality parameter is compiled as `+?`, so that a join read by id is not prepared again at every
 * run (sqliteStablePlans.ts): these are point reads and writes, whose plan no bound value should change. On
 * PostgreSQL the text becomes a named prepared statement of each connection (pgCallbackPool.ts).
 */
type Db = Kysely<Database>;

/** Where a parameter goes in the query while it is compiled; replaced by its value on each run. */
class ParameterSlot {
  constructor(readonly name: string) {}
}

interface CompiledForDialect {
  query: CompiledQuery<unknown>;
  /** Index in `query.parameters` → parameter name. */
  slots: Array<[index: number, name: string]>;
}

export interface PreparedQuery<Params, Row> {
  /** Every result row. */
  rows(db: Db, params: Params): Promise<Row[]>;
  /** The first result row, or undefined. */
  first(db: Db, params: Params): Promise<Row | undefined>;
  /** Rows and affected-row count (a write). */
  execute(db: Db, params: Params): Promise<QueryResult<Row>>;
}

/**
 * `preparedQuery<Params>()(build)`: `build` receives the database and `param(name)`, a stand-in value of the
 * parameter's type. It runs once per dialect (the compiled SQL differs between SQLite and PostgreSQL); the
 * dialect is told apart by the Kysely adapter, which a transaction shares with its database.
 */
export function preparedQuery<Params extends Record<string, unknown>>() {
  return <Row>(build: (db: Db, param: <K extends keyof Params & string>(name: K) => Params[K]) => Compilable<Row>): PreparedQuery<Params, Row> => {
    const byAdapter = new WeakMap<object, CompiledForDialect>();

    const compiledFor = (db: Db): CompiledForDialect => {
      const adapter = db.getExecutor().adapter;
      let compiled = byAdapter.get(adapter);
      if (!compiled) {
        const built = build(db, (name) => new ParameterSlot(name) as never).compile() as CompiledQuery<unknown>;
        const dialect = dialectOf(db);
        const query = dialect === 'sqlite' ? { ...built, sql: withStablePlanParameters(built.sql) } : built;
        if (dialect === 'postgres') prepareOnPostgres(query.sql);
        const slots: CompiledForDialect['slots'] = [];
        query.parameters.forEach((value, index) => {
          if (value instanceof ParameterSlot) slots.push([index, value.name]);
        });
        compiled = { query, slots };
        byAdapter.set(adapter, compiled);
      }
      return compiled;
    };

    const execute = (db: Db, params: Params): Promise<QueryResult<Row>> => {
      const { query, slots } = compiledFor(db);
      const parameters = query.parameters.slice();
      for (const [index, name] of slots) {
        const value = params[name];
        if (value === undefined) throw new Error(`preparedQuery: no value for the parameter '${name}'`);
        parameters[index] = value;
      }
      return db.executeQuery<Row>({ ...query, parameters } as CompiledQuery<Row>);
    };

    return {
      execute,
      rows: async (db, params) => (await execute(db, params)).rows,
      first: async (db, params) => (await execute(db, params)).rows[0],
    };
  };
}
