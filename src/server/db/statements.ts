// Prepared statements for the hottest queries (free slots, booking, sessions): Drizzle builds and
// prepares its SQL again on every call, which costs more than the indexed lookup itself. Each
// connection keeps its statements, prepared once; a transaction runs on its database's connection.
import type Database from 'better-sqlite3';
import type { DbOrTx } from './client';

const byConnection = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The better-sqlite3 connection under a Drizzle database or transaction. */
export function connectionOf(db: DbOrTx): Database.Database {
  return (db as unknown as { session: { client: Database.Database } }).session.client;
}

/** The statement for this SQL on the connection of `db`, prepared on first use. */
export function prepared(db: DbOrTx, sqlText: string): Database.Statement {
  const connection = connectionOf(db);
  let statements = byConnection.get(connection);
  if (!statements) {
    statements = new Map();
    byConnection.set(connection, statements);
  }
  let statement = statements.get(sqlText);
  if (!statement) {
    statement = connection.prepare(sqlText);
    statements.set(sqlText, statement);
  }
  return statement;
}
