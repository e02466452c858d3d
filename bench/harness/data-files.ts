import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { ACME_ORG_ID } from '../../fixtures/identities.ts'
import type { Contact, StoredContact } from '../../mock/shared/data.ts'
import { SnapshotFile } from '../../mock/store/memory/disk/snapshot-file.ts'
import { runNode } from './processes.ts'

/** The data file the workload is read from: the reads against the baseline, durable creates. */
export const LOAD_CONTACTS = 10_000

export interface DataFiles {
  /** The data file with `contacts` Acme contacts, made on first use as `npm run fixtures` does. */
  get: (contacts: number) => Promise<string>
  /** Removes it: a million contacts take a gigabyte. */
  drop: (contacts: number) => void
}

export function createDataFiles(dir: string, log: (line: string) => void): DataFiles {
  const files = new Map<number, string>()
  return {
    async get(contacts) {
      const known = files.get(contacts)
      if (known !== undefined) return known
      log(`Making a data file with ${contacts.toLocaleString('en-US')} contacts (fixtures/cli.ts)…`)
      const started = performance.now()
      const file = join(dir, `contacts-${String(contacts)}.json`)
      // The CLI itself rather than `npm run`: npm would resolve --out against INIT_CWD.
      const cli = ['fixtures/cli.ts', '--contacts', String(contacts), '--out', file, '--force']
      await runNode(['--import', 'tsx', ...cli], 600_000)
      log(`  made in ${((performance.now() - started) / 1000).toFixed(0)} s`)
      files.set(contacts, file)
      return file
    },
    drop(contacts) {
      const file = files.get(contacts)
      if (file !== undefined) rmSync(file, { force: true })
      files.delete(contacts)
    },
  }
}

export interface Workload {
  /** The first active Acme contact in list order, as the API returns it (no org, no groups). */
  contact: Contact
  /** The most common last name of the active Acme contacts: search finds some, not all. */
  searchTerm: string
  /** How many active Acme contacts have that last name (a lower bound of search's count). */
  searchMatches: number
}

const listOrder = (a: StoredContact, b: StoredContact): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1

/** Picks the benchmark's request parameters from the data file rather than hard-coding them. */
export async function readWorkload(file: string): Promise<Workload> {
  const data = await new SnapshotFile(file).read()
  if (!data) throw new Error(`${file} is missing`)
  const active = data.contacts.filter((c) => c.org_id === ACME_ORG_ID && c.deleted_at === null)
  const first = active.sort(listOrder)[0]
  if (first === undefined) throw new Error(`${file} has no active Acme contact`)
  const { org_id: _org, groups: _groups, ...contact } = first

  const counts = new Map<string, number>()
  for (const { last_name } of active) {
    if (last_name) counts.set(last_name, (counts.get(last_name) ?? 0) + 1)
  }
  const [searchTerm, searchMatches] = [...counts].reduce(
    (best, entry) => (entry[1] > best[1] ? entry : best),
    ['', 0],
  )
  if (searchTerm === '') throw new Error(`${file} has no contact with a last name`)
  return { contact, searchTerm, searchMatches }
}
