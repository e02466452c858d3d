// `contacts-mock pull` against a running mock seeded with other data than the fixtures: a second
// mock on the pulled seed answers every read as the first (the same records, or with --anonymize
// the same shapes, counts, orders and deletion states), no name, email or phone of the source is
// left in an anonymized seed, and a dropped connection, a 429, a 5xx or a slow deployment each end
// with a clear result, a failed pull leaving no seed behind.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { compareReads, type Side } from '../../../test-support/compare-reads.ts'
import { addRule, clearRules } from '../../../test-support/http-client.ts'
import {
  runMockCommand,
  startMock,
  type CommandRun,
  type RunningMock,
} from '../../../test-support/spawn-mock.ts'

let dir: string
let source: RunningMock
const copies: RunningMock[] = []
/** A fixed key: the anonymized seed is the same at every run of this file. */
const KEY = 'pull-test-key-0001'

interface Seed {
  users: { token: string; email: string; password: string }[]
  contacts: Record<string, unknown>[]
  user_relationships: unknown[]
}

const readSeed = (file: string): Seed => JSON.parse(readFileSync(file, 'utf8')) as Seed

function pull(out: string, args: string[] = [], token: string = ALICE.token): Promise<CommandRun> {
  return runMockCommand(
    ['pull', '--url', source.url, '--org', ACME_ORG_ID, '--out', join(dir, out), ...args],
    { PULL_TOKEN: token, PULL_ANONYMIZE_KEY: KEY },
  )
}

/** A mock started on a pulled seed, and how its user reads it. */
async function startCopy(seedFile: string): Promise<Side> {
  const copy = await startMock(['--data', seedFile, '--db', `${seedFile}.db`, '--quiet'])
  copies.push(copy)
  return { url: copy.url, token: readSeed(seedFile).users[0]?.token ?? '', orgId: ACME_ORG_ID }
}

const sourceSide = (): Side => ({ url: source.url, token: ALICE.token, orgId: ACME_ORG_ID })

/** The files a failed pull may have left: none but what was there before. */
const filesIn = (folder: string): string[] =>
  readdirSync(folder).filter((name) => name.includes('json'))

let plain: CommandRun
let anonymized: CommandRun

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mock-pull-'))
  // other data than the bundled fixtures: the faker seed 7
  source = await startMock(['--db', join(dir, 'source.db'), '--seed', '7', '--quiet'])
  plain = await pull('plain.json')
  anonymized = await pull('anonymized.json', ['--anonymize'])
}, 120_000)

afterEach(async () => {
  await clearRules(source.url)
})

