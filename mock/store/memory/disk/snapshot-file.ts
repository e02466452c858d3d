import { createReadStream, existsSync } from 'node:fs'
import { open, readFile, rename, rm, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { crc32 } from 'node:zlib'
import type { Data, StoredContact, StoredUserRelationship } from '../../../shared/data.ts'
import { jsonOf } from '../record-json.ts'
import { flushToDisk, writeAll } from './durable-writes.ts'

/** The first line of a data file in the line format: everything but the two large collections. */
const FORMAT = 'contacts-mock-kit/lines'
const VERSION = 2
// Records serialized between two turns of the event loop: a few milliseconds of work.
const CHUNK = 500

type Header = Omit<Data, 'contacts' | 'user_relationships'>
type Line = { crc32?: string; format: string; version: number; journal?: number } & Header

/** A data file's data, and the last journal generation whose changes it holds (0: none). */
export interface StoredSnapshot {
  data: Data
  journal: number
  /**
   * The file is as this mock wrote it (its CRC-32 matches): every record in it was checked when
   * it came in. False for a file changed since, or written without the CRC (by hand, by an older
   * version): its records are checked one by one at start.
   */
  sealed: boolean
}

// The header's first field is the CRC-32 of the whole file, taken with these 8 characters in its
// place, in hexadecimal: written last, at a place known in advance, and read without parsing.
const SEAL_AT = Buffer.byteLength('{"crc32":"')
const UNSEALED = '--------'
const SEAL_END = SEAL_AT + UNSEALED.length

const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

function headerOf(data: Data, journal: number): string {
  const { contacts: _contacts, user_relationships: _relationships, ...header } = data
  const line = { crc32: UNSEALED, format: FORMAT, ...header, journal, version: VERSION }
  return JSON.stringify(line) + '\n'
}

/** The CRC-32 of a file's first bytes, read with the place of its seal as written unsealed. */
function crcOfStart(bytes: Buffer): number {
  const start = Buffer.from(bytes.subarray(0, SEAL_END))
  start.write(UNSEALED, SEAL_AT, 'latin1')
  return crc32(bytes.subarray(SEAL_END), crc32(start))
}

const COLLECTIONS = ['contacts', 'user_relationships'] as const
// Room for CHUNK records of the usual size; a record whose JSON could exceed it is written alone.
const BUFFER_BYTES = 1 << 20

/**
 * Writes the records' lines through one buffer, CHUNK records between two turns of the event loop:
 * each record's JSON is encoded straight into it, where joining them first made a string of a
 * few hundred kilobytes and a copy of it per chunk, for the garbage collector to sweep.
 */
async function writeLines(handle: FileHandle, data: Data, journal: number): Promise<void> {
  const buffer = Buffer.allocUnsafe(BUFFER_BYTES)
  let used = 0
  let crc = 0
  const put = async (bytes: Buffer): Promise<void> => {
    crc = crc32(bytes, crc)
    await writeAll(handle, bytes)
  }
  const flush = async (): Promise<void> => {
    await put(buffer.subarray(0, used))
    used = 0
  }
  await put(Buffer.from(headerOf(data, journal)))
  for (const name of COLLECTIONS) {
    const prefix = Buffer.from(`{"${name}":`)
    let count = 0
    for (const row of data[name]) {
      const json = jsonOf(row)
      // UTF-8 takes at most 3 bytes for each UTF-16 unit
      const most = prefix.length + json.length * 3 + 2
      if (used + most > buffer.length) await flush()
      if (most > buffer.length) {
        await put(Buffer.from(`{"${name}":${json}}\n`))
      } else {
        used += prefix.copy(buffer, used)
        used += buffer.write(json, used)
        used += buffer.write('}\n', used, 'latin1')
      }
      if (++count % CHUNK === 0) {
        await flush()
        await yieldToRequests()
      }
    }
  }
  await flush()
  const seal = Buffer.from(crc.toString(16).padStart(8, '0'), 'latin1')
  await handle.write(seal, 0, seal.length, SEAL_AT)
}

function isHeader(line: string): boolean {
  try {
    return (JSON.parse(line) as Partial<Line>).format === FORMAT
  } catch {
    return false
  }
}

/**
 * Calls `each` on the file's lines, read in large chunks (readline costs twice as much) and
 * decoded line by line (a decoded chunk would be copied again by the split), until it answers
 * false; resolves false then, else the CRC-32 of the file as its seal takes it (crcOfStart).
 */
async function forEachLine(file: string, each: (line: string) => boolean): Promise<number | false> {
  let rest: Buffer | undefined
  let crc: number | undefined
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const bytes = rest === undefined ? (chunk as Buffer) : Buffer.concat([rest, chunk as Buffer])
    // the first chunk of 1 MiB holds the seal's place, past any file's first bytes
    crc = crc === undefined ? crcOfStart(chunk as Buffer) : crc32(chunk as Buffer, crc)
    let start = 0
    for (let end = bytes.indexOf(10); end !== -1; end = bytes.indexOf(10, start)) {
      if (!each(bytes.toString('utf8', start, end))) return false
      start = end + 1
    }
    rest = start < bytes.length ? bytes.subarray(start) : undefined
  }
  return rest === undefined || each(rest.toString('utf8')) ? (crc ?? 0) : false
}

