import { HttpError } from '../../shared/problem.ts'

// RFC 7578 §4.2 takes Content-Disposition from RFC 2183, where a parameter's value is an RFC 2045
// token or a quoted-string. A token is US-ASCII without space, controls or tspecials
// ( ) < > @ , ; : \ " / [ ] ? = — so `contact[first_name]` must be quoted, as browsers and
// Ktor (Specmatic's client) do; `soft_delete` may come bare, as Ktor sends it.
const TOKEN = "[!#$%&'*+\\-.^_`{|}~0-9A-Za-z]+"
// `; name = value` up to the next `;` or the end, the value a quoted-string or a token. A
// quoted-string is read as HTML's form encoding writes it: every character as it is, with `"`, CR
// and LF sent as %22, %0D, %0A; a backslash is no escape there (browsers send it bare).
const PARAMETER = new RegExp(
  `^;[ \\t]*(${TOKEN})[ \\t]*=[ \\t]*(?:"([^"]*)"|(${TOKEN}))[ \\t]*(?=;|$)`,
)

export const malformed = (why: string): HttpError =>
  new HttpError(400, `The multipart/form-data body cannot be read: ${why}.`)

/** The `name=value` parameters after `form-data`, names lower-cased, in order. */
function parametersOf(text: string): [string, string][] {
  const parameters: [string, string][] = []
  for (let rest = text.trimStart(); rest !== '';) {
    const parameter = PARAMETER.exec(rest)
    if (parameter === null) {
      throw malformed(
        'a part\'s Content-Disposition has a parameter whose value is neither a token nor a quoted string (a name with brackets is quoted: name="contact[first_name]")',
      )
    }
    const [whole, name = '', quoted, token] = parameter
    parameters.push([name.toLowerCase(), quoted ?? token ?? ''])
    rest = rest.slice(whole.length)
  }
  return parameters
}

/**
 * The `name` of a part, from its headers (CRLF-separated): `form-data; name=…` with the name a token
 * or a quoted-string, either way with %22, %0D and %0A read as `"`, CR and LF. A part with a
 * `filename` or `filename*` is a file, which this API does not take.
 */
export function partNameOf(headers: string): string {
  const disposition = headers
    .split('\r\n')
    .find((line) => line.toLowerCase().startsWith('content-disposition:'))
  if (disposition === undefined) throw malformed('a part has no Content-Disposition')
  const type = /^content-disposition:[ \t]*form-data(?=[ \t;]|$)/i.exec(disposition)
  if (type === null) throw malformed('a part is not form-data')
  const parameters = parametersOf(disposition.slice(type[0].length))
  if (parameters.some(([key]) => key === 'filename' || key === 'filename*')) {
    throw new HttpError(400, 'This API takes no files: send text fields only.')
  }
  const names = parameters.filter(([key]) => key === 'name')
  if (names.length > 1) throw malformed('a part has two names')
  const name = names[0]?.[1]
  if (name === undefined) throw malformed('a part has no name')
  return name.replaceAll('%22', '"').replaceAll('%0D', '\r').replaceAll('%0A', '\n')
}
