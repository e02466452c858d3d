// The browser bundle (built here into a temp folder, imported as a page would) creates isolated
// orgs without faker: two users whose tokens see the org's own contacts, copied from the bundled
// fixtures with new ids, and nothing of another org.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import type * as BrowserEntry from '../../fetch/browser.ts'
import type { MockFetch } from '../../fetch/mock-fetch.ts'
import { buildBrowser } from '../../../scripts/build-browser.ts'

const dir = mkdtempSync(join(tmpdir(), 'bundle-org-'))
let mock: MockFetch

beforeAll(async () => {
  // the bundle leaves msw to the page's own packages: this repository's
  symlinkSync(
    fileURLToPath(new URL('../../../node_modules', import.meta.url)),
    join(dir, 'node_modules'),
  )
  const { outfile } = await buildBrowser({ outfile: join(dir, 'contacts-mock.js') })
  const entry = (await import(pathToFileURL(outfile).href)) as typeof BrowserEntry
  mock = entry.createBrowserMockFetch()
  await mock.ready
}, 120_000)

afterAll(async () => {
  await mock.close()
  rmSync(dir, { recursive: true, force: true })
})

const contactsOf = async (orgId: string, token: string) => {
  const res = await mock(`http://localhost/api/v1/orgs/${orgId}/contacts?limit=100`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  return {
    status: res.status,
    body: (await res.json()) as { count: number; contacts: { id: string }[] },
  }
}

describe('Isolated orgs in the browser bundle', () => {
  test('When an org of 5 contacts is created, then its users list exactly 5 contacts of new ids, and Acme is unchanged', async () => {
    // Arrange
    const acmeBefore = await contactsOf(ACME_ORG_ID, ALICE.token)

    // Act
    const created = await mock.createOrg({ name: 'Browser org', contacts: 5 })

    // Assert
    const [first, second] = created.users
    const own = await contactsOf(created.org_id, first?.token ?? '')
    expect(own.status).toBe(200)
    expect(own.body.count).toBe(5)
    expect((await contactsOf(created.org_id, second?.token ?? '')).body.count).toBe(5)
    const acmeIds = new Set(acmeBefore.body.contacts.map(({ id }) => id))
    expect(own.body.contacts.filter(({ id }) => acmeIds.has(id))).toEqual([])
    expect((await contactsOf(ACME_ORG_ID, ALICE.token)).body.count).toBe(acmeBefore.body.count)
  })

  test("When one org's user asks for Acme's contacts, then it answers 403", async () => {
    // Arrange
    const created = await mock.createOrg({ contacts: 1 })

    // Act
    const res = await contactsOf(ACME_ORG_ID, created.users[0]?.token ?? '')

    // Assert
    expect(res.status).toBe(403)
  })
})
