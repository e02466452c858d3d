// Named snapshots kept as the data's JSON text, each beside its info (what a list shows): in
// memory, in IndexedDB, in a PostgreSQL table. A load parses the text again, so no later write
// reaches a saved state, and a list reads no snapshot's data.
import type { Data } from '../../shared/data.ts'
import type { NamedSnapshots, SnapshotInfo } from '../repositories.ts'

/** Where an engine keeps the texts. */
export interface SnapshotShelf {
  /** Keeps `text` and `info` under `info.name`, in place of what was there: both or neither. */
  put: (info: SnapshotInfo, text: string) => Promise<void>
  infos: () => Promise<SnapshotInfo[]>
  /** The text of that name; undefined when there is none. */
  text: (name: string) => Promise<string | undefined>
  /** False when there is none of that name. */
  remove: (name: string) => Promise<boolean>
}

const encoder = new TextEncoder()
const byName = (a: SnapshotInfo, b: SnapshotInfo): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0

export function createTextSnapshots(
  shelf: SnapshotShelf,
  now: () => Date = () => new Date(),
): NamedSnapshots {
  return {
    async save(name, data) {
      const text = JSON.stringify(data)
      const info = { name, saved_at: now().toISOString(), bytes: encoder.encode(text).length }
      await shelf.put({ ...info }, text)
      return info
    },
    list: async () => (await shelf.infos()).map((info) => ({ ...info })).sort(byName),
    async load(name) {
      const text = await shelf.text(name)
      return text === undefined ? undefined : (JSON.parse(text) as Data)
    },
    remove: (name) => shelf.remove(name),
  }
}
