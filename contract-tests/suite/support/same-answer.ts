// What a refusal may reveal: the document's 404 (and 403) "never reveal that it exists", so the
// answer about a record of another organization or user must be the answer about one that does
// not exist, but for the id each names. Compared as a client sees them: status, content type,
// the names of the headers and the body, each id replaced by the same placeholder.
import type { ApiResponse } from './api.ts'

/** Headers whose value or presence changes from one answer to the next on any server. */
const VOLATILE = new Set(['date', 'content-length', 'etag', 'connection', 'keep-alive', 'age'])

const hide = (text: string, ids: readonly string[]): string =>
  ids.reduce((shown, id) => shown.replaceAll(id, '<id>'), text)

/** The answer as the comparison sees it, its ids hidden. */
export function answerSeen(res: ApiResponse, ids: readonly string[]): Record<string, unknown> {
  return {
    status: res.status,
    contentType: res.headers['content-type'],
    headers: Object.keys(res.headers)
      .filter((name) => !VOLATILE.has(name))
      .sort(),
    body: hide(res.text, ids),
  }
}
