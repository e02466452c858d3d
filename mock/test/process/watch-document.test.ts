// --watch over a real port: a changed constraint applies within 2 s and the data stays.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { DOCUMENT_PATH } from '../../../openapi/document-files.ts'
import { startMock, type RunningMock } from '../support/spawn-mock.ts'

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

/** Polls until `check` holds, for at most `ms`; resolves with how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not within ${String(ms)} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return performance.now() - started
}

describe('--watch', () => {
  test('When first_name maxLength changes from 100 to 10, then creates follow it within 2 s and earlier contacts stay', async () => {
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
    const took = await within(
      2000,
      async () => (await create(url, 'Another long first name')) === 422,
    )
    writeFileSync(document, 'openapi: [not, a, document')
    await within(2000, () => Promise.resolve(mock?.output().includes('did not load') ?? false))

    // Assert
    expect(took).toBeLessThan(2000)
    expect(await create(url, 'Short')).toBe(201)
    expect(await create(url, 'Still too long a name')).toBe(422)
    const list = await fetch(`${url}/api/v1/orgs/${ACME_ORG_ID}/contacts?search=twenty`, {
      headers: { Authorization: `Bearer ${ALICE.token}` },
    })
    expect(((await list.json()) as { count: number }).count).toBe(1)
  })
})
