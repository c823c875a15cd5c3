/**
 * better-sqlite3's SQLite is built with SQLITE_ENABLE_STAT4. In such a build a statement whose plan the query
 * planner made from a bound value (a join filtered by `= ?`, through constant propagation) is marked to be
 * prepared again whenever that parameter is bound, which better-sqlite3 does on every run: a prepared join read
 * by id then costs a full prepare each time, many times the statement's own run. SQLite's switch for this,
 * SQLITE_DBCONFIG_ENABLE_QPSG, is not exposed by better-sqlite3 (docs/decisions/0015-sqlite-stable-plans.md).
 *
 * The value of an equality parameter is written `+?`: unary plus is a no-op on every value (numbers, text, blobs,
 * NULL) and, like a bare parameter, has no affinity or collation, so comparisons and results are the same, and
 * the planner still sees `column = <expression>` for its indexes. Range parameters (`<`, `>=`, BETWEEN …), IN
 * lists and the rest stay bare: there the bound values are worth a new plan (with ANALYZE's statistics a KPI's
 * date range picks a multi-index OR instead of a scan) and those queries cost far more than a prepare anyway.
 * preparedQuery.ts applies this to the hot paths' point reads and writes; other queries (KPIs, reports) keep bare
 * parameters, since with ANALYZE's statistics even an equality value (which centre) can pick a better index for a
 * range scan.
 */
export function withStablePlanParameters(sql: string): string {
  let out = '';
  let index = 0;
  while (index < sql.length) {
    const char = sql[index]!;
    // Quoted text and identifiers, and comments, are copied as they are.
    const close = char === "'" ? "'" : char === '"' ? '"' : char === '`' ? '`' : char === '[' ? ']' : null;
    if (close !== null) {
      let end = index + 1;
      for (;;) {
        end = sql.indexOf(close, end);
        if (end === -1) return out + sql.slice(index);
        // A doubled quote ('it''s') is part of the text.
        if (close !== ']' && sql[end + 1] === close) {
          end += 2;
          continue;
        }
        break;
      }
      out += sql.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    if (char === '-' && sql[index + 1] === '-') {
      const end = sql.indexOf('\n', index);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(index, stop);
      index = stop;
      continue;
    }
    if (char === '/' && sql[index + 1] === '*') {
      const end = sql.indexOf('*/', index + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(index, stop);
      index = stop;
      continue;
    }
    out += char === '?' && followsEquals(out) ? '+?' : char;
    index += 1;
  }
  return out;
}

/** Whether the SQL written so far ends with an equality operator (`=` or `==`, not `<=`, `>=` or `!=`) and spaces. */
function followsEquals(written: string): boolean {
  let end = written.length - 1;
  while (end >= 0 && /\s/.test(written[end]!)) end -= 1;
  if (written[end] !== '=') return false;
  const before = written[end - 1];
  return before !== '<' && before !== '>' && before !== '!';
}
