// From `startMockWorker()` to the first answer, in headless Chromium: the page (the browser bundle
// and msw, bundled as a page's bundler would) on a site of its own files on 127.0.0.1:0, the
// mock's data in IndexedDB. With the bundled fixtures: a first visit, so the service worker
// registers and the fixtures are written. With 10,000 contacts: a reload of a page whose database
// holds them, so they are read back. Each figure is the median of its samples, each in a fresh
// browser context but the reloads; the time until startMockWorker resolves is kept apart.
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { ALICE } from '../../fixtures/identities.ts'
import { launchBrowser } from '../../test-support/browser/launch-browser.ts'
import { pageRunning, serveStrictSite } from '../../test-support/browser/strict-csp-site.ts'
import { bundleWorkerPage, workerScript } from '../../test-support/browser/worker-site.ts'
import type { WorkerGlobals } from '../../test-support/browser/worker-page.ts'
import { median } from '../harness/measurement.ts'
import { CONTACTS_PATH } from '../http/requests.ts'
import type { WorkerStartup, WorkerStartupSample } from '../results/results.ts'

export const WORKER_LARGE_CONTACTS = 10_000
const SAMPLES = 3

interface Timed extends WorkerStartupSample {
  from: string
  status: number
  count: number
}

/** In the page: starts the worker (on `contacts` contacts, when given) and asks for one contact. */
const timeStart = (page: Page, contacts?: number): Promise<Timed> =>
  page.evaluate(
    async ({ path, token, total }) => {
      const { kit } = globalThis as unknown as WorkerGlobals
      const options: Parameters<typeof kit.startMockWorker>[0] = {}
      if (total !== undefined) {
        // the fixtures' contacts copied under new ids up to `total`
        const data = await kit.builtOptions().createData()
        const models = data.contacts
        for (let index = 0; data.contacts.length < total; index++) {
          const model = models[index % models.length]
          if (model) data.contacts.push({ ...model, id: crypto.randomUUID() })
        }
        options.createData = () => data
      }
      const started = performance.now()
      const worker = await kit.startMockWorker(options)
      const startedMs = performance.now() - started
      const response = await fetch(`${path}?limit=1`, {
        headers: { Authorization: `Bearer ${token}` },
      })
      const body = (await response.json()) as { count?: number }
      const answeredMs = performance.now() - started
      return {
        startedMs,
        answeredMs,
        from: worker.from,
        status: response.status,
        count: body.count ?? 0,
      }
    },
    { path: CONTACTS_PATH, token: ALICE.token, total: contacts },
  )

const medianOf = (samples: readonly WorkerStartupSample[]): WorkerStartupSample => ({
  startedMs: median(samples.map((sample) => sample.startedMs)),
  answeredMs: median(samples.map((sample) => sample.answeredMs)),
})

function checked(timed: Timed, from: string, atLeast: number): Timed {
  if (timed.status !== 200 || timed.from !== from || timed.count < atLeast) {
    throw new Error(
      `The worker's start was not as measured: ${timed.from}, ${String(timed.status)}, ` +
        `${String(timed.count)} contacts`,
    )
  }
  return timed
}

const kitLoaded = (page: Page) => page.waitForFunction(() => 'kit' in globalThis)

async function openPage(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage()
  await page.goto(url)
  await kitLoaded(page)
  return page
}

async function measureIn(browser: Browser, url: string): Promise<WorkerStartup> {
  const fixtures: Timed[] = []
  for (let sample = 0; sample < SAMPLES; sample++) {
    const page = await openPage(browser, url)
    fixtures.push(checked(await timeStart(page), 'createData', 1))
    await page.context().close()
  }
  const page = await openPage(browser, url)
  checked(await timeStart(page, WORKER_LARGE_CONTACTS), 'createData', 1)
  const large: Timed[] = []
  for (let sample = 0; sample < SAMPLES; sample++) {
    await page.reload()
    await kitLoaded(page)
    large.push(checked(await timeStart(page), 'database', WORKER_LARGE_CONTACTS / 2))
  }
  await page.context().close()
  return { fixtures: medianOf(fixtures), large: medianOf(large), contacts: WORKER_LARGE_CONTACTS }
}

/** Builds the page into a folder of `dir`, serves it, and times the worker's starts. */
export async function measureWorkerStartup(dir: string): Promise<WorkerStartup> {
  const folder = mkdtempSync(join(dir, 'worker-startup-'))
  try {
    const page = await bundleWorkerPage(
      folder,
      "import * as kit from './contacts-mock.js'\nglobalThis.kit = kit",
    )
    const site = await serveStrictSite({
      '/': pageRunning('/page.js'),
      '/page.js': page,
      '/mockServiceWorker.js': workerScript(),
    })
    try {
      const browser = await launchBrowser()
      try {
        return await measureIn(browser, `${site.url}/`)
      } finally {
        await browser.close()
      }
    } finally {
      await site.close()
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/** The lines the run prints. */
export function workerStartupLines({ fixtures, large, contacts }: WorkerStartup): string[] {
  const ms = (value: number): string => `${value.toFixed(0)} ms`
  return [
    `  bundled fixtures (first visit): ${ms(fixtures.answeredMs)} to the first answer ` +
      `(${ms(fixtures.startedMs)} until startMockWorker resolved)`,
    `  ${contacts.toLocaleString('en-US')} contacts in IndexedDB (a reload): ` +
      `${ms(large.answeredMs)} to the first answer (${ms(large.startedMs)} until startMockWorker resolved)`,
  ]
}
