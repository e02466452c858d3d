// Query strings drawn from an operation's documented query parameters: one valid (every parameter
// set), the others the same query broken in one parameter each. A query string is text, read as
// the documented types, and a bad parameter is a 400 naming it.
import type { OpenAPIV3_1 } from 'openapi-types'
import type { Operation } from '../support/operations.ts'
import { queryRule, unknownQueryRule } from '../rules/rule.ts'
import { drawValid } from './body-cases.ts'
import { fieldBreakers, UNKNOWN_FIELD } from './breakers.ts'
import { withValue, withoutValue, type RequestCase } from './request-case.ts'
import { breaksOnly, failuresOf } from './schema-check.ts'
import { isJson, type Json } from './schema-view.ts'

type Parameter = OpenAPIV3_1.ParameterObject

export const queryParametersOf = (operation: Operation): Parameter[] =>
  operation.parameters.filter(
    (parameter) => parameter.in === 'query' && parameter.schema !== undefined,
  )

/** The query string as one object schema, as a server reads it: unknown parameters refused. */
const querySchemaOf = (parameters: readonly Parameter[]): Json => ({
  type: 'object',
  properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
  required: parameters.filter((parameter) => parameter.required === true).map(({ name }) => name),
  additionalProperties: false,
})

/** `{ 'include[]': ['tags', 'pets'], page: '2' }` → `include[]=tags&include[]=pets&page=2` */
function pairsOf(query: unknown): [string, string][] {
  if (!isJson(query)) return []
  return Object.entries(query).flatMap(([name, value]): [string, string][] =>
    Array.isArray(value)
      ? value.map((item: unknown): [string, string] => [name, String(item)])
      : [[name, String(value)]],
  )
}

/** One valid query string, then each broken one the validator finds broken in its parameter only. */
export function queryCases(operation: Operation, seed: number): RequestCase[] {
  const parameters = queryParametersOf(operation)
  const schema = querySchemaOf(parameters)
  const valid = drawValid(operation, schema, 'form', seed)
  const broken = parameters.flatMap(({ name, schema: parameterSchema, required }) => [
    ...(required === true
      ? [
          {
            name,
            rule: 'is missing (required)',
            id: queryRule(operation.id, name, 'required'),
            query: withoutValue(valid, [name]),
          },
        ]
      : []),
    ...fieldBreakers(parameterSchema, isJson(valid) ? valid[name] : undefined, 'form').map(
      ({ rule, keyword, value }) => ({
        name,
        rule,
        id: queryRule(operation.id, name, keyword),
        query: withValue(valid, [name], value),
      }),
    ),
  ])
  // Decision 3: a parameter the operation does not have is refused, never ignored.
  const unknown = {
    name: UNKNOWN_FIELD,
    rule: 'is sent (unknown parameters are refused)',
    id: unknownQueryRule(operation.id),
    query: withValue(valid, [UNKNOWN_FIELD], 'x'),
  }
  return [
    { label: 'query, valid', request: { query: pairsOf(valid) }, refusal: undefined },
    ...[...broken, unknown]
      .filter(({ name, query }) => breaksOnly(failuresOf(schema, query, 'form'), [name]))
      .map(({ name, rule, id, query }) => ({
        label: `query ${name} ${rule}`,
        request: { query: pairsOf(query) },
        refusal: { status: 400, field: name },
        rules: [id],
      })),
  ]
}
