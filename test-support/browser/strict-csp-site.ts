// A site of a few files on 127.0.0.1:0 whose every answer carries a strict Content-Security-Policy:
// scripts only from the site's own files, no 'unsafe-eval' (no `eval`, no `new Function`), no
// inline script. Each page first loads /csp-watch.js, which keeps the violations the page reports.
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, relative, sep } from 'node:path'
import type { Page } from 'playwright-core'

export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

export interface SiteFile {
  type: string
  body: string | Buffer
}

export interface Site {
  url: string
  /** The paths (and queries) asked of the site so far, in order. */
  requested: string[]
  close: () => Promise<void>
}

/** A classic script, so that it runs before any module: it records what the policy blocks. */
const WATCH = `window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push(event.violatedDirective + ' ' + (event.blockedURI || '') + ' ' + (event.sample || ''));
});`

/** A page that watches for violations, then runs `module` (a path of the site) as a module. */
export const pageRunning = (module: string): SiteFile => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html lang="en"><title>strict CSP</title><script src="/csp-watch.js"></script><script type="module" src="${module}"></script></html>`,
})

export async function serveStrictSite(files: Record<string, SiteFile>): Promise<Site> {
  const all: Record<string, SiteFile> = {
    ...files,
    '/csp-watch.js': { type: 'text/javascript', body: WATCH },
  }
  const requested: string[] = []
  const server = createServer((req, res) => {
    requested.push(req.url ?? '/')
    const file = all[new URL(req.url ?? '/', 'http://site').pathname]
    const headers = { 'Content-Security-Policy': STRICT_CSP, 'Cache-Control': 'no-store' }
    if (!file) {
      res.writeHead(404, headers).end()
      return
    }
    res.writeHead(200, { ...headers, 'Content-Type': file.type }).end(file.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${String(port)}`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}

/** What the page's policy blocked so far, as the page reported it. */
export const violationsOf = (page: Page): Promise<string[]> =>
  page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations)

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** The files of a folder (a site as a bundler writes it) by path; its index.html is also `/`. */
export function siteFilesIn(dir: string): Record<string, SiteFile> {
  const files: Record<string, SiteFile> = {}
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = join(entry.parentPath, entry.name)
    const path = `/${relative(dir, file).split(sep).join('/')}`
    files[path] = {
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      body: readFileSync(file),
    }
  }
  const index = files['/index.html']
  if (index) files['/'] = index
  return files
}
