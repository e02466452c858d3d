// The data file and its journal obey the seed file's rules (issue 46): each record the shape of
// fixtures/seed.schema.json's (complete, as the mock keeps it), and between records the identities
// and references of fixtures/seed-identities.ts. A record that breaks one is never served: one user
// given another's token would read the other's org, a contact without its groups would be a 500.
import type { ValidateFunction } from 'ajv'
import type { OpenApiDocument } from '../../../../openapi/document.ts'
import {
  compileSeedSchema,
  describeSchemaError,
  type RecordCollection,
} from '../../../../fixtures/seed-schema.ts'
import {
  findIdentityProblems,
  ProblemList,
  type AbsentRecord,
  type RecordAt,
  type RecordNames,
} from '../../../../fixtures/seed-identities.ts'
import type { Data } from '../../../shared/data.ts'
import { StartupError } from '../../../shared/startup-error.ts'
import { idOf } from '../change.ts'
import type { DamagedLine, JournalContents, JournalLine, ReadEntry } from './journal.ts'
import type { StoredSnapshot } from './snapshot-file.ts'

/** The collections of a data file, each a list of records. */
export const RECORD_COLLECTIONS: readonly RecordCollection[] = [
  'orgs',
  'users',
  'relationship_types',
  'contacts',
  'user_relationships',
]

/** The data the snapshot and the journal make, and which journal entry each record comes from. */
interface Replayed {
  data: Data
  /** The entry a record of `data` comes from; undefined: from the snapshot. */
  entryOf: (collection: RecordCollection, index: number) => ReadEntry | undefined
  /** Its index in the snapshot, for a record from there. */
  snapshotIndexOf: (collection: RecordCollection, index: number) => number
  /** The entry that removed the record of an id, if the journal's last word on it is a removal. */
  removalOf: (collection: RecordCollection, id: string) => ReadEntry | undefined
}

/**
 * The snapshot's records with the journal's entries applied, as the store applies them (a put
 * replaces the record of its id, a remove takes it away). A collection no entry touches is the
 * snapshot's list itself: a start after a clean stop copies nothing.
 */
function replay(snapshot: Data, entries: readonly ReadEntry[]): Replayed {
  const data: Data = { ...snapshot }
  // for each record of a collection the journal touches: its entry, or its snapshot index
  const origins = new Map<RecordCollection, (ReadEntry | number)[]>()
  // the last entry of each id, by collection
  const lasts = new Map<RecordCollection, Map<string, ReadEntry>>()
  for (const read of entries) {
    const { collection } = read.entry
    if (!lasts.has(collection)) lasts.set(collection, new Map())
    lasts.get(collection)?.set(idOf(read.entry), read)
  }
  for (const [collection, last] of lasts) {
    const rows: unknown[] = []
    const from: (ReadEntry | number)[] = []
    const putBy = (read: ReadEntry): void => {
      if ('put' in read.entry) {
        rows.push(read.entry.put)
        from.push(read)
      }
    }
    const replaced = new Set<string>()
    snapshot[collection].forEach((row: { id: string }, i) => {
      const read = last.get(row.id)
      // a record met again (a snapshot holding one id twice) stays, to be found a duplicate
      if (read === undefined || replaced.has(row.id)) {
        rows.push(row)
        from.push(i)
        return
      }
      replaced.add(row.id)
      putBy(read)
    })
    for (const [id, read] of last) if (!replaced.has(id)) putBy(read)
    ;(data as unknown as Record<RecordCollection, unknown[]>)[collection] = rows
    origins.set(collection, from)
  }
  const origin = (collection: RecordCollection, index: number): ReadEntry | number =>
    origins.get(collection)?.[index] ?? index
  return {
    data,
    entryOf: (collection, index) => {
      const from = origin(collection, index)
      return typeof from === 'number' ? undefined : from
    },
    snapshotIndexOf: (collection, index) => {
      const from = origin(collection, index)
      return typeof from === 'number' ? from : -1
    },
    removalOf: (collection, id) => {
      const read = lasts.get(collection)?.get(id)
      return read && 'remove' in read.entry ? read : undefined
    },
  }
}

const placeOf = ({ file, line }: JournalLine): string => `${file} line ${String(line)} $.put`

/** The problems of a record's shape; none when it has the shape of its collection's records. */
function shapeProblems(validate: ValidateFunction, record: unknown, path: string): string[] {
  if (validate(record)) return []
  // `null` breaks `type: object` once in each schema of an allOf: said once
  return [...new Set((validate.errors ?? []).map((error) => describeSchemaError(error, path)))]
}

