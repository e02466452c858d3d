import { type Pool, type PoolClient, type QueryResultRow } from 'pg'
import type { StoredContact } from '../../shared/data.ts'
import { readFailure, writeFailure } from '../store-error.ts'

/**
 * One statement on the pool (a read) or on a write's own connection (inside its transaction). A
 * `name` makes it a prepared statement, parsed once per connection (the name must always go with
 * the same text).
 */
export type Sql = <R extends QueryResultRow>(
  text: string,
  values?: unknown[],
  name?: string,
) => Promise<R[]>

/**
 * What a statement fails with, the database's refusal or a connection lost or refused (which pg
 * reports as plain Errors, some without a code), is the StoreError of that read or write; the
 * handler's own errors are never wrapped.
 */
export function sqlOf(db: Pool | PoolClient, during: 'read' | 'write'): Sql {
  const failure = during === 'read' ? readFailure : writeFailure
  return async <R extends QueryResultRow>(text: string, values?: unknown[], name?: string) => {
    try {
      return (await db.query<R>({ text, values, name })).rows
    } catch (error) {
      throw failure(error)
    }
  }
}

export interface DocRow<T> {
  doc: T
}

export const docsOf = <T>(rows: readonly DocRow<T>[]): T[] => rows.map((row) => row.doc)

// PostgreSQL text cannot hold NUL, which searchTextOf() puts between field groups (and a value
// may hold): SOH takes its place. A needle never holds NUL (a 400), but it may hold SOH: such a
// rare needle is checked against the real search text in JavaScript (see postgres-contacts.ts).
export const STORED_SEPARATOR = '\u0001'

export function storedSearchText(
  searchTextOf: (contact: StoredContact) => string,
  contact: StoredContact,
): string {
  return searchTextOf(contact).replaceAll('\u0000', STORED_SEPARATOR)
}

/** A LIKE pattern that matches `needle` anywhere, its own `%`, `_` and `\` taken literally. */
export const containsPattern = (needle: string): string =>
  `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
