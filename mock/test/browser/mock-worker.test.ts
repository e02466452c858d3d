// startMockWorker in headless Chromium, on a site whose policy refuses eval and `new Function`:
// the page's own fetches are answered by MSW's service worker through the mock in the page, whose
// data IndexedDB keeps across a reload. A write is answered once its transaction has committed,
// writes that meet one under way share the next, and a write IndexedDB refuses is taken back and
// answered as the server answers a failed disk write.
import { beforeAll, describe, expect, test } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { openLocalPage } from '../../../test-support/browser/launch-browser.ts'
import { violationsOf, type Site } from '../../../test-support/browser/strict-csp-site.ts'
import { openWorkerSite } from '../../../test-support/browser/worker-site.ts'
import {
  breakWrites,
  createInPage,
  delayCommits,
  makeVersionOneDatabase,
  sendInPage,
  startInPage,
  type WorkerGlobals,
} from '../../../test-support/browser/worker-page.ts'

const opened = closeAfterAll()
let site: Site
let browser: Browser

const CONTACTS = `/api/v1/orgs/${ACME_ORG_ID}/contacts`

beforeAll(async () => {
  ;({ site, browser } = await openWorkerSite(opened, 'mock-worker-'))
}, 60_000)

interface Visit {
  page: Page
  /** What the page logged as an error, or threw. */
  errors: string[]
  leaks: string[]
}

