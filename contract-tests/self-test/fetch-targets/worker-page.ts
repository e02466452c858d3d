// --fetch-module for the self-test: startMockWorker() in headless Chromium, on a site of its own
// (127.0.0.1:0) whose policy refuses eval; each call runs the page's own fetch (page.evaluate), so
// MSW's service worker answers it from the mock in the page, its data in IndexedDB.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, openLocalPage } from '../../../test-support/browser/launch-browser.ts'
import {
  pageRunning,
  serveStrictSite,
  type Site,
} from '../../../test-support/browser/strict-csp-site.ts'
import { bundleWorkerPage, workerScript } from '../../../test-support/browser/worker-site.ts'
import { startInPage } from '../../../test-support/browser/worker-page.ts'

/** Where the relay sends calls: only the path and query are read, the page's origin answers. */
export const baseUrl = 'http://contacts.page'

// The worker takes the API's paths (the rest is the page's own server's), and the page's fetch
// drops what a page may not set (Origin, Access-Control-Request-*, …)
export const limits = ['api-paths-only', 'browser-fetch']

interface Sent {
  id: number
  path: string
  method: string
  headers: [string, string][]
  /** Base64: what page.evaluate carries is JSON. */
  body: string | null
}

interface Received {
  status: number
  statusText: string
  headers: [string, string][]
  body: string
}

/** The page's globals this module uses: the calls in flight, by id, to abort one. */
interface PageGlobals {
  inFlight?: Map<number, AbortController>
}

/** Runs in the page: the page's fetch of `sent`, its answer read whole. */
async function fetchInPage(sent: Sent): Promise<Received> {
  const scope = globalThis as unknown as PageGlobals
  const inFlight = (scope.inFlight ??= new Map<number, AbortController>())
  const controller = new AbortController()
  inFlight.set(sent.id, controller)
  try {
    const body =
      sent.body === null ? null : Uint8Array.from(atob(sent.body), (char) => char.charCodeAt(0))
    const response = await fetch(sent.path, {
      method: sent.method,
      headers: sent.headers,
      body,
      redirect: 'manual',
      signal: controller.signal,
    })
    const bytes = new Uint8Array(await response.arrayBuffer())
    let binary = ''
    for (let at = 0; at < bytes.length; at += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
    }
    const { status, statusText } = response
    return { status, statusText, headers: [...response.headers], body: btoa(binary) }
  } finally {
    inFlight.delete(sent.id)
  }
}

let nextId = 0

/** The fetch function of `page`: a call the relay aborts is aborted in the page too. */
function fetchThrough(page: Page): (input: string, init?: RequestInit) => Promise<Response> {
  return async (input, init = {}) => {
    const id = nextId++
    const body = init.body == null ? null : Buffer.from(init.body as Uint8Array).toString('base64')
    const sent: Sent = {
      id,
      path: input.slice(baseUrl.length),
      method: init.method ?? 'GET',
      headers: init.headers as [string, string][],
      body,
    }
    const abort = (): void => {
      page
        .evaluate((key) => (globalThis as unknown as PageGlobals).inFlight?.get(key)?.abort(), id)
        .catch(() => undefined)
    }
    init.signal?.addEventListener('abort', abort, { once: true })
    try {
      const received = await page.evaluate(fetchInPage, sent)
      const { status, statusText, headers } = received
      const bytes = Buffer.from(received.body, 'base64')
      const nullBody = [101, 103, 204, 205, 304].includes(status)
      return new Response(nullBody ? null : bytes, { status, statusText, headers })
    } finally {
      init.signal?.removeEventListener('abort', abort)
    }
  }
}

/** The site, the browser and the worker started; `close` stops them whatever was started. */
export async function createFetch(): Promise<{
  fetch: ReturnType<typeof fetchThrough>
  close: () => Promise<void>
}> {
  const dir = mkdtempSync(join(tmpdir(), 'contract-worker-'))
  let site: Site | undefined
  let browser: Browser | undefined
  const close = async (): Promise<void> => {
    await browser?.close()
    await site?.close()
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const module = await bundleWorkerPage(
      dir,
      "import * as kit from './contacts-mock.js'\nglobalThis.kit = kit",
    )
    site = await serveStrictSite({
      '/': pageRunning('/page.js'),
      '/page.js': module,
      '/mockServiceWorker.js': workerScript(),
    })
    browser = await launchBrowser()
    const { page } = await openLocalPage(browser)
    await page.goto(`${site.url}/`)
    await page.waitForFunction(() => 'kit' in globalThis)
    await startInPage(page)
    return { fetch: fetchThrough(page), close }
  } catch (error) {
    await close()
    throw error
  }
}
