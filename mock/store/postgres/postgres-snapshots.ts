import type { Pool } from 'pg'
import type { NamedSnapshots, SnapshotInfo } from '../repositories.ts'
import { createTextSnapshots } from '../memory/text-snapshots.ts'
import { sqlOf } from './sql.ts'

/**
 * Named snapshots in a table rather than files beside one instance: every instance on the
 * database lists and restores the same ones.
 */
export function createPostgresSnapshots(pool: Pool): NamedSnapshots {
  const read = sqlOf(pool, 'read')
  const write = sqlOf(pool, 'write')
  return createTextSnapshots({
    async put({ name, saved_at, bytes }, text) {
      await write(
        `INSERT INTO named_snapshots (name, saved_at, bytes, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name) DO UPDATE SET saved_at = EXCLUDED.saved_at, bytes = EXCLUDED.bytes,
           data = EXCLUDED.data`,
        [name, saved_at, bytes, text],
      )
    },
    infos: () => read<SnapshotInfo>('SELECT name, saved_at, bytes FROM named_snapshots'),
    async text(name) {
      const [row] = await read<{ data: string }>(
        'SELECT data FROM named_snapshots WHERE name = $1',
        [name],
      )
      return row?.data
    },
    async remove(name) {
      const gone = await write('DELETE FROM named_snapshots WHERE name = $1 RETURNING name', [name])
      return gone.length > 0
    },
  })
}