afterAll(() => {
  for (const mock of [source, ...copies.splice(0)]) mock.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

describe('contacts-mock pull', () => {
  test('When a mock is pulled and a second mock starts on the seed, then every read answers the same on both, ids included', async () => {
    // Arrange
    const copy = await startCopy(join(dir, 'plain.json'))

    // Act
    const { differences, reads } = await compareReads(sourceSide(), copy, 'equal')

    // Assert
    expect(plain.code).toBe(0)
    expect(reads).toBeGreaterThan(300)
    expect(differences).toEqual([])
  }, 120_000)

  test('When a mock is pulled with --anonymize, then a mock on the seed answers with the same shapes, counts, orders, ids and deletion states, and whole-word searches find the same contacts', async () => {
    // Arrange
    const copy = await startCopy(join(dir, 'anonymized.json'))

    // Act
    const { differences, reads } = await compareReads(sourceSide(), copy, 'shape')

    // Assert
    expect(anonymized.code).toBe(0)
    expect(reads).toBeGreaterThan(300)
    expect(differences).toEqual([])
  }, 120_000)

  test('When a mock is pulled with --anonymize, then no name, email or phone number of the source is in the seed', () => {
    // Arrange: the source's values, as the plain pull holds them (the first test proves it equal)
    const plainText = readFileSync(join(dir, 'plain.json'), 'utf8')
    // the relationship catalog is the service's own vocabulary, kept as it is: a type named
    // Cousin is no one's name, even when a contact's last name is Cousin
    const anonymizedText = JSON.stringify({
      ...(JSON.parse(readFileSync(join(dir, 'anonymized.json'), 'utf8')) as object),
      relationship_types: [],
    })
    const { contacts } = readSeed(join(dir, 'plain.json'))
    const texts = (values: unknown[]): string[] =>
      values.filter((value): value is string => typeof value === 'string' && value !== '')
    const names = contacts.flatMap((contact) =>
      texts([
        contact['first_name'],
        contact['middle_name'],
        contact['last_name'],
        contact['nickname'],
        ...(contact['groups'] as { pets: { name: string }[] }).pets.map((pet) => pet.name),
      ]),
    )
    const groups = contacts.map(
      (contact) =>
        contact['groups'] as {
          email_addresses: { email: string }[]
          phone_numbers: { phone_number: string }[]
        },
    )
    const emails = groups.flatMap((group) => group.email_addresses.map((item) => item.email))
    const phones = groups.flatMap((group) => group.phone_numbers.map((item) => item.phone_number))
    // a name is found as a word (`Ann` is in `Annual`, but that is not the name); an email or a
    // phone number anywhere
    const word = (name: string): RegExp =>
      new RegExp(`(^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u')

    // Act
    const found = [
      ...names.filter((name) => word(name).test(anonymizedText)),
      ...[...emails, ...phones].filter((text) => anonymizedText.includes(text)),
    ]

    // Assert: the grep finds each of them in the plain seed, and none in the anonymized one
    expect(names.length).toBeGreaterThan(50)
    expect(emails.length).toBeGreaterThan(20)
    expect(phones.length).toBeGreaterThan(20)
    expect(names.filter((name) => !word(name).test(plainText))).toEqual([])
    expect(found).toEqual([])
  })

  test('When a pull ends, then the new token and password are printed once, and the seed holds no token of the deployment', () => {
    // Arrange
    const seedText = readFileSync(join(dir, 'plain.json'), 'utf8')
    const [user] = readSeed(join(dir, 'plain.json')).users

    // Assert
    expect(plain.stdout).toContain(`token ${user?.token ?? '?'}`)
    expect(plain.stdout).toContain(`password ${user?.password ?? '?'}`)
    expect(plain.stderr).not.toContain(user?.token ?? '?')
    expect(seedText).not.toContain(ALICE.token)
    expect(plain.stdout + plain.stderr).not.toContain(ALICE.token)
    expect(plain.stderr).toContain('Reading contacts 100%')
  })

  test('When connections drop now and then, then they are tried again and the pull completes', async () => {
    // Arrange
    await addRule(source.url, {
      match: { operationId: 'getContact' },
      respond: { network: 'reset' },
      times: 3,
    })

    // Act
    const run = await pull('after-resets.json')

    // Assert
    expect(run.code).toBe(0)
    expect(run.stderr).toMatch(
      /the connection failed \(\w+\): waiting 0\.2 s, then 125 requests\/s \(was 250\)/,
    )
    expect(readSeed(join(dir, 'after-resets.json')).contacts).toEqual(
      readSeed(join(dir, 'plain.json')).contacts,
    )
  }, 60_000)

  test('When every connection drops, then the pull fails in one line and leaves the seed there was as it was', async () => {
    // Arrange
    await addRule(source.url, {
      match: { operationId: 'getContact' },
      respond: { network: 'reset' },
    })
    const out = join(dir, 'kept.json')
    writeFileSync(out, '{"contacts": []}\n')
    const before = filesIn(dir)

    // Act
    const run = await pull('kept.json')

    // Assert
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      /^contacts-mock pull: GET \/api\/v1\/orgs\/[\w-]+\/contacts\/[\w-]+: the connection failed \(\w+\), 6 times, after \d+ requests with \d+ of 60 contacts read; nothing was written\.$/,
    )
    expect(readFileSync(out, 'utf8')).toBe('{"contacts": []}\n')
    expect(filesIn(dir)).toEqual(before)
  }, 60_000)

  test('When the deployment answers 429 with Retry-After, then the pull waits what it says, halves its rate and completes', async () => {
    // Arrange
    await addRule(source.url, {
      match: { operationId: 'listContacts' },
      respond: { status: 429 },
      times: 2,
    })

    // Act
    const run = await pull('after-429.json')

    // Assert: the mock's 429 says Retry-After: 1
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('answered 429: waiting 1.0 s, then 125 requests/s (was 250)')
    expect(readSeed(join(dir, 'after-429.json')).contacts).toHaveLength(60)
  }, 60_000)

  test('When the deployment answers 500 now and then, then the pull slows down and completes; when it always does, the pull fails in one line and writes nothing', async () => {
    // Arrange
    await addRule(source.url, {
      match: { operationId: 'getContact' },
      respond: { status: 500 },
      times: 2,
    })

    // Act
    const flaky = await pull('after-500.json')
    await clearRules(source.url)
    await addRule(source.url, {
      match: { operationId: 'listUserRelationships' },
      respond: { status: 500 },
    })
    const broken = await pull('never.json')

    // Assert
    expect(flaky.code).toBe(0)
    expect(flaky.stderr).toMatch(/answered 500: waiting [\d.]+ s, then \d+ requests\/s/)
    expect(readSeed(join(dir, 'after-500.json')).contacts).toHaveLength(60)
    expect(broken.code).toBe(1)
    expect(broken.stderr.trim().split('\n').at(-1)).toMatch(
      /^contacts-mock pull: GET \/api\/v1\/orgs\/[\w-]+\/user_relationships: the deployment answered 500, 6 times, after \d+ requests with 60 of 60 contacts read; nothing was written\.$/,
    )
    expect(existsSync(join(dir, 'never.json'))).toBe(false)
  }, 90_000)

  test('When the deployment is slower than --timeout, then the pull stops at it, says how far it got, and writes nothing', async () => {
    // Arrange
    await addRule(source.url, { match: { operationId: 'getContact' }, delay_ms: 20_000 })
    const before = filesIn(dir)

    // Act
    const run = await pull('slow.json', ['--timeout', '2s'])

    // Assert
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      /^contacts-mock pull: it reached its --timeout of 2\.0 s, after \d+ requests with 0 of 60 contacts read; nothing was written\.$/,
    )
    expect(filesIn(dir)).toEqual(before)
  }, 60_000)

  test('When --max-requests is too few for the deployment, then the pull says so before reading the contacts', async () => {
    // Act
    const run = await pull('few.json', ['--max-requests', '10'])

    // Assert
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /takes about \d+ requests, more than --max-requests 10, after 2 requests before any contact was read; nothing was written\.\n$/,
    )
    expect(existsSync(join(dir, 'few.json'))).toBe(false)
  }, 60_000)

  test('When the token is refused, then the pull says so in one line', async () => {
    // Act
    const run = await pull('refused.json', [], 'not-a-token-of-it')

    // Assert
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      'contacts-mock pull: the deployment refused the token (401); check --token (PULL_TOKEN), after 1 request before any contact was read; nothing was written.\n',
    )
  }, 60_000)

  test.each([
    [['--rate', '0'], "--rate must be a whole number from 1 to 100000, got '0'."],
    [
      ['--timeout', '10'],
      "--timeout must be a duration such as 500ms, 90s, 15m, 1.5h or 7d, got '10'.",
    ],
    [['--org', 'acme'], "--org must be an organization id (a UUID), got 'acme'."],
    [['--url', 'ftp://x'], "--url must be an http(s) URL, got 'ftp://x'."],
    [['--bogus'], 'unknown option --bogus.'],
  ])('When pull is given %j, then it exits 2 with one usage line', async (args, message) => {
    // Act
    const run = await runMockCommand(['pull', ...args])

    // Assert
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`contacts-mock pull: ${message} See contacts-mock pull --help.\n`)
  })

  test('When pull lacks what it needs, then the usage line names each of them; --help lists every flag', async () => {
    // Act
    const missing = await runMockCommand(['pull', '--url', source.url], { PULL_TOKEN: '' })
    const help = await runMockCommand(['pull', '--help'])

    // Assert
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe(
      'contacts-mock pull: pull needs --token (PULL_TOKEN), --org, --out. See contacts-mock pull --help.\n',
    )
    expect(help.code).toBe(0)
    for (const flag of [
      '--url',
      '--token',
      '--org',
      '--out',
      '--anonymize',
      '--max-requests',
      '--rate',
      '--timeout',
      'PULL_TOKEN',
      'PULL_ANONYMIZE_KEY',
    ])
      expect(help.stdout).toContain(flag)
  })
})
