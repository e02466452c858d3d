import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Sql } from './sql.ts'

const FOLDER = fileURLToPath(new URL('./migrations/', import.meta.url))

// Any 64-bit number the instances agree on: only one of several starting instances migrates (and
// seeds) at a time; the others wait, then find the work done.
export const SCHEMA_LOCK = 7_316_001

export interface Migration {
  version: number
  name: string
  sql: string
}

/** The migrations in mock/postgres/migrations: `NNN-name.sql`, applied in number order. */
export function readMigrations(folder = FOLDER): Migration[] {
  return readdirSync(folder)
    .filter((file) => /^\d+-[a-z0-9-]+\.sql$/.test(file))
    .map((file) => ({
      version: Number(file.slice(0, file.indexOf('-'))),
      name: file,
      sql: readFileSync(`${folder}${file}`, 'utf8'),
    }))
    .sort((a, b) => a.version - b.version)
}

/**
 * Plain SQL files and a version table, rather than a migration library: the schema is a handful of
 * tables that only ever moves forward, and what a library would add (down migrations, a CLI, its
 * own lock) is not needed; the caller's transaction and advisory lock make a migration all or
 * nothing and safe when several instances start at once. Returns the versions it applied.
 */
export async function applyMigrations(sql: Sql, migrations = readMigrations()): Promise<number[]> {
  await sql(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version integer PRIMARY KEY,
       name text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  )
  const done = new Set(
    (await sql<{ version: number }>('SELECT version FROM schema_migrations')).map(
      (row) => row.version,
    ),
  )
  const applied: number[] = []
  for (const migration of migrations) {
    if (done.has(migration.version)) continue
    await sql(migration.sql)
    await sql('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
      migration.version,
      migration.name,
    ])
    applied.push(migration.version)
  }
  return applied
}
