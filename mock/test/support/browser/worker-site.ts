// What a page running the mock's service worker needs: the browser bundle (built into a
// temporary folder), a page module bundled with it and msw, and MSW's worker script.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { buildBrowser } from '../../../../scripts/build-browser.ts'
import type { SiteFile } from './strict-csp-site.ts'

const NODE_MODULES = fileURLToPath(new URL('../../../../node_modules', import.meta.url))

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
