// Short, readable renderings of requests and body parts for failure messages.
import { excerpt } from '../../../openapi/response-check.ts'
import type { ApiResponse } from './api.ts'

/** Form bodies and query strings decoded, so `contact[first_name]` reads as the client meant it. */
const decoded = (encoded: string): string =>
  [...new URLSearchParams(encoded)].map(([name, value]) => `${name}=${value}`).join('&')

export function describeRequest(res: ApiResponse): string {
  const { method, path, query, contentType, body } = res.request
  const shown =
    contentType === 'application/x-www-form-urlencoded' && body !== undefined ? decoded(body) : body
  const sent = shown === undefined ? '' : `\n  body:     ${contentType ?? ''} ${excerpt(shown)}`
  const received = res.text === '' ? '(empty)' : excerpt(res.body ?? res.text)
  return (
    `  request:  ${method} ${path}${query === '' ? '' : `?${decoded(query)}`}${sent}\n` +
    `  response: ${String(res.status)} ${res.headers['content-type'] ?? '(no content type)'} ${received}`
  )
}
