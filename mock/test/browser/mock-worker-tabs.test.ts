// startMockWorker in two tabs of one origin (two pages of one browser context: one IndexedDB, one
// service worker, one set of Web Locks), each tab with its own mock in memory: what one tab writes
// the other sees before its next answer, no tab writes on a state another has since changed, and
// no acknowledged write is undone by another tab, through reloads, admin calls and a closed tab.
import { beforeAll, describe, expect, test } from '@jest/globals'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { openLocalContext } from '../../../test-support/browser/launch-browser.ts'
import { violationsOf, type Site } from '../../../test-support/browser/strict-csp-site.ts'
import { openWorkerSite } from '../../../test-support/browser/worker-site.ts'
import {
  blindLog,
  createInPage,
  delayCommits,
  sendInPage,
  startInPage,
  type Answer,
  type Sent,
  type WorkerGlobals,
} from '../../../test-support/browser/worker-page.ts'

const opened = closeAfterAll()
let site: Site
let browser: Browser

const CONTACTS = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
// two pages, each starting the worker and reloading: beyond the default, short of a hang
const TWO_TABS_TIMEOUT_MS = 90_000

beforeAll(async () => {
  ;({ site, browser } = await openWorkerSite(opened, 'mock-worker-tabs-'))
}, 60_000)

interface Tabs {
  context: BrowserContext
  one: Page
  two: Page
  /** What the pages logged as an error, or threw. */
  errors: string[]
  leaks: string[]
}

