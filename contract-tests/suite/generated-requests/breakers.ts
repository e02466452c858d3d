// Values that break a schema, one keyword at a time, each named by the rule it breaks. They are
// candidates: body-cases.ts and query-cases.ts keep one only when the document's own validator finds the request broken
// in that field and nowhere else (a value that happens to fit another branch is dropped).
import type { FieldKeyword } from '../rules/rule.ts'
import { isArrayView, textCanBreakType, typesOfField, type SchemaView } from './schema-view.ts'
import { viewOf } from './views.ts'
import { isText, type Encoding } from './valid-values.ts'

export interface Breaker {
  /** The rule, as a reader of the document finds it: `breaks maxLength 100 (101 characters)`. */
  rule: string
  /** The keyword it breaks, as the rule catalogue names it (suite/rules/). */
  keyword: FieldKeyword
  value: unknown
}

const shorten = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text)

/** A value as a failure line shows it: short, and never a whole 2,000-character text. */
export const show = (value: unknown): string =>
  shorten(value === undefined ? 'nothing' : JSON.stringify(value))

/** Text of `length` characters made of the valid value's own characters (accents included). */
function textOfLength(from: unknown, length: number): string {
  const characters = typeof from === 'string' && from.trim() !== '' ? Array.from(from) : ['x']
  return Array.from({ length }, (_, index) => characters[index % characters.length]).join('')
}

const numberFrom = (valid: unknown): number => {
  const value = Number(valid)
  return Number.isInteger(value) ? value : 1
}

/**
 * Values of a wrong type for `view`, one alternative of `field`. In text, whether the type can be
 * broken is the whole field's: text always fits a field that also takes a string (soft_delete's
 * `'true'`/`'false'` or boolean), so there a wrong word breaks the text's enum, not a type.
 */
function typeBreakers(
  view: SchemaView,
  field: SchemaView,
  valid: unknown,
  encoding: Encoding,
): Breaker[] {
  const types = view.types
  if (types === undefined || (isText(encoding) && !textCanBreakType(typesOfField(field)))) {
    return []
  }
  const numeric = types.includes('integer') || types.includes('number')
  const candidates: unknown[] = isText(encoding)
    ? // Form values are text read as the documented type: only text that cannot be read so.
      [
        ...(numeric ? ['three'] : []),
        ...(types.includes('integer') ? [`${String(numberFrom(valid))}.5`] : []),
        ...(types.includes('boolean') ? ['maybe'] : []),
      ]
    : // JSON values have the documented types: "3" is not the number 3 (decision 6).
      [
        ...(numeric ? [String(numberFrom(valid))] : []),
        ...(types.includes('integer') ? [numberFrom(valid) + 0.5] : []),
        ...(types.includes('string') ? [42] : ['text']),
        null,
      ]
  const rule = `breaks type ${types.join(' or ')}`
  // Null breaks whether the field may be null, which the catalogue lists apart from its type.
  return candidates.map((value) => ({
    rule: `${rule} (sent ${show(value)})`,
    keyword: value === null ? 'nullable' : 'type',
    value,
  }))
}

function enumBreakers(view: SchemaView): Breaker[] {
  const listed = view.enum
  if (listed === undefined) return []
  const text = listed.find((value) => typeof value === 'string')
  const numbers = listed.filter((value) => typeof value === 'number')
  const candidates = [
    // The same word in capitals: an enum is matched exactly.
    ...(typeof text === 'string'
      ? [text.toUpperCase() === text ? `${text}-other` : text.toUpperCase()]
      : []),
    ...(numbers.length > 0 ? [Math.max(...numbers) + 1] : []),
  ].filter((value) => !listed.includes(value))
  return candidates.map((value) => ({
    rule: `breaks enum (sent ${show(value)})`,
    keyword: 'enum',
    value,
  }))
}

type Bound = 'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'minItems' | 'maxItems'

/**
 * The view's bounds, each broken one past it (one below a minimum, one above a maximum);
 * `describe` says how the value one past is shown and sent.
 */
