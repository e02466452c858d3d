import type { IncomingMessage } from 'node:http'
import { parseHost } from '../pipeline/access/host-check.ts'

/** What a curl command needs to send the same request again (the rest is the browser's own). */
const CURL_HEADERS = new Set(['content-type', 'accept', 'prefer'])

/**
 * A terminal acts on these when they are pasted (ESC ends a bracketed paste, ^C drops the line,
 * a tab completes): written as escapes, the copied command holds printable characters only.
 */
// eslint-disable-next-line no-control-regex -- these are the characters it looks for
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g

const escapeOf = (char: string): string => {
  if (char === '\n') return '\\n'
  if (char === '\t') return '\\t'
  if (char === '\r') return '\\r'
  // U+0080 to U+009F as their UTF-8 bytes, as the request had them: \u escapes need a UTF-8 locale
  return [...Buffer.from(char, 'utf8')]
    .map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`)
    .join('')
}

/**
 * One word for a shell, taken as it is: in single quotes (a `'` as `'\''`), or, when it holds
 * control characters, in bash's and zsh's `$'…'` with escapes.
 */
export function quoteForShell(text: string): string {
  if (text.search(CONTROLS) < 0) return `'${text.replaceAll("'", `'\\''`)}'`
  const escaped = text.replace(/[\\']/g, (char) => `\\${char}`)
  return `$'${escaped.replace(CONTROLS, escapeOf)}'`
}

/**
 * The origin the person asking reached the mock at: the command goes back there, never to the
 * Host a recorded request claimed (anyone who can reach the mock chooses that one). The Host of
 * the request asking passed the host check; without one, the address the connection came to.
 */
export function originOf(req: IncomingMessage): string {
  const host = parseHost(req.headers.host ?? '')
  if (host !== undefined) {
    return `http://${host.name}${host.port === undefined ? '' : `:${host.port}`}`
  }
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '')
  const name = address.includes(':') ? `[${address}]` : address
  return `http://${name}:${String(req.socket.localPort ?? 80)}`
}

/** The path and query of a request line's target: an absolute-form one (`GET http://x/y`) too. */
function pathOf(target: string): string {
  if (target.startsWith('/')) return target
  try {
    const url = new URL(target)
    return `${url.pathname}${url.search}`
  } catch {
    return '/'
  }
}

export interface CurlRequest {
  method: string
  /** The path and query, as the request line had them. */
  url: string
  /** Names in lower case. */
  headers: Readonly<Record<string, string | string[]>>
  body: string | null
}

/**
 * `curl` sending the same request to `origin`; the token is left for the reader to fill in. The
 * URL is not globbed (`-g`: `[1-400]` would send 400 requests) and the body is sent as it is
 * (`--data-raw`: a body starting with `@` would make curl read and send a local file).
 */
export function curlCommandOf(origin: string, request: CurlRequest): string {
  const parts = ['curl', '-g', '-i']
  const { method } = request
  if (method !== 'GET') parts.push('-X', /^[A-Z]+$/.test(method) ? method : quoteForShell(method))
  parts.push(quoteForShell(`${origin}${pathOf(request.url)}`))
  if (request.headers['authorization'] !== undefined)
    parts.push('-H', '"Authorization: Bearer $TOKEN"')
  for (const [name, value] of Object.entries(request.headers)) {
    if (CURL_HEADERS.has(name) && typeof value === 'string')
      parts.push('-H', quoteForShell(`${name}: ${value}`))
  }
  if (request.body !== null) parts.push('--data-raw', quoteForShell(request.body))
  return parts.join(' ')
}
