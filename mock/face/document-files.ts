import type { Request, Response } from 'express'
import { stringify } from 'yaml'
import type { OpenApiDocument } from '../../openapi/document.ts'

/**
 * `/openapi.json`, `/openapi.yaml` and the admin document beside them: the documents this mock
 * runs on (with `--document`, the user's own), so tools and the reference page read what it does.
 */
export function createDocumentFiles(document: OpenApiDocument, adminDocument: OpenApiDocument) {
  // written on first use: most runs never ask for them
  const cache = new Map<string, string>()
  const textOf = (name: string, write: () => string): string => {
    let text = cache.get(name)
    if (text === undefined) {
      text = write()
      cache.set(name, text)
    }
    return text
  }
  const serve =
    (name: string, source: OpenApiDocument, format: 'json' | 'yaml') =>
    (_req: Request, res: Response): void => {
      const text = textOf(name, () =>
        format === 'json' ? JSON.stringify(source, null, 2) + '\n' : stringify(source),
      )
      res
        .status(200)
        .set({
          'Content-Type':
            format === 'json'
              ? 'application/json; charset=utf-8'
              : 'application/yaml; charset=utf-8',
          'Cache-Control': 'no-cache',
        })
        .send(text)
    }
  return {
    '/openapi.json': serve('openapi.json', document, 'json'),
    '/openapi.yaml': serve('openapi.yaml', document, 'yaml'),
    '/admin.json': serve('admin.json', adminDocument, 'json'),
    '/admin.yaml': serve('admin.yaml', adminDocument, 'yaml'),
  }
}