/** A snapshot that breaks a rule: no journal entry can be dropped to mend it. */
function snapshotRefusal(file: string, problems: ProblemList): StartupError {
  return new StartupError(
    `The data file ${file} breaks the rules of the mock's data; it was not changed:\n` +
      `${problems.format()}\n` +
      'Repair these records by hand (the data file holds one record a line), or start with ' +
      'another --db file. --recover keeps the intact entries of a journal; it never changes ' +
      'the data file.',
  )
}

/**
 * The journal entries that break a rule between records, each with its problems. A problem is the
 * journal's when an entry made one of its records, or removed the record a reference names: the
 * latest such entry's (the one that broke the rule the others kept); otherwise the snapshot's,
 * which refuses the start.
 */
function identityProblemsOf(
  file: string,
  snapshot: Data,
  entries: readonly ReadEntry[],
): Map<ReadEntry, string[]> {
  const replayed = replay(snapshot, entries)
  const names: RecordNames = {
    at: (collection, index) => {
      const read = replayed.entryOf(collection, index)
      if (read !== undefined) return placeOf(read)
      return `${file} $.${collection}[${String(replayed.snapshotIndexOf(collection, index))}]`
    },
    among: () => `the data file (${file} and its journal)`,
  }
  const blamed = new Map<ReadEntry, string[]>()
  const inSnapshot = new ProblemList()
  const order = new Map(entries.map((read, k) => [read, k]))
  const problems = new (class extends ProblemList {
    override add(line: string, records: readonly RecordAt[] = [], absent?: AbsentRecord): void {
      super.add(line, records, absent)
      const made = [
        ...records.map(([collection, index]) => replayed.entryOf(collection, index)),
        absent && replayed.removalOf(...absent),
      ].filter((read) => read !== undefined)
      const latest = made.sort((a, b) => (order.get(b) ?? 0) - (order.get(a) ?? 0))[0]
      if (latest === undefined) inSnapshot.add(line)
      else blamed.set(latest, [...(blamed.get(latest) ?? []), line])
    }
  })()
  findIdentityProblems(replayed.data, names, problems)
  if (inSnapshot.count > 0) throw snapshotRefusal(file, inSnapshot)
  return blamed
}

/**
 * Checks a data file as it is about to be served: the snapshot's records (unless it is sealed, as
 * this mock wrote it) and every journal entry by their shape, then the identities and references
 * of all of them together. A snapshot that breaks a rule refuses the start (StartupError); a
 * journal entry that does is answered as a damaged line (`damaged`, with the problems naming it),
 * which refuses the start too, or with `recover` is dropped, with every entry that then breaks a
 * rule in turn (a relationship to a contact whose entry was dropped).
 */
export function checkDataFile(
  file: string,
  stored: StoredSnapshot,
  journal: JournalContents,
  options: { document: OpenApiDocument; recover: boolean },
): JournalContents {
  const schema = compileSeedSchema(options.document)
  const snapshotProblems = new ProblemList()
  if (!stored.sealed) {
    for (const collection of RECORD_COLLECTIONS) {
      stored.data[collection].forEach((record: unknown, i) => {
        const path = `${file} $.${collection}[${String(i)}]`
        for (const problem of shapeProblems(schema.records[collection], record, path)) {
          snapshotProblems.add(problem)
        }
      })
    }
  }
  if (snapshotProblems.count > 0) throw snapshotRefusal(file, snapshotProblems)

  const damaged: DamagedLine[] = [...journal.damaged]
  const shaped = (read: ReadEntry): boolean => {
    const { entry } = read
    if (!('put' in entry)) return true
    const problems = shapeProblems(schema.records[entry.collection], entry.put, placeOf(read))
    if (problems.length > 0) damaged.push({ ...read, text: JSON.stringify(entry), problems })
    return problems.length === 0
  }
  let entries = journal.entries.filter(shaped)
  if (stored.sealed && entries.length === 0) return { entries, damaged }
  for (;;) {
    const blamed = identityProblemsOf(file, stored.data, entries)
    for (const read of entries) {
      const problems = blamed.get(read)
      if (problems) damaged.push({ ...read, text: JSON.stringify(read.entry), problems })
    }
    entries = entries.filter((read) => !blamed.has(read))
    if (blamed.size === 0 || !options.recover) return { entries, damaged }
  }
}
