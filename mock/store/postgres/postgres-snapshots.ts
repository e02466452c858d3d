import type { Pool } from 'pg'
import type { Data } from '../../shared/data.ts'
import type { NamedSnapshots, SnapshotInfo } from '../repositories.ts'
import { sqlOf } from './sql.ts'

/**
 * Named snapshots in a table rather than files beside one instance: every instance on the
 * database lists and restores the same ones.
 */
export function createPostgresSnapshots(pool: Pool): NamedSnapshots {
  const sql = sqlOf(pool)
  return {
    async save(name, data) {
      const text = JSON.stringify(data)
      const [saved] = await sql<SnapshotInfo>(
        `INSERT INTO named_snapshots (name, saved_at, bytes, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name) DO UPDATE SET saved_at = EXCLUDED.saved_at, bytes = EXCLUDED.bytes,
           data = EXCLUDED.data
         RETURNING name, saved_at, bytes`,
        [name, new Date().toISOString(), Buffer.byteLength(text), text],
      )
      if (!saved) throw new Error(`the snapshot ${name} was not saved`)
      return { name: saved.name, saved_at: saved.saved_at, bytes: saved.bytes }
    },
    async list() {
      const rows = await sql<SnapshotInfo>(
        'SELECT name, saved_at, bytes FROM named_snapshots ORDER BY name',
      )
      return rows.map(({ name, saved_at, bytes }) => ({ name, saved_at, bytes }))
    },
    async load(name) {
      const [row] = await sql<{ data: string }>(
        'SELECT data FROM named_snapshots WHERE name = $1',
        [name],
      )
      return row && (JSON.parse(row.data) as Data)
    },
    async remove(name) {
      const gone = await sql('DELETE FROM named_snapshots WHERE name = $1 RETURNING name', [name])
      return gone.length > 0
    },
  }
}
