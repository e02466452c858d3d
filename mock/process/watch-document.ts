import { unwatchFile, watchFile } from 'node:fs'
import { type OpenApiDocument } from '../../openapi/document.ts'
import { readDocumentFile } from '../../openapi/document-files.ts'

export interface DocumentWatch {
  /** Called with the new document; it may throw (a document the validators cannot compile). */
  changed: (document: OpenApiDocument) => void
  /** Why a changed document was not taken: the previous one stays in use. */
  refused: (reason: string) => void
}

/**
 * `--watch`: polls the document (editors save by renaming, which a file watch can miss) and hands
 * over each version that loads; one that does not is reported and the previous one stays.
 */
export function watchDocument(path: string, watch: DocumentWatch): () => void {
  watchFile(path, { interval: 250 }, (current, previous) => {
    if (current.mtimeMs === previous.mtimeMs) return
    try {
      watch.changed(readDocumentFile(path))
    } catch (error) {
      watch.refused(error instanceof Error ? error.message : String(error))
    }
  })
  return () => {
    unwatchFile(path)
  }
}
