// --watch over a real port: a changed constraint applies and the data stays; a document the start
// would refuse is refused by the reload too, and the previous one stays in use.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { DOCUMENT_PATH } from '../../../openapi/document-files.ts'
import { launchMock, startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'

const dir = mkdtempSync(join(tmpdir(), 'watch-'))
const document = join(dir, 'openapi.yaml')
let mock: RunningMock | undefined

afterAll(() => {
  mock?.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

const create = async (url: string, firstName: string): Promise<number> =>
  (
    await fetch(`${url}/api/v1/orgs/${ACME_ORG_ID}/contacts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ALICE.token}` },
      body: new URLSearchParams({
        'contact[first_name]': firstName,
        'contact[relationship_type]': '1',
      }),
    })
  ).status

// The watch polls every 250 ms; this only catches a reload that never comes, at any machine speed.
const HANG_MS = 20_000

/** Polls until `check` holds; fails only if it never does. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > HANG_MS) throw new Error(`not within ${String(HANG_MS)} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const notes = (): number => mock?.output().split('did not load').length ?? 0

/** The package's document with its paths emptied: valid YAML and OpenAPI, but no API to serve. */
const withoutPaths = (text: string): string =>
  text.replace(/^paths:\n(?:[ #].*\n|\n)*/m, 'paths: {}\n')

describe("A document without the API's operations", () => {
  test('When the mock starts on a document with no paths, then it refuses to start, naming the operations it lacks', async () => {
    // Arrange
    const empty = join(dir, 'no-paths.yaml')
    writeFileSync(empty, withoutPaths(readFileSync(DOCUMENT_PATH, 'utf8')))

    // Act
    const refused = launchMock([
      '--port',
      '0',
      '--db',
      join(dir, 'refused.json'),
      '--document',
      empty,
    ])
    const code = await refused.exited

    // Assert
    expect(code).toBe(1)
    expect(refused.output()).toMatch(
      /^The mock could not start: The document .* cannot be served: the document has no operation listContacts, getContact/m,
    )
  })
})

describe('--watch', () => {
  test("When first_name maxLength changes from 100 to 10, then creates follow it and earlier contacts stay; a broken document or one without the API's paths is refused and the previous one stays", async () => {
    // Arrange
    copyFileSync(DOCUMENT_PATH, document)
    mock = await startMock([
      '--db',
      join(dir, 'db.json'),
      '--quiet',
      '--document',
      document,
      '--watch',
    ])
    const url = mock.url
    expect(await create(url, 'A name of twenty chars')).toBe(201)
    const original = readFileSync(document, 'utf8')
    const tightened = original.replace(
      /(ContactFirstName:\n(?:\s+\S.*\n)*?\s+maxLength: )100/,
      '$110',
    )
    expect(tightened).not.toBe(original)

    // Act
    writeFileSync(document, tightened)
    await eventually(async () => (await create(url, 'Another long first name')) === 422)
    const before = notes()
    writeFileSync(document, 'openapi: [not, a, document')
    await eventually(() => Promise.resolve(notes() > before))
    // valid YAML and an OpenAPI document, but the start refuses it: every API path would be a 404
    writeFileSync(document, withoutPaths(tightened))
    await eventually(() => Promise.resolve(notes() > before + 1))

    // Assert
    expect(mock.output()).toMatch(/did not load \(the document has no operation listContacts/)
    expect(await create(url, 'Short')).toBe(201)
    expect(await create(url, 'Still too long a name')).toBe(422)
    const list = await fetch(`${url}/api/v1/orgs/${ACME_ORG_ID}/contacts?search=twenty`, {
      headers: { Authorization: `Bearer ${ALICE.token}` },
    })
    expect(((await list.json()) as { count: number }).count).toBe(1)
  })
})