/** A tab of the context at the site, its module run. */
async function openTab(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${site.url}/`)
  await page.waitForFunction(() => 'kit' in globalThis)
  return page
}

/** Two tabs of a fresh context, each with the worker started: the first writes the fixtures. */
async function openTabs(): Promise<Tabs> {
  const { context, leaks } = await openLocalContext(browser)
  const errors: string[] = []
  const one = await openTab(context, errors)
  const two = await openTab(context, errors)
  expect(await startInPage(one)).toBe('createData')
  expect(await startInPage(two)).toBe('database')
  return { context, one, two, errors, leaks }
}

/** The tab reloaded and its worker started again, on what IndexedDB holds. */
async function reload(page: Page): Promise<void> {
  await page.reload()
  await page.waitForFunction(() => 'kit' in globalThis)
  expect(await startInPage(page)).toBe('database')
}

const failedLoad = (status: number): RegExp =>
  new RegExp(`^Failed to load resource: the server responded with a status of ${String(status)}`)

/** Nothing blocked or leaked, nothing logged but Chromium's line for each expected status. */
async function expectClean(tabs: Tabs, statuses: number[] = []): Promise<void> {
  for (const page of tabs.context.pages()) expect(await violationsOf(page)).toEqual([])
  const unexpected = tabs.errors.filter((line) => !statuses.some((s) => failedLoad(s).test(line)))
  expect(unexpected).toEqual([])
  expect(tabs.leaks).toEqual([])
  expect(site.requested.filter((path) => path.startsWith('/api/'))).toEqual([])
  await tabs.context.close()
}

const patch = (page: Page, id: string, contact: Record<string, unknown>): Promise<Answer> =>
  sendInPage(page, { path: `${CONTACTS}/${id}`, method: 'PATCH', body: { contact } })

const ids = (answer: Answer): string[] =>
  ((answer.body as { contacts?: { id: string }[] }).contacts ?? []).map((contact) => contact.id)

/** Sends the request from the page without waiting for its answer, kept under `key`. */
const sendLater = (page: Page, key: string, sent: Sent): Promise<void> =>
  page.evaluate(
    ({ key, path, method, body, token }) => {
      const scope = globalThis as unknown as { later?: Record<string, Promise<number>> }
      scope.later ??= {}
      scope.later[key] = fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.status)
    },
    { key, path: sent.path, method: sent.method ?? 'GET', body: sent.body, token: ALICE.token },
  )

/** The status of the request sent under `key`, once answered. */
const statusOf = (page: Page, key: string): Promise<number | undefined> =>
  page.evaluate(
    (name) => (globalThis as unknown as { later?: Record<string, Promise<number>> }).later?.[name],
    key,
  )

describe('startMockWorker in two tabs of one origin: one truth in IndexedDB', () => {
  test(
    'When tab one creates a contact and deletes it, then tab two lists it, its PATCH of the deleted contact is refused 409, and the DELETE holds after tab one reloads',
    async () => {
      // Arrange
      const tabs = await openTabs()
      const { one, two } = tabs
      const created = await createInPage(one, 'Tabone')

      // Act
      const listed = await sendInPage(two, { path: `${CONTACTS}?search=Tabone&limit=100` })
      const deleted = await sendInPage(one, { path: `${CONTACTS}/${created.id}`, method: 'DELETE' })
      const patched = await patch(two, created.id, { last_name: 'Lovelace' })
      await reload(one)
      const read = await sendInPage(one, { path: `${CONTACTS}/${created.id}` })

      // Assert
      expect(created.status).toBe(201)
      expect(listed.status).toBe(200)
      expect(ids(listed)).toContain(created.id)
      expect(deleted.status).toBe(204)
      expect(patched.status).toBe(409)
      expect(patched.type).toBe('application/problem+json; charset=utf-8')
      expect(read.status).toBe(200)
      expect(read.body).toMatchObject({ id: created.id, deleted_at: expect.any(String) })
      expect(read.body).not.toMatchObject({ last_name: 'Lovelace' })
      await expectClean(tabs, [409])
    },
    TWO_TABS_TIMEOUT_MS,
  )

  test(
    'When both tabs write at once (each a field of one contact, and contacts of their own), then every acknowledged write is there after both reload',
    async () => {
      // Arrange
      const tabs = await openTabs()
      const { one, two } = tabs
      const shared = await createInPage(one, 'Interwoven')
      // tab two reads it from IndexedDB as it starts again: both tabs begin with the contact
      await reload(two)
      const rounds = 5

      // Act
      const answers: Answer[] = []
      const own: string[] = []
      for (let round = 0; round < rounds; round++) {
        const [first, last, fromOne, fromTwo] = await Promise.all([
          patch(one, shared.id, { first_name: `One ${String(round)}` }),
          patch(two, shared.id, { last_name: `Two ${String(round)}` }),
          createInPage(one, `Interleaved one ${String(round)}`),
          createInPage(two, `Interleaved two ${String(round)}`),
        ])
        answers.push(first, last, fromOne, fromTwo)
        own.push(fromOne.id, fromTwo.id)
      }
      await Promise.all([reload(one), reload(two)])
      const reads = await Promise.all(
        [one, two].map((page) => sendInPage(page, { path: `${CONTACTS}/${shared.id}` })),
      )
      const lists = await Promise.all(
        [one, two].map((page) =>
          sendInPage(page, { path: `${CONTACTS}?search=Interleaved&limit=100` }),
        ),
      )

      // Assert
      expect(answers.map((answer) => answer.status)).toEqual(
        Array<number[]>(rounds).fill([200, 200, 201, 201]).flat(),
      )
      for (const read of reads) {
        expect(read.body).toMatchObject({ first_name: 'One 4', last_name: 'Two 4' })
      }
      for (const list of lists) expect(ids(list).sort()).toEqual([...own].sort())
      await expectClean(tabs)
    },
    TWO_TABS_TIMEOUT_MS,
  )

  test(
    'When tab one creates an org and then resets the data, then tab two answers the new org’s user, and after the reset no longer has its own contact nor brings it back',
    async () => {
      // Arrange
      const tabs = await openTabs()
      const { one, two } = tabs
      const before = await createInPage(two, 'Before reset')

      // Act
      const org = await one.evaluate(() =>
        (globalThis as unknown as WorkerGlobals).contactsMock?.createOrg({ name: 'Tabs' }),
      )
      const user = org?.users[0]
      const orgContacts = await two.evaluate(
        async ({ path, token }) => {
          const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } })
          return { status: response.status, body: (await response.json()) as { count?: number } }
        },
        { path: `/api/v1/orgs/${org?.org_id ?? ''}/contacts`, token: user?.token ?? '' },
      )
      await one.evaluate(() => (globalThis as unknown as WorkerGlobals).contactsMock?.reset())
      const read = await sendInPage(two, { path: `${CONTACTS}/${before.id}` })
      const patched = await patch(two, before.id, { last_name: 'Resurrected' })
      await reload(one)
      const reread = await sendInPage(one, { path: `${CONTACTS}/${before.id}` })

      // Assert
      expect(before.status).toBe(201)
      expect(orgContacts.status).toBe(200)
      expect(orgContacts.body.count).toBeGreaterThan(0)
      expect([read.status, patched.status, reread.status]).toEqual([404, 404, 404])
      await expectClean(tabs, [404])
    },
    TWO_TABS_TIMEOUT_MS,
  )

  test(
    'When a tab is closed after IndexedDB committed its write but before it answered, then the other tab writes next and sees that write',
    async () => {
      // Arrange
      const tabs = await openTabs()
      const { one, two } = tabs
      // the transaction commits; the page hears of it only a minute later
      await delayCommits(one, 60_000)

      // Act
      await one.evaluate(
        ({ path, token }) => {
          // never answered: the tab is closed while it waits
          void fetch(path, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ contact: { first_name: 'Closed', relationship_type: 1 } }),
          }).catch(() => undefined)
        },
        { path: CONTACTS, token: ALICE.token },
      )
      await one.waitForFunction(() => (globalThis as { committedWrites?: number }).committedWrites)
      await one.close()
      const created = await createInPage(two, 'After the close')
      const listed = await sendInPage(two, { path: `${CONTACTS}?search=Closed&limit=100` })

      // Assert
      expect(created.status).toBe(201)
      expect(listed.body).toMatchObject({ count: 1 })
      await expectClean(tabs)
    },
    TWO_TABS_TIMEOUT_MS,
  )
  test(
    'When a tab writes on data older than IndexedDB holds (its reads of the log blinded), then its commit is refused 503 and the other tab’s acknowledged write stands',
    async () => {
      // Arrange
      const tabs = await openTabs()
      const { one, two } = tabs
      const contact = await createInPage(one, 'Overtaken')
      await reload(two)
      const see = await blindLog(two)

      // Act
      const kept = await patch(one, contact.id, { first_name: 'Kept' })
      const stale = await patch(two, contact.id, { last_name: 'Stale' })
      await see()
      const readInTwo = await sendInPage(two, { path: `${CONTACTS}/${contact.id}` })
      await reload(one)
      const readInOne = await sendInPage(one, { path: `${CONTACTS}/${contact.id}` })

      // Assert
      expect(kept.status).toBe(200)
      expect(stale.status).toBe(503)
      expect(stale.type).toBe('application/problem+json; charset=utf-8')
      for (const read of [readInTwo, readInOne]) {
        expect(read.body).toMatchObject({ first_name: 'Kept', last_name: null })
      }
      await expectClean(tabs, [503])
    },
    TWO_TABS_TIMEOUT_MS,
  )
  test(
    'When a tab writes while the other tab has a write in memory waiting for its commit, then it waits its turn, builds on that write, and both are kept',
    async () => {
      // Arrange
      const tabs = await openTabs()
      const { one, two } = tabs
      const contact = await createInPage(one, 'Turns')
      await reload(two)
      // tab one's commits land, and the page hears of each a second later: its turn lasts
      await delayCommits(one, 1000)
      await sendLater(one, 'create', {
        path: CONTACTS,
        method: 'POST',
        body: { contact: { first_name: 'Turns too', relationship_type: 1 } },
      })
      await one.waitForFunction(() => (globalThis as { committedWrites?: number }).committedWrites)
      const path = `${CONTACTS}/${contact.id}`
      await sendLater(one, 'patch', {
        path,
        method: 'PATCH',
        body: { contact: { first_name: 'Waiting' } },
      })
      // tab one answers from its memory, which has the PATCH before IndexedDB has
      const firstName = async (): Promise<unknown> =>
        ((await sendInPage(one, { path })).body as { first_name?: unknown }).first_name
      while ((await firstName()) !== 'Waiting') continue

      // Act
      const patched = await patch(two, contact.id, { last_name: 'Patient' })
      const statuses = [await statusOf(one, 'create'), await statusOf(one, 'patch')]
      await Promise.all([reload(one), reload(two)])
      const reads = await Promise.all([one, two].map((page) => sendInPage(page, { path })))

      // Assert
      expect(statuses).toEqual([201, 200])
      expect(patched.status).toBe(200)
      expect(patched.body).toMatchObject({ first_name: 'Waiting', last_name: 'Patient' })
      for (const read of reads) {
        expect(read.body).toMatchObject({ first_name: 'Waiting', last_name: 'Patient' })
      }
      await expectClean(tabs)
    },
    TWO_TABS_TIMEOUT_MS,
  )
})
