// A valid body broken in one place, for each rule of each field and each object's own rules
// (required fields, unknown fields, its type, null, its fewest fields), each with the keyword it
// breaks, as the rule catalogue (suite/rules/) names it.
import type { FieldKeyword } from '../rules/rule.ts'
import { fieldBreakers, show, UNKNOWN_FIELD } from './breakers.ts'
import { valueAt, withValue, withoutValue } from './request-case.ts'
import { isObjectView } from './schema-view.ts'
import { isText, type Encoding } from './valid-values.ts'
import { fieldPaths, viewOf } from './views.ts'

export interface Broken {
  /** The field the answer must name. */
  path: string[]
  /** The field whose rule it breaks: an unknown field breaks its object's rule. */
  rulePath: string[]
  keyword: FieldKeyword
  rule: string
  body: unknown
}

/** An object's own rules broken: a field it requires, an unknown field, the object itself. */
function objectBreaks(
  path: string[],
  view: ReturnType<typeof viewOf>,
  body: unknown,
  encoding: Encoding,
): Broken[] {
  const unknown = [...path, UNKNOWN_FIELD]
  const itself = (keyword: FieldKeyword, rule: string, value: unknown): Broken => ({
    path,
    rulePath: path,
    keyword,
    rule,
    body: withValue(body, path, value),
  })
  return [
    ...view.required.map((name) => ({
      path: [...path, name],
      rulePath: [...path, name],
      keyword: 'required' as const,
      rule: 'is missing (required)',
      body: withoutValue(body, [...path, name]),
    })),
    ...(view.closed
      ? [
          {
            path: unknown,
            rulePath: path,
            keyword: 'additionalProperties' as const,
            rule: 'is sent (unknown fields are refused)',
            body: withValue(body, unknown, 'x'),
          },
        ]
      : []),
    // In a form or a multipart body the object sent as one field: `contact=x`.
    ...(path.length > 0 ? [itself('type', `breaks type object (sent ${show('x')})`, 'x')] : []),
    ...(path.length > 0 && !isText(encoding)
      ? [itself('nullable', 'breaks type object (sent null)', null)]
      : []),
    // Text cannot send an empty object: it would be no field at all.
    ...(path.length > 0 && !isText(encoding) && (view.minProperties ?? 0) > 0
      ? [
          itself(
            'minProperties',
            `breaks minProperties ${String(view.minProperties)} (sent {})`,
            {},
          ),
        ]
      : []),
  ]
}

/** The fields (at any depth) that may be null. */
export const nullableFields = (schema: unknown): string[][] =>
  fieldPaths(schema).filter((path) => {
    const field = viewOf(path.reduce((at, name) => viewOf(at).properties[name], schema))
    return [field, ...field.branches].some((item) => item.types?.includes('null') === true)
  })

/** The valid body broken in one place: each rule of each field, and each object's own rules. */
export function brokenBodies(
  schema: unknown,
  path: string[],
  body: unknown,
  encoding: Encoding,
): Broken[] {
  const view = viewOf(schema)
  if (!isObjectView(view) || view.branches.length > 0) {
    return fieldBreakers(schema, valueAt(body, path), encoding).map(({ rule, keyword, value }) => ({
      path,
      rulePath: path,
      keyword,
      rule,
      body: withValue(body, path, value),
    }))
  }
  return [
    ...objectBreaks(path, view, body, encoding),
    ...Object.entries(view.properties).flatMap(([name, property]) =>
      brokenBodies(property, [...path, name], body, encoding),
    ),
  ]
}
