// examples/vite-app as its users build it: `vite build` of the example, on the browser bundle
// built into the same temporary folder (the example's vite.config.ts takes it from
// CONTACTS_MOCK_BUNDLE), served as files under the strict policy of strict-csp-site.ts.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { buildBrowser } from '../../../../scripts/build-browser.ts'
import { siteFilesIn, type SiteFile } from './strict-csp-site.ts'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
export const VITE_APP = join(ROOT, 'examples/vite-app')
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js')

/** The built example's files in `dir`/site, its pages first loading the policy's watcher. */
export async function buildViteApp(dir: string): Promise<Record<string, SiteFile>> {
  const { outfile } = await buildBrowser({ outfile: join(dir, 'contacts-mock.js') })
  const out = join(dir, 'site')
  // a process of its own, as `npm run build` in the example would run it (and Vite's bundler
  // stays out of Jest's module registry)
  await promisify(execFile)(
    process.execPath,
    [VITE, 'build', VITE_APP, '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
    { env: { ...process.env, CONTACTS_MOCK_BUNDLE: outfile }, timeout: 60_000 },
  )
  const files = siteFilesIn(out)
  for (const path of ['/', '/index.html']) {
    const page = files[path]
    if (page === undefined) throw new Error(`vite build wrote no ${path}`)
    // a classic script before the page's module, so it sees every violation
    const html = page.body
      .toString()
      .replace('<head>', '<head><script src="/csp-watch.js"></script>')
    files[path] = { ...page, body: html }
  }
  return files
}
