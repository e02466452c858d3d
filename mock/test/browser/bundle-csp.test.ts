// The browser bundle (dist/browser/contacts-mock.js, built here into a temp folder) in headless
// Chromium, on a page whose policy refuses eval and `new Function`: it answers a fetch of one
// contact, a 422 with its problem and a create as the HTTP server does, and the policy blocks
// nothing. A control page shows the policy is enforced and its violations are seen.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from '@jest/globals'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { buildBrowser } from '../../../scripts/build-browser.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { serveTestApp, type ServedApp } from '../../../test-support/serve-test-app.ts'
import { launchBrowser, openLocalPage } from '../../../test-support/browser/launch-browser.ts'
import {
  pageRunning,
  serveStrictSite,
  violationsOf,
  type Site,
} from '../../../test-support/browser/strict-csp-site.ts'

const opened = closeAfterAll()
let bundle: string
let site: Site
let server: ServedApp
let browser: Browser

/** The requests both answer, in this order: from fresh fixtures, they answer alike. */
const REQUESTS = {
  list: { path: `/api/v1/orgs/${ACME_ORG_ID}/contacts?limit=1` },
  invalid: {
    path: `/api/v1/orgs/${ACME_ORG_ID}/contacts`,
    method: 'POST',
    body: { contact: { first_name: 'Ada', relationship_type: 1, email: 'not-an-email' } },
  },
  created: {
    path: `/api/v1/orgs/${ACME_ORG_ID}/contacts`,
    method: 'POST',
    body: { contact: { first_name: 'Ada', last_name: 'Lovelace', relationship_type: 1 } },
  },
}

// The page: a module a bundler makes of the page's code and contacts-mock-kit/browser (msw, a
// peer dependency the bundle leaves out, would be resolved here too).
const PAGE_SOURCE = `
import { createBrowserMockFetch } from './contacts-mock.js'
const requests = ${JSON.stringify(REQUESTS)}
const mock = createBrowserMockFetch()
async function call({ path, method = 'GET', body }) {
  const headers = { Authorization: 'Bearer ${ALICE.token}' }
  if (body) headers['Content-Type'] = 'application/json'
  const res = await mock(mock.baseUrl + path, { method, headers, body: body && JSON.stringify(body) })
  return { status: res.status, type: res.headers.get('content-type'), location: res.headers.get('location'), body: await res.json() }
}
window.__answers = (async () => {
  const list = await call(requests.list)
  const one = await call({ path: requests.list.path.replace(/[?].*/, '/' + list.body.contacts[0].id) })
  return { list, one, invalid: await call(requests.invalid), created: await call(requests.created) }
})().catch((error) => ({ error: String(error) }))
`

beforeAll(async () => {
  const dir = opened.track(mkdtempSync(join(tmpdir(), 'bundle-csp-')), (path) => {
    rmSync(path, { recursive: true, force: true })
  })
  bundle = (await buildBrowser({ outfile: join(dir, 'contacts-mock.js') })).outfile
  const page = await build({
    stdin: { contents: PAGE_SOURCE, resolveDir: dir, loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    nodePaths: [fileURLToPath(new URL('../../../node_modules', import.meta.url))],
  })
  site = opened.track(
    await serveStrictSite({
      '/': pageRunning('/page.js'),
      '/page.js': { type: 'text/javascript', body: page.outputFiles[0]?.text ?? '' },
      '/control': pageRunning('/control.js'),
      '/control.js': { type: 'text/javascript', body: 'new Function("return 1")' },
    }),
    (it) => it.close(),
  )
  server = opened.track(await serveTestApp(), (it) => it.close())
  browser = opened.track(await launchBrowser(), (it) => it.close())
}, 60_000)

/** A page of the site, with what it logs as an error and what it throws. */
async function visit(path: string): Promise<{ page: Page; errors: string[]; leaks: string[] }> {
  const { page, leaks } = await openLocalPage(browser)
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(site.url + path)
  return { page, errors, leaks }
}

/** The same requests to the HTTP server, answered as the page's are read. */
async function askServer(): Promise<Record<string, unknown>> {
  const call = async ({
    path,
    method = 'GET',
    body,
  }: {
    path: string
    method?: string
    body?: object
  }) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${ALICE.token}` }
    if (body) headers['Content-Type'] = 'application/json'
    const res = await fetch(server.url + path, {
      method,
      headers,
      body: body && JSON.stringify(body),
    })
    const type = res.headers.get('content-type')
    return {
      status: res.status,
      type,
      location: res.headers.get('location'),
      body: await res.json(),
    }
  }
  const list = await call(REQUESTS.list)
  const id = (list.body as { contacts: { id: string }[] }).contacts[0]?.id ?? ''
  const one = await call({ path: `/api/v1/orgs/${ACME_ORG_ID}/contacts/${id}` })
  return { list, one, invalid: await call(REQUESTS.invalid), created: await call(REQUESTS.created) }
}

/** What differs between two creates of the same contact: its id and its times. */
const withoutNewIds = (answers: unknown): unknown =>
  JSON.parse(
    JSON.stringify(answers)
      .replace(/"(id|created_at|updated_at)":"[^"]*"/g, '"$1":"…"')
      .replace(/contacts\/[0-9a-f-]{36}"/g, 'contacts/…"'),
  )

describe('The browser bundle under a strict Content-Security-Policy', () => {
  test('When the bundle is read, then it holds no eval and no new Function', () => {
    // Arrange
    const text = readFileSync(bundle, 'utf8')

    // Act
    const compiling = text.match(/\bnew Function\b|\beval\(|\bFunction\(/g) ?? []

    // Assert
    expect(compiling).toEqual([])
    expect(text.length).toBeGreaterThan(100_000)
  })

  test('When a page asks it for a contact, an invalid create and a create, then it answers as the HTTP server does and the policy blocks nothing', async () => {
    // Arrange
    const { page, errors, leaks } = await visit('/')

    // Act
    const answers = await page.evaluate(
      () => (globalThis as unknown as { __answers: Promise<unknown> }).__answers,
    )
    const fromServer = await askServer()

    // Assert
    expect(withoutNewIds(answers)).toEqual(withoutNewIds(fromServer))
    expect(answers).toMatchObject({
      one: { status: 200 },
      invalid: { status: 422, type: 'application/problem+json; charset=utf-8' },
      created: { status: 201 },
    })
    expect(await violationsOf(page)).toEqual([])
    expect(errors).toEqual([])
    expect(leaks).toEqual([])
    await page.close()
  })

  test('When a page of the same site runs new Function, then the policy blocks it and the page reports it', async () => {
    // Arrange
    const { page, errors } = await visit('/control')

    // Act
    await page.waitForFunction(
      () => (globalThis as unknown as { __violations: string[] }).__violations.length > 0,
    )

    // Assert
    expect(await violationsOf(page)).toEqual([expect.stringContaining('script-src')])
    expect(errors.join('\n')).toContain('unsafe-eval')
    await page.close()
  })
})
