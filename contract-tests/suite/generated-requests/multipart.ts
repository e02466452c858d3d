// A multipart/form-data body as a browser's `fetch(url, { body: new FormData(form) })` sends it:
// one part per field, in order, named as in the urlencoded form, its value as UTF-8 text.

/** Fixed, so that one seed draws byte-for-byte the same requests; no drawn text contains it. */
const BOUNDARY = '----contract-suite-boundary-7MA4YWxkTrZu0gW'

/** The raw body and its content type (with the boundary) for the suite's `call`. */
export function multipartOf(fields: readonly (readonly [string, string])[]): {
  contentType: string
  body: string
} {
  const quoted = (name: string): string =>
    // What FormData does to a name: quotes and line breaks escaped.
    name.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
  const parts = fields.map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
  )
  return {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    // Text, not bytes: the suite's `call` sends text with its length, a Buffer without one, which
    // a DELETE cannot carry.
    body: `${parts.join('')}--${BOUNDARY}--\r\n`,
  }
}
