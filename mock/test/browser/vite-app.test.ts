// examples/vite-app, built by Vite and served as static files under a strict policy (no eval, no
// `new Function`), in headless Chromium: the page lists Acme's contacts, a contact added in its
// form is still listed after a reload (the worker's mock keeps it in IndexedDB), and its outage
// button shows the 503 problem; no request reaches a server (the site serves files only), none
// leaves the page's origin, and the console stays free of errors.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { launchBrowser, openLocalPage } from '../../../test-support/browser/launch-browser.ts'
import {
  serveStrictSite,
  violationsOf,
  type Site,
} from '../../../test-support/browser/strict-csp-site.ts'
import { buildViteApp } from '../../../test-support/browser/vite-app-site.ts'

const opened = closeAfterAll()
let site: Site
let browser: Browser

beforeAll(async () => {
  const dir = opened.track(mkdtempSync(join(tmpdir(), 'vite-app-')), (path) => {
    rmSync(path, { recursive: true, force: true })
  })
  site = opened.track(await serveStrictSite(await buildViteApp(dir)), (it) => it.close())
  browser = opened.track(await launchBrowser(), (it) => it.close())
}, 90_000)

interface Visit {
  page: Page
  /** What the page logged as an error, or threw. */
  errors: string[]
  /** Requests to another host (aborted), and to another origin of this one. */
  leaks: string[]
}

/** Waits until the page has started its mock and shown the list. */
async function ready(page: Page): Promise<void> {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 })
}

/** The example's page in a fresh browser context (its own IndexedDB and service worker). */
async function visit(): Promise<Visit> {
  const { page, leaks } = await openLocalPage(browser)
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  page.context().on('request', (request) => {
    if (new URL(request.url()).origin !== site.url) leaks.push(request.url())
  })
  await page.goto(`${site.url}/`)
  await ready(page)
  return { page, errors, leaks }
}

const names = (page: Page): Promise<string[]> => page.locator('#contacts li').allTextContents()

/**
 * The policy blocked nothing, the console has no error but Chromium's own network line for each
 * status in `statuses` (it logs one for any answer of 4xx or 5xx, from a server or a worker), and
 * no request left the page.
 */
async function expectClean(visited: Visit, statuses: number[] = []): Promise<void> {
  const networkLines = statuses.map(
    (status) => `Failed to load resource: the server responded with a status of ${String(status)}`,
  )
  const unexpected = visited.errors.filter(
    (line) => !networkLines.some((expected) => line.startsWith(expected)),
  )
  expect(await violationsOf(visited.page)).toEqual([])
  expect(unexpected).toEqual([])
  expect(visited.errors).toHaveLength(statuses.length)
  expect(visited.leaks).toEqual([])
  expect(site.requested.filter((path) => path.startsWith('/api/'))).toEqual([])
  await visited.page.close()
}

describe('examples/vite-app: a page whose API is the mock in its service worker', () => {
  test('When a contact is added in the form and the page reloads, then the list still shows it, kept in IndexedDB', async () => {
    // Arrange
    const visited = await visit()
    const { page } = visited
    const before = await names(page)

    // Act
    await page.fill('input[name="first_name"]', 'Grace')
    await page.fill('input[name="last_name"]', 'Hopper')
    await page.click('#create button[type="submit"]')
    await page.locator('#contacts li', { hasText: 'Grace Hopper' }).waitFor({ timeout: 10_000 })
    await page.reload()
    await ready(page)
    const after = await names(page)
    const status = await page.locator('#status').textContent()

    // Assert
    expect(before.length).toBeGreaterThan(0)
    expect(before).not.toContain('Grace Hopper')
    expect(after).toEqual([...before, 'Grace Hopper'])
    expect(status).toBe(`${String(before.length + 1)} contacts (kept in IndexedDB)`)
    await expectClean(visited)
  })

  test('When the outage button sends Prefer: code=503, then the page shows the 503 problem', async () => {
    // Arrange
    const visited = await visit()
    const { page } = visited
    const shown = page.locator('#problem')
    const hiddenBefore = await shown.isHidden()

    // Act
    await page.click('#outage')
    await shown.waitFor({ state: 'visible', timeout: 10_000 })
    const text = await shown.textContent()

    // Assert
    expect(hiddenBefore).toBe(true)
    expect(text).toMatch(/^503 Service Unavailable/)
    await expectClean(visited, [503])
  })
})
