// The mock's face in headless Chromium: the reference renders both documents offline and its
// "try it" reaches the mock; the problem pages open; axe-core finds no serious violation.
import { mkdirSync } from 'node:fs'
import { beforeAll, describe, expect, test } from '@jest/globals'
import type { Browser, Page } from 'playwright-core'
import { loadAdminDocument, loadDocument } from '../../../openapi/document-files.ts'
import { listOperations, summaryOf } from '../../face/document-operations.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { serveTestApp, type ServedApp } from '../../../test-support/serve-test-app.ts'
import { SCREENSHOTS, seriousViolations } from '../../../test-support/browser/axe-check.ts'
import { launchBrowser, openLocalPage } from '../../../test-support/browser/launch-browser.ts'

const opened = closeAfterAll()
let served: ServedApp
let browser: Browser

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  served = opened.track(await serveTestApp(), (app) => app.close())
  browser = opened.track(await launchBrowser(), (it) => it.close())
}, 60_000)

/** A page that counts console errors and requests leaving 127.0.0.1. */
async function openPage(): Promise<{ page: Page; leaks: string[]; errors: string[] }> {
  const { page, leaks } = await openLocalPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return { page, leaks, errors }
}

describe('the API reference at /', () => {
  test.each([
    ['Contacts API', '/', loadDocument],
    ['Admin API', '/?api=admin', loadAdminDocument],
  ])(
    'When the %s is opened, then it lists every operation, offline, without a console error',
    async (label, path, load) => {
      // Arrange
      const { page, leaks, errors } = await openPage()

      // Act
      await page.goto(served.url + path)
      const summaries = listOperations(load()).map(summaryOf)
      for (const summary of summaries) {
        await page.getByRole('button', { name: summary, exact: false }).first().waitFor()
      }
      await page.screenshot({
        path: `${SCREENSHOTS}/reference-${label.split(' ')[0]?.toLowerCase() ?? ''}.png`,
      })

      // Assert
      expect(leaks).toEqual([])
      expect(errors).toEqual([])
      expect(await seriousViolations(page)).toEqual([])
      await page.close()
    },
    60_000,
  )

  test('When "try it" sends List contacts, then it shows the contacts', async () => {
    // Arrange
    const { page, leaks } = await openPage()
    await page.goto(served.url)

    // Act
    await page
      .getByRole('button', { name: /^List contacts/ })
      .first()
      .click()
    await page
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click()
    await page.getByRole('button', { name: /^Send/ }).first().click()
    await page.getByText('200 OK').first().waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}/reference-try-it.png` })

    // Assert
    expect(await page.locator('body').innerText()).toContain('"contacts"')
    expect(leaks).toEqual([])
    await page.close()
  }, 60_000)
})

describe('the problem pages', () => {
  test.each(['/problems', '/problems/validation'])(
    'When %s is opened, then it has no serious accessibility violation',
    async (path) => {
      // Arrange
      const { page, leaks, errors } = await openPage()

      // Act
      await page.goto(served.url + path)
      await page.screenshot({
        path: `${SCREENSHOTS}/${path.slice(1).replace('/', '-')}.png`,
        fullPage: true,
      })

      // Assert
      expect(await seriousViolations(page)).toEqual([])
      expect([leaks, errors]).toEqual([[], []])
      await page.close()
    },
    60_000,
  )
})
