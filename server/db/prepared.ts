import { protocol, type PGlite } from '@electric-sql/pglite';
import type { QueryResult } from './db.ts';

/**
 * Named prepared statements for the hot read-only queries (the locator's, docs/locator.md "Performance"): a
 * statement is parsed once per connection, and PostgreSQL plans it once as soon as the generic plan is as cheap as
 * the custom ones (plan_cache_mode auto: after five custom plans). On PGlite, parsing and planning were about half
 * of the nearest-store query (0.4 of 1.1 ms at 170,000 stores), and its `query()` sends Parse, Describe, Bind,
 * Describe and Execute as five calls into PostgreSQL; a prepared statement is one call (Bind, Execute, Sync).
 *
 * A statement is named by its SQL text, per process and connection; at most PREPARED_MAX texts get a name (a
 * query built from data would otherwise grow the set without end), later ones run unnamed. PostgreSQL re-plans a
 * cached statement by itself when a table or index it uses changes (a migration).
 */
export const PREPARED_MAX = 200;

/** The names of the prepared SQL texts of one database handle (a pool's connections prepare them lazily). */
export class StatementNames {
  readonly #names = new Map<string, string>();
  /** the statement's name, or null when PREPARED_MAX texts are named already */
  nameOf(sql: string): string | null {
    const known = this.#names.get(sql);
    if (known !== undefined) return known;
    if (this.#names.size >= PREPARED_MAX) return null;
    const name = `hq${this.#names.size + 1}`;
    this.#names.set(sql, name);
    return name;
  }
  get size() {
    return this.#names.size;
  }
}

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

interface Prepared {
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

type Message = { name: string } & Partial<{ dataTypeIDs: number[]; fields: unknown[] }>;

/**
 * PGlite: `query` through a named statement, driving PostgreSQL's extended protocol as PGlite's own `query` does
 * (the same locks, the same serializers and parsers by type), but with the statement parsed and described once.
 * Read-only statements only (no COPY, no file-system sync afterwards).
 */
export function pglitePrepared(lite: PGlite) {
  const names = new StatementNames();
  const prepared = new Map<string, Prepared>();
  const exec = async (parts: Uint8Array[]) => (await lite.execProtocol(concat(parts), { syncToFs: false })).messages as unknown as Message[];

  return async function queryPrepared<T>(sql: string, params: unknown[], unnamed: () => Promise<QueryResult<T>>): Promise<QueryResult<T>> {
    const name = names.nameOf(sql);
    if (name === null) return unnamed();
    await lite._checkReady();
    return lite._runExclusiveTransaction(() =>
      lite.runExclusive(async () => {
        let statement = prepared.get(name);
        if (!statement) {
          try {
            const described = await exec([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]);
            const paramTypes = described.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
            const fields = (described.find((m) => m.name === 'rowDescription')?.fields ?? []) as { name: string; dataTypeID: number }[];
            statement = { paramTypes, fields: fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
          } catch (e) {
            // a statement that failed to parse does not exist; one that parsed but failed to describe is closed
            await exec([serialize.close({ type: 'S', name }), serialize.sync()]).catch(() => undefined);
            throw e;
          }
          prepared.set(name, statement);
        }
        const { paramTypes, fields } = statement;
        const values = params.map((v, i) => {
          if (v === null || v === undefined) return null;
          const serializer = lite.serializers[paramTypes[i] ?? 0];
          return serializer ? serializer(v) : String(v);
        });
        const messages = await exec([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]);
        const rows: T[] = [];
        for (const m of messages) {
          if (m.name !== 'dataRow') continue;
          const row: Record<string, unknown> = {};
          (m.fields as (string | null)[]).forEach((value, i) => {
            const field = fields[i];
            if (!field) return;
            const parser = lite.parsers[field.dataTypeID];
            row[field.name] = value === null ? null : parser ? parser(value, field.dataTypeID) : value;
          });
          rows.push(row as T);
        }
        return { rows, rowCount: rows.length };
      }),
    );
  };
}
