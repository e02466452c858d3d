// A kill -9 keeps what the files hold at that moment (the page cache survives a killed process),
// so the folder copied at a step of the snapshot's rotation is what a start after a kill there
// finds. Each copy must open with every acknowledged write and none that was refused.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { createSeed } from '../../../fixtures/seed.ts'
import type { Data, StoredContact } from '../../shared/data.ts'
import { openJournal, type Journal } from '../../store/memory/disk/journal.ts'
import { openStore, type OpenStore } from '../../store/memory/disk/open-store.ts'

const root = mkdtempSync(join(tmpdir(), 'snapshot-steps-'))
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

const createData = (): Data => createSeed({ acmeContacts: 5, globexContacts: 1 })
const template = createData().contacts[0]
if (!template) throw new Error('the seed has no contact')
let made = 0
let copied = 0
// ids as the mock makes them: a start checks every record the journal holds
const newContact = (): StoredContact => ({
  ...template,
  id: `5e000000-0000-4000-8000-${String(++made).padStart(12, '0')}`,
})

interface Outcome {
  acknowledged: string[]
  refused: string[]
}

/** A folder as a kill left it, and how many writes had been acknowledged then. */
interface Copy {
  folder: string
  acknowledged: number
}

/** The real journal, whose steps copy the folder aside, and whose appends fail on demand. */
function watchedJournal(
  folder: string,
  copies: Map<string, Copy>,
  outcome: Outcome,
  failing: { now: boolean },
) {
  const copyAs = (step: string): void => {
    // the first snapshot's steps only: the stop's own snapshot comes after them
    if (copies.has(step)) return
    const copy = join(root, `${step}-${String(++copied)}`)
    cpSync(folder, copy, { recursive: true })
    copies.set(step, { folder: copy, acknowledged: outcome.acknowledged.length })
  }
  return async (path: string, coveredUpTo?: number): Promise<Journal> => {
    const journal = await openJournal(path, coveredUpTo)
    return {
      ...journal,
      append: (entries) =>
        failing.now ? Promise.reject(new Error('EIO: simulated')) : journal.append(entries),
      async rotate() {
        const generation = await journal.rotate()
        copyAs('rotated')
        return generation
      },
      async dropRotated(generation) {
        copyAs('saved')
        await journal.dropRotated(generation)
        copyAs('dropped')
      },
    }
  }
}

async function createSome(store: OpenStore, outcome: Outcome, refuse: boolean): Promise<void> {
  for (let n = 0; n < 5; n++) {
    const contact = newContact()
    try {
      await store.engine.write((repositories) => repositories.contacts.create(contact))
      expect(refuse).toBe(false)
      outcome.acknowledged.push(contact.id)
    } catch {
      outcome.refused.push(contact.id)
    }
  }
}

/** Opens a copy of `folder` (a start rewrites the files it finds) and lists its contacts. */
async function idsIn(folder: string): Promise<Set<string>> {
  const started = join(root, `started-${String(++copied)}`)
  cpSync(folder, started, { recursive: true })
  const store = await openStore(join(started, 'db.json'), createData)
  const data = await store.engine.exportData()
  await store.close()
  return new Set(data.contacts.map((contact) => contact.id))
}

describe('A kill at each step of a snapshot', () => {
  test('When the folder is taken as a kill at each step leaves it, then every start has every acknowledged write and no refused one', async () => {
    // Arrange: a data file that has been snapshotted before (its journal generation is not 0)
    const folder = join(root, 'live')
    const copies = new Map<string, Copy>()
    const failing = { now: false }
    const outcome: Outcome = { acknowledged: [], refused: [] }
    const open = (): Promise<OpenStore> =>
      openStore(join(folder, 'db.json'), createData, {
        openJournal: watchedJournal(folder, copies, outcome, failing),
      })
    let store = await open()
    await createSome(store, outcome, false)
    await store.close()
    store = await open()
    await createSome(store, outcome, false)
    failing.now = true
    await createSome(store, outcome, true)
    failing.now = false

    // Act: the steps of one more snapshot, taken while the journal holds unsaved changes
    copies.clear()
    await store.engine.snapshot()
    await createSome(store, outcome, false)
    await store.close()
    const rotated = copies.get('rotated')
    if (rotated === undefined) throw new Error('the snapshot never rotated the journal')
    const rotatedFiles = readdirSync(rotated.folder)
    // the steps inside the rotation and the snapshot's own write, from the copy after it:
    // renamed but the new journal not yet made; the snapshot's temporary file half written
    const renamedOnly = { ...rotated, folder: join(root, 'renamed-only') }
    cpSync(rotated.folder, renamedOnly.folder, { recursive: true })
    rmSync(join(renamedOnly.folder, 'db.json.journal'))
    const halfWritten = { ...rotated, folder: join(root, 'half-written') }
    cpSync(rotated.folder, halfWritten.folder, { recursive: true })
    writeFileSync(join(halfWritten.folder, '.db.json.tmp'), '{"format":"contacts-mock-kit/lines"')
    const steps = new Map<string, Copy>([
      ['renamed only', renamedOnly],
      ...copies,
      ['half written', halfWritten],
      ['after the stop', { folder, acknowledged: outcome.acknowledged.length }],
    ])
    const found = new Map<string, { missing: string[]; visible: string[] }>()
    for (const [step, copy] of steps) {
      const ids = await idsIn(copy.folder)
      found.set(step, {
        missing: outcome.acknowledged
          .slice(0, copy.acknowledged)
          .filter((id) => !ids.has(id))
          .slice(0, 3),
        visible: outcome.refused.filter((id) => ids.has(id)),
      })
    }

    // Assert
    expect(rotated.acknowledged).toBe(10)
    expect(outcome.refused).toHaveLength(5)
    expect([...found.keys()]).toEqual([
      'renamed only',
      'rotated',
      'saved',
      'dropped',
      'half written',
      'after the stop',
    ])
    for (const [step, { missing, visible }] of found) {
      expect({ step, missing, visible }).toEqual({ step, missing: [], visible: [] })
    }
    // numbered after the generation the snapshot on disk holds (3 = the start's, the stop's, this)
    expect(rotatedFiles.filter((name) => /^db\.json\.journal\.\d+$/.test(name))).toEqual([
      'db.json.journal.3',
    ])
  })
})
