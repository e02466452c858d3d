// What a page running the mock's service worker needs: the browser bundle (built into a
// temporary folder), a page module bundled with it and msw, and MSW's worker script.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { buildBrowser } from '../../scripts/build-browser.ts'
import type { Browser } from 'playwright-core'
import type { Opened } from '../close-after-all.ts'
import { launchBrowser } from './launch-browser.ts'
import { pageRunning, serveStrictSite, type Site, type SiteFile } from './strict-csp-site.ts'

const NODE_MODULES = fileURLToPath(new URL('../../node_modules', import.meta.url))

/** MSW's worker script, as `npx msw init` would copy it. */
export const workerScript = (): SiteFile => ({
  type: 'text/javascript',
  body: readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')),
})

/**
 * The bundle built into `dir`, and `source` (a module that imports it as './contacts-mock.js')
 * bundled with it and msw, as a page's bundler would.
 */
export async function bundleWorkerPage(dir: string, source: string): Promise<SiteFile> {
  await buildBrowser({ outfile: join(dir, 'contacts-mock.js') })
  const page = await build({
    stdin: { contents: source, resolveDir: dir, loader: 'js' },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    nodePaths: [NODE_MODULES],
    logLevel: 'warning',
  })
  return { type: 'text/javascript', body: page.outputFiles[0]?.text ?? '' }
}

/**
 * The worker's test site (a page whose module puts the bundle at `globalThis.kit`, under a strict
 * policy) and a browser, each tracked to close after the file's tests.
 */
export async function openWorkerSite(
  opened: Opened,
  prefix: string,
): Promise<{ site: Site; browser: Browser }> {
  const dir = opened.track(mkdtempSync(join(tmpdir(), prefix)), (path) => {
    rmSync(path, { recursive: true, force: true })
  })
  const page = await bundleWorkerPage(
    dir,
    "import * as kit from './contacts-mock.js'\nglobalThis.kit = kit",
  )
  const site = opened.track(
    await serveStrictSite({
      '/': pageRunning('/page.js'),
      '/page.js': page,
      '/mockServiceWorker.js': workerScript(),
    }),
    (it) => it.close(),
  )
  const browser = opened.track(await launchBrowser(), (it) => it.close())
  return { site, browser }
}
