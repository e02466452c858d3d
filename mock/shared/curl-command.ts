// A request written as a curl command, for a reader to paste into a shell: the inspector's "Copy
// as curl" (face/curl-command.ts) and the contract suite's failures. Transport-free: the suite
// loads it without the rest of the mock.

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
  return [...new TextEncoder().encode(char)]
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

/** What a shell reads in double quotes besides a variable (history expansion's `!` included). */
// eslint-disable-next-line no-control-regex -- control characters are among them
const DOUBLE_QUOTED = /["\\`$!\u0000-\u001f\u007f-\u009f]/

/**
 * One word, literal but for the `$NAME`s of `variables`, which the shell fills in: the whole in
 * double quotes when nothing else in it is special there, else quoted piece by piece.
 */
function wordOf(text: string, variables: readonly string[]): string {
  const named = variables.filter((name) => text.includes(`$${name}`))
  if (named.length === 0) return quoteForShell(text)
  // split with the names captured: literal text at the even indexes, a name at the odd ones
  const pieces = text.split(new RegExp(`\\$(${named.join('|')})(?![A-Za-z0-9_])`))
  const literal = pieces.filter((_, index) => index % 2 === 0)
  if (!literal.some((piece) => DOUBLE_QUOTED.test(piece))) return `"${text}"`
  return pieces
    .map((piece, index) => (index % 2 === 1 ? `"$${piece}"` : piece && quoteForShell(piece)))
    .join('')
}

export interface CurlRequest {
  method: string
  /** The whole URL. */
  url: string
  /** In the order they are written. */
  headers: readonly (readonly [name: string, value: string])[]
  body: string | null | undefined
}

/**
 * `curl` sending the request again; `variables` are the shell variables (`TOKEN`) a header's
 * `$TOKEN` names in place of a secret. The URL is not globbed (`-g`: `[1-400]` would send 400
 * requests) and the body is sent as it is (`--data-raw`: a body starting with `@` would make curl
 * read and send a local file); `-i` shows the answer's status and headers.
 */
export function curlCommandOf(request: CurlRequest, variables: readonly string[] = []): string {
  const parts = ['curl', '-g', '-i']
  const { method } = request
  if (method !== 'GET') parts.push('-X', /^[A-Z]+$/.test(method) ? method : quoteForShell(method))
  parts.push(quoteForShell(request.url))
  for (const [name, value] of request.headers) {
    parts.push('-H', wordOf(`${name}: ${value}`, variables))
  }
  if (typeof request.body === 'string') parts.push('--data-raw', quoteForShell(request.body))
  return parts.join(' ')
}
