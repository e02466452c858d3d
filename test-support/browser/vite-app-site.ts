// examples/vite-app as its users build it: `vite build` of the example, on the browser bundle
// built into the same temporary folder (the example's vite.config.ts takes it from
// CONTACTS_MOCK_BUNDLE), with the mock in (VITE_MOCK=true), served as files under the strict
// policy of strict-csp-site.ts; and other builds with the example's configuration.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { buildBrowser } from '../../scripts/build-browser.ts'
import { siteFilesIn, type SiteFile } from './strict-csp-site.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const VITE_APP = join(ROOT, 'examples/vite-app')
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js')

/** The built example's files in `dir`/site, its pages first loading the policy's watcher. */
export async function buildViteApp(dir: string): Promise<Record<string, SiteFile>> {
  const { outfile } = await buildBrowser({ outfile: join(dir, 'contacts-mock.js') })
  const out = join(dir, 'site')
  await buildWithVite(VITE_APP, out, { bundle: outfile, env: { VITE_MOCK: 'true' } })
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

export interface ViteBuild {
  /** The browser bundle `contacts-mock-kit/browser` is aliased to. */
  bundle: string
  /** Variables of the build's environment (VITE_MOCK). */
  env?: Record<string, string>
  /** More arguments of `vite build` (`--target es2020`). */
  args?: string[]
  /** The example's configuration by default; another root takes it too. */
  config?: string
}

// without Jest's NODE_ENV=test: Vite builds for production unless NODE_ENV says otherwise, and
// `import.meta.env.DEV` would be true in the build
const { NODE_ENV: _jest, ...viteEnv } = process.env

/**
 * `vite build` of the site at `root` into `out`, with the example's configuration; resolves with
 * what Vite printed (its warnings), rejects with it when the build fails.
 */
export async function buildWithVite(root: string, out: string, build: ViteBuild): Promise<string> {
  // a process of its own, as `npm run build` in the example would run it (and Vite's bundler
  // stays out of Jest's module registry)
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [
      ...[VITE, 'build', root, '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
      ...['--config', build.config ?? join(VITE_APP, 'vite.config.ts'), ...(build.args ?? [])],
    ],
    {
      env: { ...viteEnv, NO_COLOR: '1', ...build.env, CONTACTS_MOCK_BUNDLE: build.bundle },
      timeout: 60_000,
    },
  )
  return stdout + stderr
}
