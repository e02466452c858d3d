// One generated request and what the document says of it, and the edits that break a valid
// request in one place.
import type { RequestOptions } from '../support/api.ts'
import { isJson } from './schema-view.ts'

export interface Refusal {
  /** 422 for a body, 400 for a query string. */
  status: number
  /** The name `errors` must give, as the client sent it: `contact[first_name]`, `page`. */
  field: string
}

export interface RequestCase {
  /** `JSON contact[first_name] breaks maxLength 100 (101 characters)`, `form, valid`. */
  label: string
  request: RequestOptions
  /** Undefined for a valid request, which must be answered 2xx. */
  refusal: Refusal | undefined
  /** The ids of the rules of the catalogue (suite/rules/) it puts to the test. */
  rules?: readonly string[]
}

/** A copy of `value` with `path` set to `replacement` (objects on the way created). */
export function withValue(value: unknown, path: readonly string[], replacement: unknown): unknown {
  const [head, ...rest] = path
  if (head === undefined) return replacement
  const object = isJson(value) ? value : {}
  return { ...object, [head]: withValue(object[head], rest, replacement) }
}

/** A copy of `value` without what is at `path`. */
export function withoutValue(value: unknown, path: readonly string[]): unknown {
  const [head, ...rest] = path
  if (head === undefined || !isJson(value)) return value
  if (rest.length > 0) return { ...value, [head]: withoutValue(value[head], rest) }
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== head))
}

/** What is at `path` in `value`. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((at, key) => (isJson(at) ? at[key] : undefined), value)
}

/** What a server reads from a form made of `value`: an object left without fields is not sent. */
export function readAsForm(value: unknown): unknown {
  if (!isJson(value)) return value
  return Object.fromEntries(
    Object.entries(value)
      .map(([key, item]) => [key, readAsForm(item)] as const)
      .filter(([, item]) => !isJson(item) || Object.keys(item).length > 0),
  )
}
