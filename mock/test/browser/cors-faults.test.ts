// A page on another origin asking the mock for a simulated failure, as a frontend under
// development would: the browser's CORS rules must let the Prefer header through.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from '@jest/globals'
import type { Browser } from 'playwright-core'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'
import { launchBrowser, openLocalPage } from '../../../test-support/browser/launch-browser.ts'

const opened = closeAfterAll()
const dir = opened.track(mkdtempSync(join(tmpdir(), 'browser-cors-')), (path) => {
  rmSync(path, { recursive: true, force: true })
})
let mock: RunningMock
let site: Server
let siteUrl: string
let browser: Browser

beforeAll(async () => {
  mock = opened.track(await startMock(['--db', join(dir, 'db.json'), '--quiet']), (started) =>
    started.child.kill('SIGKILL'),
  )
  // the frontend's own origin: another port is another origin
  site = opened.track(
    createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>app</title>')
    }),
    (server) => server.close(),
  )
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${String((site.address() as AddressInfo).port)}/`
  browser = opened.track(await launchBrowser(), (it) => it.close())
}, 60_000)

describe('Prefer from a page on another origin', () => {
  test('When the page asks for code=503, then it reads the 503 problem and its Retry-After', async () => {
    // Arrange
    const { page, leaks } = await openLocalPage(browser)
    await page.goto(siteUrl)

    // Act
    const seen = await page.evaluate(
      async ({ url, token }) => {
        const res = await fetch(url, {
          headers: { Authorization: `Bearer ${token}`, Prefer: 'code=503' },
        })
        return {
          status: res.status,
          retryAfter: res.headers.get('Retry-After'),
          body: (await res.json()) as object,
        }
      },
      { url: `${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts`, token: ALICE.token },
    )

    // Assert
    expect(seen).toMatchObject({ status: 503, retryAfter: '1', body: { status: 503 } })
    expect(leaks).toEqual([])
    await page.close()
  })
})
