// Copies of openapi/openapi.yaml for the --document self-test: one unchanged, and one a team might
// write, with a request rule made stricter and a response field made required, both of which the
// bundled mock (running on the original) then breaks.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseDocument } from 'yaml'
import { DOCUMENT_PATH } from '../../openapi/document-files.ts'

const SCHEMAS = ['components', 'schemas']
/** first_name may have 100 characters; the changed copy allows 20. */
const LOWERED_LIMIT = 20
/** A field the login answer must have in the changed copy; the mock never sends it. */
const REQUIRED_FIELD = 'refresh_token'

/** What the failures of a run against the changed copy must name: each changed rule. */
export const CHANGED_RULES: readonly string[] = [
  `contact[first_name] breaks maxLength ${String(LOWERED_LIMIT)}`,
  `must have required property '${REQUIRED_FIELD}'`,
]

export interface DocumentCopies {
  unchanged: string
  changed: string
}

/** Writes both copies below `dir`, each in a folder of its own, as a team would keep its version. */
export async function writeDocumentCopies(dir: string): Promise<DocumentCopies> {
  const text = await readFile(DOCUMENT_PATH, 'utf8')
  const document = parseDocument(text)
  document.setIn([...SCHEMAS, 'ContactFirstName', 'maxLength'], LOWERED_LIMIT)
  document.setIn([...SCHEMAS, 'Session', 'properties', REQUIRED_FIELD], { type: 'string' })
  document.addIn([...SCHEMAS, 'Session', 'required'], REQUIRED_FIELD)
  const copies = { unchanged: join(dir, 'unchanged'), changed: join(dir, 'changed') }
  await Promise.all(Object.values(copies).map((folder) => mkdir(folder, { recursive: true })))
  const files = {
    unchanged: join(copies.unchanged, 'openapi.yaml'),
    changed: join(copies.changed, 'openapi.yaml'),
  }
  await writeFile(files.unchanged, text)
  // Written as the original is (no padding in [a, b], no folding), so the diff is the changes.
  await writeFile(files.changed, document.toString({ flowCollectionPadding: false, lineWidth: 0 }))
  return files
}
