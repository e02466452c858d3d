// Valid values of a schema, drawn by fast-check from the document's keywords (type, enum, lengths,
// bounds, format, pattern, alternatives, objects, arrays). Forms and query strings carry text only:
// there every value is drawn as the text a client would send, and null is never drawn.
import fc from 'fast-check'
import { isArrayView, isObjectView, type SchemaView } from './schema-view.ts'
import { viewOf } from './views.ts'

/** How a body travels: typed JSON, or text (a urlencoded form, a multipart body, a query). */
export type Encoding = 'json' | 'form' | 'multipart'

/** Forms and multipart bodies carry text only, read as the documented types. */
export const isText = (encoding: Encoding): boolean => encoding !== 'json'

// Letters beyond ASCII too: a server that counts bytes instead of characters is found out.
const CHARACTER = fc.constantFrom(
  ...Array.from('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'),
  ...[' ', '-', "'", '.', 'é', 'ü', 'ß', 'ç', 'ñ', 'ø', 'Å', 'Ж', 'ł', '中', '文'],
)
/** A drawn text is at most this much longer than its minimum, unless it is drawn at its maximum. */
const SHORT = 24
/** Bounds for numbers the document leaves open. */
const WIDE = 1_000_000
/** Letters, digits, punctuation, symbols and spaces: no control character (a NUL is a 400). */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]*$/u

const lengthOf = (text: string): number => Array.from(text).length

const instants = fc.date({
  min: new Date('1900-01-01T00:00:00.000Z'),
  max: new Date('2100-12-31T00:00:00.000Z'),
  noInvalidDate: true,
})

const FORMATS: Readonly<Record<string, fc.Arbitrary<string>>> = {
  date: instants.map((date) => date.toISOString().slice(0, 10)),
  'date-time': instants.map((date) => date.toISOString()),
  uuid: fc.uuid({ version: 4 }),
  email: fc
    .string({
      unit: fc.constantFrom(...Array.from('abcdefghijklmnopqrstuvwxyz0123456789')),
      minLength: 1,
      maxLength: 20,
    })
    .map((local) => `${local}@example.com`),
}

const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2}):(\d{2}))?/

/**
 * A text drawn for a pattern that starts with a date names a real day and time (the date-time
 * pattern says so too, decision 8), in years that stay four-digit in UTC whatever the offset,
 * which a pattern cannot say.
 */
export function namesRealInstant(text: string): boolean {
  const [, year, month, day, , , second] = DATE_PREFIX.exec(text) ?? []
  if (year === undefined || month === undefined || day === undefined) return true
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  return (
    Number(year) >= 1900 &&
    Number(year) <= 2100 &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    Number(second ?? 0) < 60
  )
}

function textArbitrary(view: SchemaView): fc.Arbitrary<string> {
  const min = view.minLength ?? 0
  const short = fc.string({
    unit: CHARACTER,
    minLength: min,
    maxLength: Math.min(view.maxLength ?? min + SHORT, min + SHORT),
  })
  if (view.maxLength === undefined) return short
  // The longest text allowed is the boundary most worth trying.
  const longest = fc.string({
    unit: CHARACTER,
    minLength: view.maxLength,
    maxLength: view.maxLength,
  })
  return fc.oneof({ arbitrary: short, weight: 3 }, { arbitrary: longest, weight: 1 })
}

function patternArbitrary(view: SchemaView, pattern: string): fc.Arbitrary<string> {
  const regex = new RegExp(pattern, 'u')
  const fits = (text: string): boolean =>
    regex.test(text) &&
    PRINTABLE.test(text) &&
    namesRealInstant(text) &&
    lengthOf(text) >= (view.minLength ?? 0) &&
    lengthOf(text) <= (view.maxLength ?? Infinity)
  const plain = textArbitrary(view)
  // Plain text when it mostly fits (`\S`), else text built from the pattern (a date-time).
  const plainFits = fc.sample(plain, { seed: 0, numRuns: 20 }).filter(fits).length >= 5
  return plainFits
    ? plain.filter(fits)
    : fc.stringMatching(regex, { maxLength: view.maxLength ?? 64 }).filter(fits)
}

function stringArbitrary(view: SchemaView): fc.Arbitrary<string> {
  if (view.format !== undefined) {
    const format = FORMATS[view.format]
    if (format === undefined) throw new Error(`no generator for the format ${view.format}`)
    return format
  }
  return view.pattern === undefined ? textArbitrary(view) : patternArbitrary(view, view.pattern)
}

const asSent = (encoding: Encoding) => (value: unknown) =>
  isText(encoding) && (typeof value === 'number' || typeof value === 'boolean')
    ? String(value)
    : value

function typedArbitrary(type: string, view: SchemaView, encoding: Encoding): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null)
    case 'string':
      return stringArbitrary(view)
    case 'integer':
    case 'number':
      return fc
        .integer({ min: view.minimum ?? -WIDE, max: view.maximum ?? WIDE })
        .map(asSent(encoding))
    case 'boolean':
      return fc.boolean().map(asSent(encoding))
    case 'object':
      return fc.record(
        Object.fromEntries(
          Object.entries(view.properties).map(([name, schema]) => [
            name,
            valueArbitrary(schema, encoding),
          ]),
        ),
      )
    case 'array':
      return fc.array(valueArbitrary(view.items, encoding), {
        minLength: view.minItems ?? 0,
        maxLength: Math.max(view.minItems ?? 0, Math.min(view.maxItems ?? 3, 3)),
      })
    default:
      throw new Error(`no generator for the type ${type}`)
  }
}

const typesOf = (view: SchemaView): readonly string[] =>
  view.types ?? (isObjectView(view) ? ['object'] : isArrayView(view) ? ['array'] : ['string'])

const onlyNull = (view: SchemaView): boolean =>
  view.types?.length === 1 && view.types[0] === 'null' && view.branches.length === 0

function arbitraryOf(view: SchemaView, encoding: Encoding): fc.Arbitrary<unknown> {
  if (view.enum !== undefined) {
    const values = isText(encoding) ? view.enum.filter((value) => value !== null) : view.enum
    return fc.constantFrom(...values.map(asSent(encoding)))
  }
  const branches = view.branches.filter((branch) => encoding === 'json' || !onlyNull(branch))
  if (branches.length > 0)
    return fc.oneof(...branches.map((branch) => arbitraryOf(branch, encoding)))
  const types = typesOf(view).filter((type) => encoding === 'json' || type !== 'null')
  return fc.oneof(...types.map((type) => typedArbitrary(type, view, encoding)))
}

/** Valid values of `schema` (raw, a `$ref` or a view's property), as `encoding` carries them. */
export function valueArbitrary(schema: unknown, encoding: Encoding): fc.Arbitrary<unknown> {
  return arbitraryOf(viewOf(schema), encoding)
}

/** A number for fast-check from the run's seed and what is drawn: stable whatever else is drawn. */
export function seedFor(seed: number, ...parts: readonly string[]): number {
  let hash = 0x811c9dc5 ^ seed
  for (const char of parts.join('\u0000')) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193)
  }
  return hash | 0
}

/** One value of `arbitrary`, the same for the same seed. */
export function drawValue(arbitrary: fc.Arbitrary<unknown>, seed: number): unknown {
  return fc.sample(arbitrary, { seed, numRuns: 1 })[0]
}
