// Statements for the hottest queries (free slots, booking, sessions), prepared once per database
// connection: Drizzle builds and prepares its SQL again on every call of a query builder, which
// costs more than the indexed lookup itself. `preparedOnce` keeps Drizzle's typed prepared queries
// (`.prepare()` with `sql.placeholder`) per connection; a transaction runs on its database's
// connection, so a statement prepared there serves it too (better-sqlite3 is synchronous: the
// statement runs inside whatever transaction is open). See docs/decisions/0016-house-layout.md.
import type Database from 'better-sqlite3';
import type { DbOrTx } from './client';

/** The better-sqlite3 connection under a Drizzle database or transaction. */
export function connectionOf(db: DbOrTx): Database.Database {
  return (db as unknown as { session: { client: Database.Database } }).session.client;
}

/**
 * `build`'s statements for the connection of `db`, built on its first use there: typed queries,
 * each prepared once (`db.select(...).where(eq(column, sql.placeholder('id'))).prepare()`).
 */
export function preparedOnce<Statements>(build: (db: DbOrTx) => Statements): (db: DbOrTx) => Statements {
  const byConnection = new WeakMap<Database.Database, Statements>();
  return (db) => {
    const connection = connectionOf(db);
    let statements = byConnection.get(connection);
    if (!statements) {
      statements = build(db);
      byConnection.set(connection, statements);
    }
    return statements;
  };
}

const pragmas = new WeakMap<Database.Database, Database.Statement<[], number>>();

/** `PRAGMA data_version` of the connection of `db` (it changes when another connection commits). */
export function dataVersion(db: DbOrTx): number {
  const connection = connectionOf(db);
  let statement = pragmas.get(connection);
  if (!statement) {
    statement = connection.prepare<[], number>('PRAGMA data_version').pluck();
    pragmas.set(connection, statement);
  }
  const version = statement.get();
  if (version === undefined) throw new Error('PRAGMA data_version gave no answer');
  return version;
}

const states = new WeakMap<Database.Database, Database.Statement<[], [number, number]>>();

/**
 * Where the database of `db` stands: it changes with every row this connection writes (SQLite's
 * `total_changes()`, triggers' writes and rolled-back ones included) and every commit of another
 * connection (`data_version`). A value read from the database stays true while this does.
 */
export function databaseState(db: DbOrTx): string {
  const connection = connectionOf(db);
  let statement = states.get(connection);
  if (!statement) {
    statement = connection
      .prepare<[], [number, number]>('SELECT total_changes(), data_version FROM pragma_data_version')
      .raw();
    states.set(connection, statement);
  }
  const state = statement.get();
  if (state === undefined) throw new Error('pragma_data_version gave no answer');
  return `${String(state[0])}:${String(state[1])}`;
}