function boundBreakers(
  view: SchemaView,
  bounds: readonly Bound[],
  describe: (past: number) => { shown: string; value: unknown },
): Breaker[] {
  return bounds.flatMap((keyword) => {
    const limit = view[keyword]
    // nothing is shorter than empty, nor has fewer than no items
    const none = limit === 0 && (keyword === 'minLength' || keyword === 'minItems')
    if (limit === undefined || none) return []
    const { shown, value } = describe(keyword.startsWith('min') ? limit - 1 : limit + 1)
    return [{ rule: `breaks ${keyword} ${String(limit)} (${shown})`, keyword, value }]
  })
}

/** Text of the right shape naming what does not exist, or of the wrong shape. */
const FORMAT_BREAKERS: Readonly<Record<string, string>> = {
  date: '2023-02-30',
  'date-time': '2023-02-30T10:00:00Z',
  uuid: 'not-a-uuid',
  email: 'not-an-email',
  uri: 'not a uri',
}

function textBreakers(view: SchemaView): Breaker[] {
  const format = view.format === undefined ? undefined : FORMAT_BREAKERS[view.format]
  const pattern = view.pattern === undefined ? undefined : new RegExp(view.pattern, 'u')
  const unmatched = [' ', '-', 'x', '0', '~'].find((text) => pattern?.test(text) === false)
  const breakers: Breaker[] = []
  if (format !== undefined) {
    const rule = `breaks format ${view.format ?? ''} (sent ${show(format)})`
    breakers.push({ rule, keyword: 'format', value: format })
  }
  if (unmatched !== undefined) {
    const rule = `breaks pattern ${shorten(view.pattern ?? '')} (sent ${show(unmatched)})`
    breakers.push({ rule, keyword: 'pattern', value: unmatched })
  }
  return breakers
}

function arrayBreakers(view: SchemaView, valid: unknown, encoding: Encoding): Breaker[] {
  const item = viewOf(view.items)
  const sample: unknown =
    (Array.isArray(valid) ? (valid as unknown[])[0] : undefined) ?? item.enum?.[0] ?? 'x'
  const fill = (length: number): unknown[] =>
    Array.from({ length }, (_, index) => item.enum?.[index % item.enum.length] ?? sample)
  return [
    ...breakersOfView(item, sample, encoding).map(({ rule, keyword, value }) => ({
      rule: `has an item that ${rule}`,
      keyword,
      value: [value],
    })),
    ...boundBreakers(view, ['maxItems', 'minItems'], (past) => ({
      shown: `${String(past)} items`,
      value: fill(past),
    })),
  ]
}

function breakersOfView(
  view: SchemaView,
  valid: unknown,
  encoding: Encoding,
  field: SchemaView = view,
): Breaker[] {
  if (isArrayView(view)) return arrayBreakers(view, valid, encoding)
  return [
    ...typeBreakers(view, field, valid, encoding),
    ...enumBreakers(view),
    ...boundBreakers(view, ['minLength', 'maxLength'], (past) => ({
      shown: `${String(past)} characters`,
      value: textOfLength(valid, past),
    })),
    ...boundBreakers(view, ['minimum', 'maximum'], (past) => ({
      shown: `sent ${String(past)}`,
      value: past,
    })),
    ...textBreakers(view),
    // A `type: 'null'` branch only says the field may be cleared: nothing of it to break.
    ...view.branches
      .filter((branch) => branch.types?.join() !== 'null')
      .flatMap((branch) => breakersOfView(branch, valid, encoding, field)),
  ]
}

const asSent = (value: unknown, encoding: Encoding): unknown => {
  if (encoding === 'json') return value
  return Array.isArray(value) ? value.map((item: unknown) => String(item)) : String(value)
}

/** Candidates that break a field's schema, as `encoding` carries them, each value once. */
export function fieldBreakers(schema: unknown, valid: unknown, encoding: Encoding): Breaker[] {
  const seen = new Set<string>()
  return breakersOfView(viewOf(schema), valid, encoding)
    .filter(({ value }) => encoding === 'json' || value !== null)
    .map((breaker) => ({ ...breaker, value: asSent(breaker.value, encoding) }))
    .filter(({ value }) => {
      const key = `${typeof value}:${JSON.stringify(value)}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
}

/** A field name no schema of the document has, for the "unknown fields are refused" cases. */
export const UNKNOWN_FIELD = 'not_a_documented_field'
