// State the user owns, over a real port: a seed file of their own, named snapshots, export.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { launchMock, startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'

const dir = mkdtempSync(join(tmpdir(), 'own-state-'))
const running: RunningMock[] = []
const ONE_CONTACT = JSON.stringify({
  contacts: [{ org_id: ACME_ORG_ID, first_name: 'Ann', relationship_type: 1 }],
})

afterAll(() => {
  for (const mock of running) mock.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

async function start(name: string, flags: string[]): Promise<RunningMock> {
  const mock = await startMock(['--db', join(dir, name, 'db.json'), '--quiet', ...flags])
  running.push(mock)
  return mock
}

async function stop(mock: RunningMock): Promise<void> {
  mock.child.kill('SIGTERM')
  await mock.exited
}

const auth = { Authorization: `Bearer ${ALICE.token}` }
const json = { 'Content-Type': 'application/json' }

async function names(mock: RunningMock): Promise<string[]> {
  const url = `${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts?include[]=deleted&limit=100`
  const body = (await (await fetch(url, { headers: auth })).json()) as {
    contacts: { first_name: string }[]
  }
  return body.contacts.map((contact) => contact.first_name)
}

async function create(mock: RunningMock, firstName: string): Promise<void> {
  const res = await fetch(`${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts`, {
    method: 'POST',
    headers: auth,
    body: new URLSearchParams({
      'contact[first_name]': firstName,
      'contact[relationship_type]': '2',
    }),
  })
  expect(res.status).toBe(201)
}

const admin = (mock: RunningMock, method: string, path: string, body?: object) =>
  fetch(`${mock.url}/__admin${path}`, { method, headers: json, body: body && JSON.stringify(body) })

describe('--data FILE', () => {
  test('When the mock starts on a one-contact seed, then a reset after two creates gives exactly that contact, and the seed file is unchanged', async () => {
    // Arrange
    const seed = join(dir, 'one.json')
    writeFileSync(seed, ONE_CONTACT)
    const mock = await start('seeded', ['--data', seed])
    await create(mock, 'Bo')
    await create(mock, 'Cy')

    // Act
    const reset = await admin(mock, 'POST', '/reset')

    // Assert
    expect(reset.status).toBe(204)
    expect(await names(mock)).toEqual(['Ann'])
    expect(readFileSync(seed, 'utf8')).toBe(ONE_CONTACT)
  })

  test('When the seed file breaks a rule, then the start is refused naming the JSON path', async () => {
    // Arrange
    const seed = join(dir, 'bad.json')
    writeFileSync(
      seed,
      JSON.stringify({
        contacts: [{ org_id: ACME_ORG_ID, first_name: 'Ann', relationship_type: 9 }],
      }),
    )

    // Act
    const mock = launchMock(['--port', '0', '--db', join(dir, 'bad', 'db.json'), '--data', seed])
    const code = await mock.exited

    // Assert
    expect(code).toBe(1)
    expect(mock.output()).toContain('$.contacts[0].relationship_type: must be <= 5')
  })
})

describe('named snapshots and export', () => {
  test('When a snapshot is saved, the data changed and the snapshot restored, then the saved state is back, after a restart too', async () => {
    // Arrange
    const seed = join(dir, 'snap-seed.json')
    writeFileSync(seed, ONE_CONTACT)
    const first = await start('snap', ['--data', seed])
    const saved = await admin(first, 'POST', '/snapshots', { name: 'just-ann' })
    await create(first, 'Later')

    // Act
    const restored = await admin(first, 'POST', '/snapshots/just-ann/restore')
    await stop(first)
    const again = await start('snap', [])

    // Assert
    expect([saved.status, restored.status]).toEqual([201, 204])
    expect(await names(again)).toEqual(['Ann'])
    const list = (await (await admin(again, 'GET', '/snapshots')).json()) as {
      snapshots: { name: string }[]
    }
    expect(list.snapshots.map((snapshot) => snapshot.name)).toEqual(['just-ann'])
  })

  test('When the state is exported and a mock starts from the export, then it has the same data', async () => {
    // Arrange
    const source = await start('export-source', [])
    await create(source, 'Exported')
    const exported = await (await admin(source, 'GET', '/export')).text()
    const file = join(dir, 'export.json')
    writeFileSync(file, exported)

    // Act
    const copy = await start('export-copy', ['--data', file])

    // Assert
    expect(await names(copy)).toEqual(await names(source))
    expect(await names(copy)).toContain('Exported')
  })
})