function addRecord(data: Data, line: string, number: number): void {
  const record = JSON.parse(line) as Record<string, unknown>
  if ('contacts' in record) data.contacts.push(record['contacts'] as StoredContact)
  else if ('user_relationships' in record) {
    data.user_relationships.push(record['user_relationships'] as StoredUserRelationship)
  } else throw new Error(`line ${String(number)} is not a record of this mock`)
}

/** Reads the line format; undefined when the file is in the earlier single-document format. */
async function readLines(file: string): Promise<StoredSnapshot | undefined> {
  let data: Data | undefined
  let journal = 0
  let seal: string | undefined
  let number = 0
  const crc = await forEachLine(file, (line) => {
    number++
    if (data !== undefined) {
      if (line !== '') addRecord(data, line, number)
      return true
    }
    // not the line format: the earlier single-document one
    if (!isHeader(line)) return false
    const {
      crc32: sealed,
      format: _format,
      journal: covered = 0,
      ...header
    } = JSON.parse(line) as Line
    journal = covered
    seal = sealed
    data = { ...header, version: 1, contacts: [], user_relationships: [] }
    return true
  })
  if (crc === false || data === undefined) return undefined
  const sealed = seal !== undefined && seal === crc.toString(16).padStart(8, '0')
  return { data, journal, sealed }
}

/** A file that holds the whole data (its snapshot; the journal is beside it). */
export interface DataFile {
  /** The data; null when there is no file. */
  read: () => Promise<Data | null>
  write: (data: Data) => Promise<void>
}

/**
 * The data file: one line per record, written in chunks between requests (no stall, no string as
 * large as the file) to a temporary file that is flushed and renamed into place. Reads this line
 * format, and the single JSON document earlier versions wrote.
 */
export class SnapshotFile implements DataFile {
  readonly #file: string
  readonly #temp: string

  constructor(file: string) {
    this.#file = file
    this.#temp = join(dirname(file), `.${basename(file)}.tmp`)
  }

  async read(): Promise<Data | null> {
    return (await this.readStored())?.data ?? null
  }

  /** The data and the journal generation it holds; null when there is no file. */
  async readStored(): Promise<StoredSnapshot | null> {
    if (!existsSync(this.#file)) return null
    const stored = await readLines(this.#file)
    if (stored) return stored
    const { journal = 0, ...data } = JSON.parse(await readFile(this.#file, 'utf8')) as Data & {
      journal?: number
    }
    return { data, journal, sealed: false }
  }

  /** Writes `data` durably, as holding the changes of the journals up to `journal`. */
  async write(data: Data, journal = 0): Promise<void> {
    const handle = await open(this.#temp, 'w')
    try {
      await writeLines(handle, data, journal)
      await handle.sync()
      await handle.close()
      await rename(this.#temp, this.#file)
      await flushToDisk(dirname(this.#file))
    } catch (error) {
      await handle.close().catch(() => undefined)
      // a half-written temporary file would only take the room a later try needs
      await rm(this.#temp, { force: true })
      throw error
    }
  }
}
