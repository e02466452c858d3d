// Headless Chromium driven by playwright-core, for the tests that look at the mock as a page would.
// The browser comes from npm where it can (unpack-chromium.ts, Linux x64); elsewhere it is a Chrome
// or Chromium the machine has. Nothing is downloaded from anywhere else.
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { unpackChromium, type BrowserProgram } from './unpack-chromium.ts'

/** A browser executable to use instead (for a machine of its own, or to test a failed launch). */
export const TEST_CHROMIUM_ENV = 'CONTACTS_TEST_CHROMIUM'

// Under the browser tests' 60 s beforeAll: a launch that hangs fails (and is ended by Playwright)
// before Jest gives up on the hook, so no browser outlives its test file.
const LAUNCH_TIMEOUT_MS = 30_000

const MAC_APPS = [
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
]
const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome']

function systemBrowser(): string | undefined {
  const folders = (process.env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== '')
  const onPath = folders.flatMap((dir) => NAMES.map((name) => join(dir, name)))
  return [...onPath, ...MAC_APPS].find((file) => existsSync(file))
}

/** The browser to launch; throws one line saying what to install. */
async function findBrowser(): Promise<BrowserProgram> {
  const chosen = process.env[TEST_CHROMIUM_ENV]
  if (chosen !== undefined && chosen !== '') {
    if (!existsSync(chosen)) throw new Error(`${TEST_CHROMIUM_ENV}=${chosen}: no such file`)
    return { executablePath: chosen, env: {} }
  }
  if (process.platform === 'linux' && process.arch === 'x64') return unpackChromium()
  const found = systemBrowser()
  if (found === undefined) {
    throw new Error(
      `No browser for the browser tests: @sparticuz/chromium is for Linux x64 only and this ` +
        `${process.platform}-${process.arch} machine has no Chrome or Chromium: install Google ` +
        `Chrome or Chromium, or set ${TEST_CHROMIUM_ENV} to one`,
    )
  }
  return { executablePath: found, env: {} }
}

/** Headless Chromium that talks to nothing but this machine. */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath, env } = await findBrowser()
  return chromium.launch({
    executablePath,
    env: { ...process.env, ...env },
    timeout: LAUNCH_TIMEOUT_MS,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  })
}

/** Fails every request of the context to a host but 127.0.0.1, and counts it in `leaks`. */
async function keepLocal(context: BrowserContext, leaks: string[]): Promise<void> {
  await context.route('**/*', async (route) => {
    const { hostname } = new URL(route.request().url())
    if (hostname === '127.0.0.1') {
      await route.continue()
      return
    }
    leaks.push(route.request().url())
    await route.abort()
  })
}

/**
 * A page whose requests to any host but 127.0.0.1 fail, and are counted in `leaks`; routed in
 * the page's own context, which also sees what a service worker of the page fetches.
 */
export async function openLocalPage(browser: Browser): Promise<{ page: Page; leaks: string[] }> {
  const page = await browser.newPage()
  const leaks: string[] = []
  await keepLocal(page.context(), leaks)
  return { page, leaks }
}

/**
 * A context for several pages, as the tabs of one browser profile: they share the origin's
 * IndexedDB, service worker and Web Locks. Routed as openLocalPage's page is.
 */
export async function openLocalContext(
  browser: Browser,
): Promise<{ context: BrowserContext; leaks: string[] }> {
  const context = await browser.newContext()
  const leaks: string[] = []
  await keepLocal(context, leaks)
  return { context, leaks }
}
