import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { launchMock, startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'

let dir: string
let file: string
const running: RunningMock[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mock-main-'))
  file = join(dir, 'data', 'db.json')
})
afterEach(() => {
  for (const mock of running.splice(0)) mock.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

async function start(args: string[] = []): Promise<RunningMock> {
  const mock = await startMock(['--db', file, '--quiet', ...args])
  running.push(mock)
  return mock
}

const contactsUrl = (mock: RunningMock): string => `${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts`
const auth = { Authorization: `Bearer ${ALICE.token}` }

async function createContact(mock: RunningMock, firstName: string): Promise<string> {
  const res = await fetch(contactsUrl(mock), {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `contact[first_name]=${firstName}&contact[relationship_type]=2`,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

describe('npm start (mock/process/main.ts)', () => {
  test('When it starts, then it prints the URL, the org ids and the tokens, and serves contacts', async () => {
    // Act
    const mock = await start()
    const res = await fetch(`${contactsUrl(mock)}?limit=1`, { headers: auth })

    // Assert
    expect(mock.output()).toContain(ACME_ORG_ID)
    expect(mock.output()).toMatch(/alice-token\s+Alice \(Acme\)/)
    expect(mock.output()).toMatch(/carol-token\s+Carol \(Globex\)/)
    expect(mock.output()).toContain('Admin API: /__admin (loopback only)')
    expect(res.status).toBe(200)
    expect(((await res.json()) as { count: number }).count).toBeGreaterThanOrEqual(50)
  })

  test('When it runs with the defaults, then the log line of a request comes out soon, without the token, and none is lost to a SIGTERM right after', async () => {
    // Arrange
    const mock = await startMock(['--db', file])
    running.push(mock)
    const logLines = (): string[] =>
      mock
        .output()
        .split('\n')
        .filter((l) => l.includes('"url"'))
    const loggedBefore = async (deadline: number): Promise<string[]> => {
      while (logLines().length === 0 && Date.now() < deadline) await sleep(20)
      return logLines()
    }

    // Act
    await fetch(`${contactsUrl(mock)}?limit=1`, { headers: auth })
    // a ceiling for a line that never comes out on its own, not a measure of the machine
    const first = await loggedBefore(Date.now() + 15_000)
    for (const limit of [2, 3, 4])
      await fetch(`${contactsUrl(mock)}?limit=${String(limit)}`, { headers: auth })
    mock.child.kill('SIGTERM')
    await mock.exited

    // Assert
    expect(first).toHaveLength(1)
    expect(JSON.parse(first[0] ?? '')).toMatchObject({ method: 'GET', status: 200 })
    expect(logLines().map((line) => (JSON.parse(line) as { url: string }).url)).toEqual(
      [1, 2, 3, 4].map((limit) => `/api/v1/orgs/${ACME_ORG_ID}/contacts?limit=${String(limit)}`),
    )
    expect(logLines().join('\n')).not.toContain(ALICE.token)
  })

  test('When it runs with --log pretty, then a 422 comes out as one readable line naming its first field error, with the org id short and no token', async () => {
    // Arrange
    const mock = await startMock(['--db', file, '--log', 'pretty'])
    running.push(mock)
    const logLines = (): string[] =>
      mock
        .output()
        .split('\n')
        .filter((l) => /^\d\d:\d\d:.* POST /.test(l))

    // Act
    const res = await fetch(contactsUrl(mock), {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `contact[first_name]=${'x'.repeat(101)}&contact[relationship_type]=2`,
    })
    // a ceiling for a line that never comes out on its own, not a measure of the machine
    const deadline = Date.now() + 15_000
    while (logLines().length === 0 && Date.now() < deadline) await sleep(20)

    // Assert
    expect(res.status).toBe(422)
    expect(logLines()).toHaveLength(1)
    expect(logLines()[0]).toMatch(
      new RegExp(
        `^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} POST /api/v1/orgs/${ACME_ORG_ID.slice(0, 8)}…/contacts 422 ` +
          '\\d+\\.\\d ms {2}contact\\[first_name\\]: ',
      ),
    )
    expect(mock.output()).not.toContain('{"level"')
    expect(logLines().join('\n')).not.toContain(ALICE.token)
  })

  test('When it is stopped with SIGTERM and started again, then a created contact is still there', async () => {
    // Arrange
    const first = await start()
    const id = await createContact(first, 'Persisted')

    // Act
    first.child.kill('SIGTERM')
    const code = await first.exited
    const second = await start()
    const res = await fetch(`${contactsUrl(second)}/${id}`, { headers: auth })

    // Assert
    expect(code).toBe(0)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { first_name: string }).first_name).toBe('Persisted')
    expect(readFileSync(file, 'utf8')).toContain(id)
  })

  test('When it listens on all interfaces with --admin-token, then the admin API needs that token and the banner says so without printing it', async () => {
    // Arrange
    const adminToken = `admin-${String(process.pid)}-${String(Date.now())}`
    const mock = await start(['--host', '0.0.0.0', '--admin-token', adminToken])
    const reset = (headers: Record<string, string>): Promise<Response> =>
      fetch(`${mock.url}/__admin/reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
      })

    // Act
    const without = await reset({})
    const withToken = await reset({ Authorization: `Bearer ${adminToken}` })

    // Assert
    expect(mock.output()).toContain(
      'Admin API: /__admin (needs the --admin-token as a bearer token)',
    )
    expect(mock.output()).not.toContain(adminToken)
    expect(without.status).toBe(403)
    expect(withToken.status).toBe(204)
  })

  test('When the journal is damaged, then it starts only with --recover, saying what it kept', async () => {
    // Arrange
    const first = await start()
    const id = await createContact(first, 'Journaled')
    first.child.kill('SIGKILL')
    await first.exited
    const journal = `${file}.journal`
    writeFileSync(journal, `{"broken": \n${readFileSync(journal, 'utf8')}`)

    // Act
    const refused = launchMock(['--port', '0', '--db', file, '--quiet'])
    const refusedCode = await refused.exited
    const recovered = await start(['--recover'])
    const res = await fetch(`${contactsUrl(recovered)}/${id}`, { headers: auth })

    // Assert
    expect(refusedCode).toBe(1)
    expect(refused.output()).toContain('--recover')
    expect(recovered.output()).toMatch(/Recovered the journal/)
    expect(res.status).toBe(200)
  })

  test('When a second mock starts on the same data file, then it is refused with a clear message', async () => {
    // Arrange
    await start()

    // Act
    const second = launchMock(['--port', '0', '--db', file, '--quiet'])
    const code = await second.exited

    // Assert
    expect(code).toBe(1)
    expect(second.output()).toMatch(/is in use by another mock \(pid \d+\)/)
  })

  test('When the data file is corrupt, then it refuses to start and leaves the file as it was', async () => {
    // Arrange
    const dataFile = join(dir, 'broken.json')
    writeFileSync(dataFile, '{"version": 1, "contacts": [{"id": ')

    // Act
    const mock = launchMock(['--port', '0', '--db', dataFile, '--quiet'])
    const code = await mock.exited

    // Assert
    expect(code).toBe(1)
    expect(mock.output()).toContain(`The data file ${dataFile} cannot be read`)
    expect(mock.output()).not.toMatch(/\n\s+at /)
    expect(readFileSync(dataFile, 'utf8')).toBe('{"version": 1, "contacts": [{"id": ')
  })

  test.each([
    [['--port', 'eighty'], "--port (PORT) must be a whole number from 0 to 65535, got 'eighty'."],
    [['--prot', '5000'], 'unknown option --prot.'],
  ])(
    'When the flags are %j, then it exits with 2 and one line naming the problem',
    async (...args) => {
      // Arrange
      const [flags, problem] = args

      // Act
      const mock = launchMock([...flags, '--db', file])
      const code = await mock.exited

      // Assert
      expect(code).toBe(2)
      expect(mock.output()).toBe(`contacts-mock: ${problem} See contacts-mock --help.\n`)
      expect(existsSync(file)).toBe(false)
    },
  )

  test('When it is asked for --help, then it prints every flag and exits with 0', async () => {
    // Act
    const mock = launchMock(['--help'])
    const code = await mock.exited

    // Assert
    expect(code).toBe(0)
    expect(mock.output()).toContain('Usage: contacts-mock [flags]')
    expect(mock.output()).toContain('--validate-responses')
  })

  test('When the port is in use, then it says which and suggests --port 0, leaving no data file', async () => {
    // Arrange
    const first = await start()
    const port = new URL(first.url).port

    // Act
    const second = launchMock(['--port', port, '--db', join(dir, 'other', 'db.json')])
    const code = await second.exited

    // Assert
    expect(code).toBe(1)
    expect(second.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`)
    expect(second.output()).toContain('--port 0')
    expect(existsSync(join(dir, 'other', 'db.json'))).toBe(false)
  })
})
