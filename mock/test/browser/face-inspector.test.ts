// The inspector and a frontend's form in headless Chromium: a curl request shows up live, a 422
// shows its field errors, the data browser finds a contact; FormData from another origin.
import { execFile } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, test } from '@jest/globals'
import type { Browser } from 'playwright-core'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { serveTestApp, type ServedApp } from '../../../test-support/serve-test-app.ts'
import { mkdirSync } from 'node:fs'
import { SCREENSHOTS, seriousViolations } from '../../../test-support/browser/axe-check.ts'
import { launchBrowser, openLocalPage } from '../../../test-support/browser/launch-browser.ts'

const run = promisify(execFile)
const opened = closeAfterAll()
let served: ServedApp
let site: Server
let siteUrl: string
let browser: Browser
const preflights: string[] = []
const contacts = (): string => `${served.url}/api/v1/orgs/${ACME_ORG_ID}/contacts`

beforeAll(async () => {
  served = opened.track(
    await serveTestApp({}, (req) => {
      if (req.method === 'OPTIONS') preflights.push(req.url ?? '')
    }),
    (app) => app.close(),
  )
  site = opened.track(
    createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>app</title>')
    }),
    (server) => server.close(),
  )
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${String((site.address() as AddressInfo).port)}/`
  mkdirSync(SCREENSHOTS, { recursive: true })
  browser = opened.track(await launchBrowser(), (it) => it.close())
}, 60_000)

describe('the inspector', () => {
  test('When curl sends requests, then they appear on the live page with status and verdict, and a 422 shows its field errors', async () => {
    // Arrange
    const { page, leaks } = await openLocalPage(browser)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${served.url}/__inspector`)
    await page.getByText('live', { exact: true }).waitFor()

    // Act
    await run('curl', [
      '-s',
      '-H',
      `Authorization: Bearer ${ALICE.token}`,
      '-d',
      'contact[relationship_type]=9',
      contacts(),
    ])
    const row = page.locator('#requests tbody tr').filter({ hasText: '422' }).first()
    // a ceiling for a row that never comes, not a measure of the machine: the page is live
    // (its event stream is open) and shows the row without a reload
    await row.waitFor({ timeout: 20_000 })
    await row.getByRole('button').click()
    await page.locator('#detail table.errors').waitFor()

    // Assert
    expect(await row.innerText()).toContain('invalid: 2 field errors')
    const errors = await page.locator('#detail table.errors').innerText()
    expect(errors).toContain('must be a whole number from 0 to 5')
    const shown = await page.locator('#detail').innerText()
    expect(shown).toContain('authorization: (sent, not shown)')
    expect(shown).not.toContain(ALICE.token)
    expect(await seriousViolations(page)).toEqual([])
    expect(leaks).toEqual([])
    await page.close()
  }, 60_000)

  test('When 60 requests are recorded, then 10 rows fit in 800 px with short paths, the detail stays in view, and Clear empties the list', async () => {
    // Arrange
    const { page, leaks } = await openLocalPage(browser)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${served.url}/__inspector`)
    await page.getByText('live', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Clear' }).click()
    await page.locator('#requests tbody tr').first().waitFor({ state: 'detached' })
    const headers = { Authorization: `Bearer ${ALICE.token}` }
    for (let n = 1; n < 60; n++) await fetch(`${contacts()}?limit=${String(n)}`, { headers })
    await fetch(contacts(), {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `contact[first_name]=${'x'.repeat(101)}&contact[relationship_type]=9`,
    })
    const rows = page.locator('#requests tbody tr')
    // a ceiling for rows that never come, not a measure of the machine
    await rows.nth(59).waitFor({ timeout: 20_000 })

    // Act
    const path = rows.first().getByRole('button')
    await path.click()
    await page.locator('#detail table.errors').waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}/inspector.png` })
    const first = await rows.nth(0).boundingBox()
    const tenth = await rows.nth(9).boundingBox()
    const head = await page.locator('#requests thead').boundingBox()
    // into the list, 300 px past its top: far from its end (60 rows)
    await page.evaluate(`window.scrollTo(0, ${String((head?.y ?? 0) + 300)})`)
    const detail = await page.locator('#detail').boundingBox()
    const scrolled = Number(await page.evaluate('window.scrollY'))
    const violations = await seriousViolations(page)
    const shortPath = await path.innerText()
    const fullPath = await path.getAttribute('title')
    const shown = await page.locator('#detail h3').innerText()
    await page.getByRole('button', { name: 'Clear' }).click()
    await rows.first().waitFor({ state: 'detached' })
    const listed = await fetch(`${served.url}/__inspector/requests`)

    // Assert: ten rows and the table's head within the 800 px window, each row one line
    expect(
      (tenth?.y ?? 0) + (tenth?.height ?? 0) - (first?.y ?? 0) + (head?.height ?? 0),
    ).toBeLessThanOrEqual(800)
    expect(shortPath).toBe(`/api/v1/orgs/${ACME_ORG_ID.slice(0, 8)}…/contacts`)
    expect(fullPath).toBe(`/api/v1/orgs/${ACME_ORG_ID}/contacts`)
    expect(shown).toBe(`POST /api/v1/orgs/${ACME_ORG_ID}/contacts`)
    // the page was scrolled past the table's top, and the detail is still at the window's top
    expect(scrolled).toBe(Math.round((head?.y ?? 0) + 300))
    expect(detail?.y).toBe(0)
    expect(violations).toEqual([])
    expect(((await listed.json()) as { requests: unknown[] }).requests).toEqual([])
    expect(await page.locator('#detail').innerText()).toBe('Choose a request to see it in full.')
    expect(leaks).toEqual([])
    await page.close()
  }, 90_000)

  test('When a name is searched in the data browser, then the contact is listed', async () => {
    // Arrange
    const res = await fetch(`${contacts()}?limit=1`, {
      headers: { Authorization: `Bearer ${ALICE.token}` },
    })
    const [first] = ((await res.json()) as { contacts: { last_name: string }[] }).contacts
    const { page } = await openLocalPage(browser)
    await page.goto(`${served.url}/__inspector`)

    // Act
    await page.getByLabel('Search').fill(first?.last_name ?? '')
    await page
      .locator('#contacts tbody tr')
      .filter({ hasText: first?.last_name ?? '' })
      .first()
      .waitFor()

    // Assert
    expect(await page.locator('#data-count').innerText()).toMatch(/^\d+ contacts/)
    await page.close()
  }, 60_000)
})

