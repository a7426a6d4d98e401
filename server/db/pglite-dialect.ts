// Kysely speaks to embedded PGlite through this driver. PGlite is one connection, so every
// query and every transaction takes it in turn: a transaction holds it until commit or rollback,
// and the turn passes on after the event loop has answered what waits on it.
// Statements go through PGliteWire (prepared once, then one call into WebAssembly per run), or, for
// the bench's plain peer, through PGlite's own query() as a published Kysely dialect runs them.
import { setImmediate as afterLoopTurn } from 'node:timers';
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { PGliteWire } from './pglite-wire';

class Turnstile {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves when it is the caller's turn; the returned function hands the turn on. */
  async enter(): Promise<() => void> {
    let leave!: () => void;
    const turn = new Promise<void>((resolve) => (leave = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => turn);
    await previous;
    return leave;
  }
}

/** How statements reach PGlite: prepared once through PGliteWire (the shop), or PGlite's own query() each time. */
export type PGliteStatements = 'prepared' | 'pglite-query';

class PGliteConnection implements DatabaseConnection {
  private readonly run: (sql: string, parameters: readonly unknown[]) => Promise<{ rows: unknown[]; affectedRows?: number }>;

  constructor(pg: PGlite, statements: PGliteStatements) {
    if (statements === 'pglite-query') {
      this.run = (sql, parameters) => pg.query(sql, parameters as unknown[]);
    } else {
      const wire = new PGliteWire(pg);
      this.run = (sql, parameters) => wire.run(sql, parameters);
    }
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.run(query.sql, query.parameters);
    return { rows: result.rows as R[], numAffectedRows: BigInt(result.affectedRows ?? 0) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on the embedded database');
  }
}

class PGliteDriver implements Driver {
  private readonly turnstile = new Turnstile();
  private readonly connection: PGliteConnection;
  private readonly leaves = new WeakMap<DatabaseConnection, () => void>();

  constructor(
    private readonly pg: PGlite,
    statements: PGliteStatements,
  ) {
    this.connection = new PGliteConnection(pg, statements);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const leave = await this.turnstile.enter();
    this.leaves.set(this.connection, leave);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const leave = this.leaves.get(connection);
    this.leaves.delete(connection);
    // PGlite answers in microtasks, so a turn handed straight to the next waiter never lets the loop
    // read a socket: with 50 shoppers ordering, catalog reads (which need no database) waited
    // seconds. The next turn waits for the loop's next turn instead (docs/performance-stock.md).
    // node:timers' own function, as a test's fake timers replace only the global one.
    if (leave) afterLoopTurn(leave);
  }

  async destroy(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(
    private readonly pg: PGlite,
    private readonly statements: PGliteStatements = 'prepared',
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg, this.statements);
  }
  // Kysely's Dialect interface types this parameter as Kysely<any>.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