/** A page of the site in a fresh browser context (its own IndexedDB and service worker). */
async function visit(): Promise<Visit> {
  const { page, leaks } = await openLocalPage(browser)
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${site.url}/`)
  await page.waitForFunction(() => 'kit' in globalThis)
  return { page, errors, leaks }
}

/** The page reloaded, its module run again. */
async function reload(page: Page): Promise<void> {
  await page.reload()
  await page.waitForFunction(() => 'kit' in globalThis)
}

/** Chromium's own line for an answer of that status: the one error a page may show for it. */
const failedLoad = (status: number): RegExp =>
  new RegExp(`^Failed to load resource: the server responded with a status of ${String(status)}`)

/** Nothing blocked, nothing logged but Chromium's line for each expected status, nothing left. */
async function expectClean(visit: Visit, statuses: number[] = []): Promise<void> {
  expect(await violationsOf(visit.page)).toEqual([])
  const unexpected = visit.errors.filter((line) => !statuses.some((s) => failedLoad(s).test(line)))
  expect(unexpected).toEqual([])
  expect(visit.leaks).toEqual([])
  expect(site.requested.filter((path) => path.startsWith('/api/'))).toEqual([])
  await visit.page.close()
}

describe('startMockWorker: the mock behind a service worker, its data in IndexedDB', () => {
  test('When a contact is created and the page reloads, then the worker answers it from IndexedDB as it was created', async () => {
    // Arrange
    const visited = await visit()
    const { page } = visited
    const first = await startInPage(page)
    const created = await createInPage(page, 'Ada')

    // Act
    await reload(page)
    const again = await startInPage(page)
    const read = await sendInPage(page, { path: `${CONTACTS}/${created.id}` })

    // Assert
    expect(created.status).toBe(201)
    expect([first, again]).toEqual(['createData', 'database'])
    expect(read).toMatchObject({ status: 200, body: created.body })
    await expectClean(visited)
  })

  test('When IndexedDB takes 400 ms to commit, then a create is answered no sooner, and creates sent meanwhile share the next transaction', async () => {
    // Arrange
    const visited = await visit()
    const { page } = visited
    await startInPage(page)
    const transactions = await delayCommits(page, 400)

    // Act
    const answers = await page.evaluate(
      async ({ path, token }) => {
        const send = (name: string): Promise<{ status: number; ms: number }> => {
          const started = performance.now()
          return fetch(path, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ contact: { first_name: name, relationship_type: 1 } }),
          }).then((response) => ({ status: response.status, ms: performance.now() - started }))
        }
        const first = send('First')
        await new Promise((resolve) => setTimeout(resolve, 100))
        const rest = await Promise.all(
          Array.from({ length: 9 }, (_, index) => send(`Grouped${String(index)}`)),
        )
        return [await first, ...rest]
      },
      { path: CONTACTS, token: ALICE.token },
    )
    const written = await transactions()
    await reload(page)
    await startInPage(page)
    const list = await sendInPage(page, { path: `${CONTACTS}?search=Grouped&limit=100` })

    // Assert
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201))
    expect(Math.min(...answers.map((answer) => answer.ms))).toBeGreaterThanOrEqual(400)
    expect(written).toBe(2)
    expect(list.body).toMatchObject({ count: 9 })
    await expectClean(visited)
  })

  test.each([
    { failure: 'a full quota', breaks: 'quota' as const, status: 507 },
    { failure: 'an aborted transaction', breaks: 'abort' as const, status: 503 },
  ])(
    'When IndexedDB refuses a write ($failure), then it is answered $status with its problem and nothing of it is kept',
    async ({ breaks, status }) => {
      // Arrange
      const visited = await visit()
      const { page } = visited
      await startInPage(page)
      const before = await sendInPage(page, { path: `${CONTACTS}?limit=1` })
      const restore = await breakWrites(page, breaks)

      // Act
      const refused = await createInPage(page, 'Refused')
      await restore()
      const after = await sendInPage(page, { path: `${CONTACTS}?search=Refused` })
      await reload(page)
      await startInPage(page)
      const reloaded = await sendInPage(page, { path: `${CONTACTS}?limit=1` })

      // Assert
      expect(refused.status).toBe(status)
      expect(refused.type).toBe('application/problem+json; charset=utf-8')
      expect(refused.body).toMatchObject({ status, detail: expect.stringContaining('Nothing') })
      expect(after.body).toMatchObject({ count: 0 })
      expect(reloaded.body).toMatchObject({ count: (before.body as { count: number }).count })
      await expectClean(visited, [status])
    },
  )

  test('When a snapshot is saved, a contact created and the snapshot restored, then the contact is gone for good and the snapshot stays listed after a reload', async () => {
    // Arrange
    const visited = await visit()
    const { page } = visited
    await startInPage(page)
    await page.evaluate(() =>
      (globalThis as unknown as WorkerGlobals).contactsMock?.snapshots.save('before'),
    )
    const created = await createInPage(page, 'Transient')

    // Act
    await page.evaluate(() =>
      (globalThis as unknown as WorkerGlobals).contactsMock?.snapshots.restore('before'),
    )
    await reload(page)
    await startInPage(page)
    const read = await sendInPage(page, { path: `${CONTACTS}/${created.id}` })
    const listed = await page.evaluate(() =>
      (globalThis as unknown as WorkerGlobals).contactsMock?.snapshots.list(),
    )
    const exported = await page.evaluate(() =>
      (globalThis as unknown as WorkerGlobals).contactsMock?.export(),
    )

    // Assert
    expect(read.status).toBe(404)
    expect(listed).toEqual([expect.objectContaining({ name: 'before' })])
    expect(exported?.contacts.some((contact) => contact['id'] === created.id)).toBe(false)
    await expectClean(visited, [404])
  })

  test('When requests are answered, then contactsMock.requests() at the console lists them with their status and time', async () => {
    // Arrange
    const visited = await visit()
    const { page } = visited
    await startInPage(page)

    // Act
    await sendInPage(page, { path: `${CONTACTS}?limit=2` })
    await sendInPage(page, { path: `${CONTACTS}?limit=2`, headers: { Prefer: 'code=503' } })
    const requests = await page.evaluate(() =>
      (globalThis as unknown as WorkerGlobals).contactsMock?.requests(),
    )

    // Assert
    expect(requests).toEqual([
      expect.objectContaining({ method: 'GET', url: `${CONTACTS}?limit=2`, status: 200 }),
      expect.objectContaining({ method: 'GET', url: `${CONTACTS}?limit=2`, status: 503 }),
    ])
    expect(requests?.every((request) => request.ms >= 0 && request.at.endsWith('Z'))).toBe(true)
    await expectClean(visited, [503])
  })

  test('When the database was made by the version before tabs (IndexedDB version 1: no generation, no log), then startMockWorker upgrades it, keeps its data and saves writes in it', async () => {
    // Arrange
    const visited = await visit()
    const { page } = visited
    const kept = await makeVersionOneDatabase(page, 'contacts-mock', 'Upgraded')

    // Act
    const from = await startInPage(page)
    const read = await sendInPage(page, { path: `${CONTACTS}/${kept}` })
    const created = await createInPage(page, 'After the upgrade')
    await reload(page)
    await startInPage(page)
    const reread = await sendInPage(page, { path: `${CONTACTS}?search=upgrade&limit=100` })

    // Assert
    expect(from).toBe('database')
    expect(read).toMatchObject({ status: 200, body: { id: kept, first_name: 'Upgraded' } })
    expect(created.status).toBe(201)
    expect(reread.body).toMatchObject({ count: 2 })
    await expectClean(visited)
  })

  test('When the worker script is not served, then startMockWorker rejects saying how to serve it', async () => {
    // Arrange
    const visited = await visit()

    // Act
    const error = await startInPage(visited.page, { workerUrl: '/missing-worker.js' }).catch(
      (thrown: unknown) => String(thrown),
    )

    // Assert
    expect(error).toContain('npx msw init public/ --save')
    // the browser reports the failed registration itself
    visited.errors.length = 0
    await expectClean(visited)
  })
})
