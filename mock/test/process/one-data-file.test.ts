// One data file, one mock (issue 46): a second startMock or mock fetch on a file in use is refused
// in the same process too, and by whatever path it names the file (a symlink); a mock started
// through a symlink writes to the file the link names and keeps the link.
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { openMockFetch } from '../../fetch/node/fetch.ts'
import { startMock, type RunningMock } from '../../process/start-mock.ts'
import { StartupError } from '../../shared/startup-error.ts'

const root = mkdtempSync(join(tmpdir(), 'one-data-file-'))
const running: RunningMock[] = []
let dir: string

afterEach(async () => {
  for (const mock of running.splice(0).reverse()) await mock.close()
})
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

const newFolder = (): string => {
  dir = mkdtempSync(join(root, 'case-'))
  return dir
}

async function start(dbFile: string): Promise<RunningMock> {
  const mock = await startMock({ dbFile })
  running.push(mock)
  return mock
}

const auth = { Authorization: `Bearer ${ALICE.token}` }

async function create(mock: RunningMock, firstName: string): Promise<number> {
  const res = await fetch(`${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts`, {
    method: 'POST',
    headers: auth,
    body: new URLSearchParams({
      'contact[first_name]': firstName,
      'contact[relationship_type]': '1',
    }),
  })
  return res.status
}

async function count(mock: RunningMock, search: string): Promise<number> {
  const url = `${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts?search=${search}&limit=100`
  const res = await fetch(url, { headers: auth })
  return ((await res.json()) as { count: number }).count
}

describe('A second mock on a data file in use, in the same process', () => {
  test('When startMock is called twice on one dbFile, then the second is refused, and every create answered 201 is there after a restart', async () => {
    // Arrange
    const dbFile = join(newFolder(), 'db.json')
    const first = await start(dbFile)

    // Act
    const second = start(dbFile)
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(first, `Twice${String(i)}`)),
    )
    await expect(second).rejects.toThrow(StartupError)
    await expect(second).rejects.toThrow(/in use by another mock in this process/)
    await running.splice(0).at(0)?.close()
    const restarted = await start(dbFile)

    // Assert
    expect(statuses).toEqual(Array(20).fill(201))
    expect(await count(restarted, 'Twice')).toBe(20)
  })

  test('When a mock fetch opens the dbFile of a running startMock, then it is refused', async () => {
    // Arrange
    const dbFile = join(newFolder(), 'db.json')
    await start(dbFile)

    // Act
    const opening = openMockFetch({ dbFile })

    // Assert
    await expect(opening).rejects.toThrow(/in use by another mock in this process/)
  })
})

describe('A data file named through a symlink', () => {
  test('When a second mock starts through a symlink to a running mock’s data file, then it is refused', async () => {
    // Arrange
    const folder = newFolder()
    const dbFile = join(folder, 'db.json')
    await start(dbFile)
    symlinkSync(dbFile, join(folder, 'link.json'))

    // Act
    const throughLink = start(join(folder, 'link.json'))

    // Assert
    await expect(throughLink).rejects.toThrow(/in use by another mock/)
  })

  test('When a mock runs on a symlinked data file, then its writes reach the file the link names and the link stays a link', async () => {
    // Arrange: the file the link names, written by a first mock
    const folder = newFolder()
    mkdirSync(join(folder, 'real'))
    const real = join(folder, 'real', 'db.json')
    await start(real)
    await running.splice(0).at(0)?.close()
    const link = join(folder, 'db.json')
    symlinkSync(real, link)

    // Act: creates, then a stop (its snapshot), then a start on the file itself
    const mock = await start(link)
    const status = await create(mock, 'Linked')
    await running.splice(0).at(0)?.close()
    const onReal = await start(real)

    // Assert
    expect(status).toBe(201)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readlinkSync(link)).toBe(real)
    expect(readFileSync(real, 'utf8')).toContain('"first_name":"Linked"')
    expect(await count(onReal, 'Linked')).toBe(1)
  })
})