describe('the data browser', () => {
  test("When it opens, then it lists the user's relationships too, and the contacts go page by page", async () => {
    // Arrange
    const res = await fetch(`${served.url}/api/v1/orgs/${ACME_ORG_ID}/user_relationships?limit=1`, {
      headers: { Authorization: `Bearer ${ALICE.token}` },
    })
    const { count } = (await res.json()) as { count: number }
    const { page } = await openLocalPage(browser)
    await page.goto(`${served.url}/__inspector`)
    const pager = page.getByRole('navigation', { name: 'Pages of contacts' })
    await page.locator('#relationships tbody tr').first().waitFor()
    await pager.getByText(/^Page 1 of \d+$/).waitFor()

    // Act
    await pager.getByRole('button', { name: 'Next page' }).click()
    await pager.getByText(/^Page 2 of \d+$/).waitFor()

    // Assert
    expect(count).toBeGreaterThan(0)
    expect(await page.locator('#relationships-count').innerText()).toMatch(
      new RegExp(`^${String(count)} relationships`),
    )
    expect(await page.locator('#data-count').innerText()).toMatch(/^\d+ contacts, 26 to 50 shown$/)
    expect(await page.locator('#contacts tbody tr').count()).toBe(25)
    expect(await seriousViolations(page)).toEqual([])
    await page.close()
  }, 60_000)
})

describe('a frontend on another origin', () => {
  test('When a form is posted as new FormData(form), then it is 201, a bad one shows the sentences, and the second call sends no preflight', async () => {
    // Arrange
    // not openLocalPage: with its request routing, Playwright answers preflights itself
    const page = await browser.newPage()
    await page.goto(siteUrl)
    preflights.length = 0

    // Act
    const answers = await page.evaluate(
      async ({ url, token }) => {
        // the page's DOM, typed by what is used of it (the project's types have no DOM)
        interface Node {
          append: (child: Node) => void
        }
        const { document } = globalThis as unknown as {
          document: { createElement: (name: string) => Node }
        }
        const FormFields = FormData as unknown as new (form: Node) => FormData
        const post = async (fields: Record<string, string>) => {
          const form = document.createElement('form')
          for (const [name, value] of Object.entries(fields)) {
            const input = document.createElement('input')
            Object.assign(input, { name, value })
            form.append(input)
          }
          const res = await fetch(url, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}` },
            body: new FormFields(form),
          })
          const body = (await res.json()) as { errors?: { message: string }[] }
          return { status: res.status, messages: (body.errors ?? []).map((e) => e.message) }
        }
        const good = await post({
          'contact[first_name]': 'Page',
          'contact[relationship_type]': '2',
        })
        const bad = await post({ 'contact[first_name]': 'Page', 'contact[relationship_type]': '7' })
        return [good, bad]
      },
      { url: contacts(), token: ALICE.token },
    )

    // Assert
    expect(answers).toEqual([
      { status: 201, messages: [] },
      { status: 422, messages: ['must be a whole number from 0 to 5'] },
    ])
    expect(preflights).toHaveLength(1)
    await page.close()
  }, 60_000)
})
