import { createNameRecord } from '../../shared/name-record.ts'
import { HttpError } from '../../shared/problem.ts'
import { splitPairs, type FormPair } from './parse-query.ts'

export type FormValue = string | FormValue[] | FormObject
export interface FormObject {
  [key: string]: FormValue
}

const MAX_DEPTH = 4
const NAME = /^([^[\]]+)((?:\[[^[\]]*\])*)$/

const malformed = (name: string): HttpError =>
  new HttpError(400, `The form field name '${name}' is not a valid bracketed name.`)

// The names a client sends are few and come again with every request: each is parsed once.
// Bounded in number and length, so a client sending made-up names cannot fill the memory.
const parsedNames = new Map<string, readonly string[]>()
const KEPT_NAMES = 1000
const KEPT_NAME_LENGTH = 100

function parseName(name: string): string[] {
  let keys = parsedNames.get(name)
  if (keys === undefined) {
    keys = splitName(name)
    if (parsedNames.size < KEPT_NAMES && name.length <= KEPT_NAME_LENGTH) {
      parsedNames.set(name, keys)
    }
  }
  return [...keys]
}

function splitName(name: string): string[] {
  const match = NAME.exec(name)
  if (!match?.[1]) throw malformed(name)
  const keys = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')
  if (keys.length > MAX_DEPTH) {
    throw new HttpError(400, `The form field name '${name}' is nested too deeply.`)
  }
  if (keys.slice(0, -1).includes('')) throw malformed(name)
  return [match[1], ...keys]
}

const createObject = (): FormObject => createNameRecord<FormValue>()

/**
 * Decodes `contact[first_name]=Ann&include[]=a` into nested objects (deepObject style) with no
 * prototype, so `__proto__` or `constructor` are plain keys that the schema then rejects.
 * A name sent twice becomes an array, which the schema rejects for a scalar field.
 */
export function parseForm(text: string): FormObject {
  return buildForm(splitPairs(text, 'form body'))
}

/** The nested object of decoded name/value pairs: a urlencoded body's, or a multipart one's. */
export function buildForm(pairs: Iterable<FormPair>): FormObject {
  const root = createObject()
  for (const [name, value] of pairs) {
    const keys = parseName(name)
    const isList = keys.at(-1) === ''
    if (isList) keys.pop()
    const leaf = keys.pop() ?? ''
    let target = root
    for (const key of keys) {
      const existing = target[key] ?? createObject()
      if (typeof existing !== 'object' || Array.isArray(existing)) throw malformed(name)
      target[key] = existing
      target = existing
    }
    const existing = target[leaf]
    if (existing === undefined) target[leaf] = isList ? [value] : value
    else if (Array.isArray(existing)) existing.push(value)
    else if (typeof existing === 'string') target[leaf] = [existing, value]
    else throw malformed(name)
  }
  return root
}
