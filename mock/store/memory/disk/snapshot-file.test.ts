import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { createSeed } from '../../../../fixtures/seed.ts'
import { SnapshotFile } from './snapshot-file.ts'

let dir: string
let file: string
const data = createSeed({ acmeContacts: 1200, globexContacts: 30 })

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'snapshot-file-'))
  file = join(dir, 'db.json')
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('SnapshotFile', () => {
  test('When data is written and read back, then it is the same, one line per record', async () => {
    // Arrange
    const adapter = new SnapshotFile(file)

    // Act
    await adapter.write(data, 3)
    const read = await adapter.readStored()

    // Assert
    expect(read).toEqual({ data, journal: 3, sealed: true })
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
    expect(lines).toHaveLength(1 + data.contacts.length + data.user_relationships.length)
  })

  test.each([
    ['a record line', (text: string) => text.replace('"first_name":"', '"first_name":"X')],
    ['the header', (text: string) => text.replace('"name":"Acme"', '"name":"Acne"')],
    ['its seal', (text: string) => text.replace(/^\{"crc32":"[0-9a-f]/, '{"crc32":"g')],
  ])(
    'When %s is changed by hand, then the file reads back unsealed (its records are checked at start)',
    async (_, edit) => {
      // Arrange
      const adapter = new SnapshotFile(file)
      await adapter.write(data, 3)
      writeFileSync(file, edit(readFileSync(file, 'utf8')))

      // Act
      const read = await adapter.readStored()

      // Assert
      expect(read?.sealed).toBe(false)
      expect(read?.data.contacts).toHaveLength(data.contacts.length)
    },
  )

  test('When a read chunk ends inside a multi-byte character, then every record reads back whole', async () => {
    // Arrange: names of 3-byte characters; the first record padded so that the first 1 MiB
    // chunk ends inside one (padding shifts every later byte by as much)
    const adapter = new SnapshotFile(file)
    const named = (padding: number) => ({
      ...data,
      contacts: data.contacts.map((contact, index) => ({
        ...contact,
        last_name: `${'€'.repeat(40)}${index === 0 ? 'x'.repeat(padding) : ''}`,
      })),
    })
    const isContinuation = (byte: number | undefined) =>
      byte !== undefined && (byte & 0xc0) === 0x80
    await adapter.write(named(0))
    const unpadded = readFileSync(file)
    let padding = 0
    while (!isContinuation(unpadded[(1 << 20) - padding])) padding++
    const written = named(padding)
    await adapter.write(written)
    expect(isContinuation(readFileSync(file)[1 << 20])).toBe(true)

    // Act
    const read = await adapter.read()

    // Assert
    expect(read).toEqual(written)
  })

  test('When records too large for the write buffer lie among small ones, then all read back in order', async () => {
    // Arrange: a field of 400,000 three-byte characters (1.2 MB, more than the 1 MiB buffer)
    // at the start, in the middle and at the end, and multi-byte text in every record
    const large = new Set([0, 600, data.contacts.length - 1])
    const written = {
      ...data,
      contacts: data.contacts.map((contact, index) => ({
        ...contact,
        how_you_met: large.has(index) ? '€'.repeat(400_000) : `Zoë ✓ 😀 ${String(index)}`,
      })),
    }
    const adapter = new SnapshotFile(file)

    // Act
    await adapter.write(written)
    const read = await adapter.read()

    // Assert
    expect(read).toEqual(written)
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
    expect(lines).toHaveLength(1 + data.contacts.length + data.user_relationships.length)
  })

  test('When the file holds the single JSON document of earlier versions, then it is read', async () => {
    // Arrange
    writeFileSync(file, JSON.stringify(data, null, 2))

    // Act
    const read = await new SnapshotFile(file).read()

    // Assert
    expect(read).toEqual(data)
  })

  test('When there is no file, then read answers null', async () => {
    // Act
    const read = await new SnapshotFile(file).read()

    // Assert
    expect(read).toBeNull()
  })

  test('When a write fails, then the previous file is unchanged', async () => {
    // Arrange
    const adapter = new SnapshotFile(file)
    await adapter.write(data)
    const before = readFileSync(file, 'utf8')
    // the temporary file cannot be opened: its name is taken by a folder
    mkdirSync(join(dir, '.db.json.tmp'))

    // Act
    const writing = adapter.write({ ...data, contacts: [] })

    // Assert
    await expect(writing).rejects.toThrow()
    expect(readFileSync(file, 'utf8')).toBe(before)
  })
})
