import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Request, Response } from 'express'
import { HttpError } from '../shared/problem.ts'

const PUBLIC = fileURLToPath(new URL('./public/', import.meta.url))

/**
 * The reference renderer: copied beside the pages by the build (the package ships it, with no
 * dependency to install), read from node_modules in the repository.
 */
function scalarFile(): string {
  const shipped = `${PUBLIC}scalar.js`
  if (existsSync(shipped)) return shipped
  return createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js')
}

/**
 * `/__assets/<name>`: the pages' own files (what public/ holds, as the build copies it) and the
 * renderer, read once. No CDN: the pages work offline.
 */
export function createAssets() {
  // scripts and stylesheets only: the Content-Type below knows no other kind
  const files = new Set(readdirSync(PUBLIC).filter((name) => /\.(css|js)$/.test(name)))
  files.add('scalar.js')
  const cache = new Map<string, Buffer>()
  return (req: Request, res: Response): void => {
    const name = String(req.params['name'])
    if (!files.has(name)) throw new HttpError(404, `There is no asset ${name}.`)
    let content = cache.get(name)
    if (content === undefined) {
      content = readFileSync(name === 'scalar.js' ? scalarFile() : PUBLIC + name)
      cache.set(name, content)
    }
    res
      .status(200)
      .set({
        'Content-Type': `text/${name.endsWith('.css') ? 'css' : 'javascript'}; charset=utf-8`,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      })
      .send(content)
  }
}
