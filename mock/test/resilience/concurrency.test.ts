import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { createSeed } from '../../../fixtures/seed.ts'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import type { Contact } from '../../shared/data.ts'
import { openStore } from '../../store/memory/disk/open-store.ts'
import { startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'

const CLIENTS = 24
const CONTACTS_PER_CLIENT = 4
const PATCHES_PER_CONTACT = 5
const dir = mkdtempSync(join(tmpdir(), 'mock-concurrency-'))
const file = join(dir, 'db.json')

let server: RunningMock | undefined

afterAll(() => {
  server?.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

async function call(
  mock: RunningMock,
  method: string,
  path: string,
  body: string,
): Promise<Contact> {
  const res = await fetch(`${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${ALICE.token}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body,
  })
  expect(res.status).toBe(method === 'POST' ? 201 : 200)
  return (await res.json()) as Contact
}

/** Each client creates its contacts, then patches them in turn; all clients run at once. */
async function runClient(
  mock: RunningMock,
  client: number,
  told: Map<string, Contact>,
): Promise<void> {
  const ids: string[] = []
  for (let n = 0; n < CONTACTS_PER_CLIENT; n++) {
    const created = await call(
      mock,
      'POST',
      '',
      `contact[first_name]=C${String(client)}-${String(n)}&contact[relationship_type]=4`,
    )
    told.set(created.id, created)
    ids.push(created.id)
  }
  for (let step = 1; step <= PATCHES_PER_CONTACT; step++) {
    for (const id of ids) {
      const updated = await call(
        mock,
        'PATCH',
        `/${id}`,
        `contact[job_title]=step ${String(step)}&contact[nickname]=c${String(client)}`,
      )
      told.set(id, updated)
    }
  }
}

const SHARED_FIELDS = [
  'middle_name',
  'last_name',
  'nickname',
  'employer',
  'job_title',
  'how_you_met',
]

/** One client per field of a shared contact: an update of one field must never undo another. */
async function patchSharedField(mock: RunningMock, id: string, field: string): Promise<void> {
  for (let step = 1; step <= PATCHES_PER_CONTACT; step++) {
    await call(mock, 'PATCH', `/${id}`, `contact[${field}]=${field} ${String(step)}`)
  }
}

describe('concurrent creates and updates', () => {
  test('When many clients create and update at once, then the data file holds exactly what they were told', async () => {
    // Arrange
    const mock = await startMock(['--db', file, '--quiet'])
    server = mock
    const told = new Map<string, Contact>()
    const shared = await call(
      mock,
      'POST',
      '',
      'contact[first_name]=Shared&contact[relationship_type]=0',
    )

    // Act
    await Promise.all([
      ...Array.from({ length: CLIENTS }, (_, client) => runClient(mock, client, told)),
      ...SHARED_FIELDS.map((field) => patchSharedField(mock, shared.id, field)),
    ])
    mock.child.kill('SIGTERM')
    const code = await mock.exited
    const { engine, close } = await openStore(file, () => createSeed())
    const stored = new Map((await engine.exportData()).contacts.map((row) => [row.id, row]))

    // Assert
    expect(code).toBe(0)
    expect(told.size).toBe(CLIENTS * CONTACTS_PER_CLIENT)
    for (const [id, contact] of told) {
      const {
        org_id: _org,
        groups: _groups,
        ...record
      } = stored.get(id) ?? { org_id: '', groups: {} }
      expect(record).toEqual(contact)
      expect(contact.job_title).toBe(`step ${String(PATCHES_PER_CONTACT)}`)
    }
    const sharedNow = stored.get(shared.id)
    for (const field of SHARED_FIELDS) {
      expect(sharedNow?.[field as keyof Contact]).toBe(`${field} ${String(PATCHES_PER_CONTACT)}`)
    }
    await close()
  })
})
