import type { Request, Response } from 'express'
import type { OpenApiDocument } from '../../openapi/document.ts'
import { loadYaml } from '../../openapi/document-files.ts'

const FORMATS = [
  ['json', 'application/json', (source: OpenApiDocument) => JSON.stringify(source, null, 2) + '\n'],
  ['yaml', 'application/yaml', (source: OpenApiDocument) => loadYaml().stringify(source)],
] as const

/**
 * `/openapi.json`, `/openapi.yaml` and the admin document beside them: the documents this mock
 * runs on (with `--document`, the user's own), so tools and the reference page read what it does.
 */
export function createDocumentFiles(document: OpenApiDocument, adminDocument: OpenApiDocument) {
  const files: Record<string, (req: Request, res: Response) => void> = {}
  for (const [name, source] of [
    ['openapi', document],
    ['admin', adminDocument],
  ] as const) {
    for (const [format, type, write] of FORMATS) {
      // written on first use: most runs never ask for them
      let text: string | undefined
      files[`/${name}.${format}`] = (_req, res) => {
        text ??= write(source)
        res
          .status(200)
          .set({ 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-cache' })
          .send(text)
      }
    }
  }
  return files
}
