// Debian's Chromium driven by playwright-core, for the tests that look at the mock as a page would.
import { chromium, type Browser, type Page } from 'playwright-core'

export const CHROMIUM = '/usr/bin/chromium'

/** Headless Chromium that talks to nothing but this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  })
}

/** A page whose requests to any host but 127.0.0.1 fail, and are counted in `leaks`. */
export async function openLocalPage(browser: Browser): Promise<{ page: Page; leaks: string[] }> {
  const page = await browser.newPage()
  const leaks: string[] = []
  await page.route('**/*', async (route) => {
    const { hostname } = new URL(route.request().url())
    if (hostname === '127.0.0.1') {
      await route.continue()
      return
    }
    leaks.push(route.request().url())
    await route.abort()
  })
  return { page, leaks }
}
