// Short, readable renderings of requests and body parts for failure messages.
import type { ApiResponse } from './api.ts'

const MAX = 300

export function excerpt(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value)
  return text.length > MAX ? `${text.slice(0, MAX)}… (${String(text.length)} characters)` : text
}

/** The value at a JSON pointer such as `/contacts/0/first_name`. */
export function valueAt(body: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (at, key) =>
        typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined,
      body,
    )
}

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
