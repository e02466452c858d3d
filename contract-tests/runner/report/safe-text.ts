// Text from the target reaches the console, the JUnit file and the Markdown summary: a server's
// escape sequences must not drive the reader's terminal (OSC 52 writes the clipboard, CR and
// "erase line" rewrite what was printed), and the run's secrets must not end up in a CI log. No
// Node API here: the suite's support and every report share it.

/** A secret the run holds, and what stands in for it in every output. */
export interface Secret {
  value: string
  label: 'token' | 'password'
}

// C0 controls but tab and newline, DEL and the C1 controls, the bidi marks, embeddings, overrides
// and isolates (they reorder what a line shows), the line and paragraph separators, the BOM and
// what XML 1.0 cannot carry (U+FFFE, U+FFFF, a surrogate without its pair).
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ufff9-\ufffb\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

const codeOf = (character: string): string =>
  `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`

/**
 * The text with every control, bidi and invisible formatting character written as `\u001b`;
 * newlines and tabs stay. A backslash is not doubled: applying it twice changes nothing.
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, codeOf)
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')

/** A number in hexadecimal digits, each letter in either case: `2[fF]`. */
const hexDigits = (value: number, width: number): string =>
  value
    .toString(16)
    .padStart(width, '0')
    .replace(/[a-f]/g, (letter) => `[${letter}${letter.toUpperCase()}]`)

const encoder = new TextEncoder()

/** Every way one character of a secret may come back: as is, URL-encoded, JSON-escaped. */
function characterPattern(character: string): string {
  const forms = new Set([escapeRegExp(character)])
  // URL encoding: `%2F` (either case) for each byte of the character's UTF-8.
  forms.add([...encoder.encode(character)].map((byte) => `%${hexDigits(byte, 2)}`).join(''))
  if (character === ' ') forms.add('\\+')
  const json = JSON.stringify(character).slice(1, -1)
  if (json !== character) forms.add(escapeRegExp(json))
  if (character === '/') forms.add('\\\\/')
  const units = Array.from({ length: character.length }, (_, index) => character.charCodeAt(index))
  // JSON's `\u002f` (either case) for each UTF-16 unit.
  forms.add(units.map((unit) => `\\\\u${hexDigits(unit, 4)}`).join(''))
  return `(?:${[...forms].join('|')})`
}

/**
 * Shorter secrets are left as they are: a token of a few characters cannot be told from ordinary
 * words, which would all be replaced. Real tokens and passwords are longer.
 */
export const MIN_SECRET_LENGTH = 4

/**
 * Replaces every secret by `<token>` or `<password>`, as it is or as an echo may carry it (URL-
 * encoded as in a query or a form, JSON-escaped as in a body), longest secret first.
 */
export function createRedactor(secrets: readonly Secret[]): (text: string) => string {
  const patterns = [...new Map(secrets.map((secret) => [secret.value, secret])).values()]
    .filter((secret) => secret.value.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b.value.length - a.value.length)
    .map(({ value, label }) => ({
      // Code points, not UTF-16 units: each character's encodings are alternatives as a whole.
      pattern: new RegExp(Array.from(value, characterPattern).join(''), 'g'),
      replacement: `<${label}>`,
    }))
  return (text) =>
    patterns.reduce((done, { pattern, replacement }) => done.replace(pattern, replacement), text)
}

/** What every output of a run goes through: secrets redacted, then controls escaped. */
export function createSafeText(secrets: readonly Secret[]): (text: string) => string {
  const redact = createRedactor(secrets)
  return (text) => escapeControls(redact(text))
}

/** Plain data (a finding, results) with `map` applied to every string in it, keys aside. */
export function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === 'string') return map(value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map)) as T
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]: [string, unknown]) => [key, mapStrings(item, map)]),
  ) as T
}
