/** What a query can run against: the database itself or an open transaction. */
export interface Queryable {
  /** One statement, with `$1…` parameters. */
  query<T>(text: string, params?: readonly unknown[]): Promise<{ rows: T[] }>
  /** Several statements separated by semicolons, without parameters (migrations). */
  exec(sql: string): Promise<void>
  /**
   * True on PostgreSQL (node-postgres): a Buffer parameter goes in binary, as it is. PGlite converts
   * a binary byte string one byte at a time in JavaScript, so large ones travel as base64 there.
   */
  readonly binaryParams?: true
}

/**
 * The server's one view of its database, the same for embedded PGlite and a PostgreSQL server.
 * Both return `bigint` columns as numbers while they are safe integers (bigint beyond) and
 * timestamps as Dates.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * Inside `fn` use only `tx`: on PGlite, a query on the database itself waits for the
   * transaction to end, so it would never run.
   */
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>
  close(): Promise<void>
}
