import type { Response } from 'express'

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text as HTML: every page is built from strings, and some come from the document or a request. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)

/** The `<option>`s of a `<select>`, from value and label pairs. */
export const optionsOf = (pairs: readonly (readonly [value: string, label: string])[]): string =>
  pairs
    .map(([value, label]) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`)
    .join('')

/**
 * Only this mock's own files, scripts from files (never inline), and requests to this mock: the
 * pages work offline, and a page that tried to reach another site would be stopped by the browser.
 * The renderer sets inline styles, hence 'unsafe-inline' for styles only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ')

export interface Page {
  title: string
  /** The HTML of `<main>`, escaped by the caller. */
  main: string
  scripts?: string[]
  /** Which link of the navigation is this page. */
  current?: 'reference' | 'inspector' | 'problems'
  /** The page fills the window (the reference renderer has its own layout). */
  wide?: boolean
}

const NAV: [Page['current'], string, string][] = [
  ['reference', '/', 'API reference'],
  ['inspector', '/__inspector', 'Request inspector'],
  ['problems', '/problems', 'Problem types'],
]

/** One page of the mock's face: the same head, navigation and stylesheet everywhere. */
export function renderPage(page: Page): string {
  const nav = NAV.map(([id, href, label]) => {
    const current = id === page.current ? ' aria-current="page"' : ''
    return `<a href="${href}"${current}>${label}</a>`
  }).join('')
  // the pages' own scripts are modules (each its own scope); the renderer is a classic script
  const scripts = (page.scripts ?? [])
    .map((src) => {
      const kind = src.endsWith('/scalar.js') ? 'defer' : 'type="module"'
      return `<script src="${src}" ${kind}></script>`
    })
    .join('')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · contacts mock</title>
<link rel="stylesheet" href="/__assets/face.css">
<link rel="icon" href="data:,">
${scripts}
</head>
<body>
<header class="face-top"><span class="brand">contacts mock</span><nav aria-label="Pages">${nav}</nav></header>
<main id="main" class="${page.wide ? 'wide' : 'page'}">${page.main}</main>
</body>
</html>
`
}

export function sendHtml(res: Response, html: string): void {
  res
    .status(200)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    })
    .send(html)
}
