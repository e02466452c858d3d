// The rules of each request body field, per media type the operation declares, and of each query
// parameter: one per constraint keyword the schema states (constraints.ts). A form, a multipart
// body and a query string carry text, so what text cannot break is no rule there.
import type { DocumentOperation } from '../../../openapi/document-model.ts'
import {
  isObjectView,
  nameOf,
  type SchemaView,
  type SchemaViews,
} from '../generated-requests/schema-view.ts'
import { constraintsOf } from './constraints.ts'
import { queryParametersOf } from './documented-operations.ts'
import { fieldRule, mediaName, queryRule, unknownQueryRule, type Rule } from './rule.ts'

const isWalkedObject = (view: SchemaView): boolean =>
  isObjectView(view) && view.branches.length === 0

/**
 * In text an inner object is its fields: without its only field it is not sent at all, and it is
 * its own `required` that breaks.
 */
const soleField = (view: SchemaView, path: readonly string[]): boolean =>
  path.length > 0 && Object.keys(view.properties).length === 1

/** The rules of one body media type of the operation: each field's, the body's own unknown fields. */
function bodyRules(
  operation: DocumentOperation,
  mediaType: string,
  schema: unknown,
  views: SchemaViews,
): Rule[] {
  const media = mediaName(mediaType)
  const text = media !== 'json'
  const label = `${operation.id}, ${media === 'json' ? 'JSON' : media} body:`
  const walk = (node: unknown, path: string[], required: boolean): Rule[] => {
    const view = views.viewOf(node)
    const constraints =
      path.length === 0
        ? constraintsOf(view, text, views).filter(
            ({ keyword }) => keyword === 'additionalProperties',
          )
        : [
            ...(required ? [{ keyword: 'required' as const, says: 'is required' }] : []),
            ...constraintsOf(view, text, views),
          ]
    const own = constraints.map(({ keyword, says }): Rule => ({
      id: fieldRule(operation.id, media, path, keyword),
      kind: 'field',
      operationId: operation.id,
      media,
      field: path.length === 0 ? '$' : path.join('.'),
      keyword,
      title: `${label} ${path.length === 0 ? 'the body' : nameOf(path)} ${says}`,
    }))
    if (!isWalkedObject(view)) return own
    return [
      ...own,
      ...Object.entries(view.properties).flatMap(([name, property]) =>
        walk(
          property,
          [...path, name],
          view.required.includes(name) && !(text && soleField(view, path)),
        ),
      ),
    ]
  }
  return walk(schema, [], false)
}

export const bodyFieldRules = (operation: DocumentOperation, views: SchemaViews): Rule[] =>
  operation.bodies.flatMap(({ type, schema }) => bodyRules(operation, type, schema, views))

/** Each constraint of each query parameter, and decision 3's unknown parameter. */
export function queryRules(operation: DocumentOperation, views: SchemaViews): Rule[] {
  const parameterRules = queryParametersOf(operation).flatMap(({ name, schema, required }) =>
    [
      ...(required === true ? [{ keyword: 'required' as const, says: 'is required' }] : []),
      ...constraintsOf(views.viewOf(schema), true, views),
    ].map(({ keyword, says }): Rule => ({
      id: queryRule(operation.id, name, keyword),
      kind: 'query',
      operationId: operation.id,
      parameter: name,
      keyword,
      title: `${operation.id}: the query parameter ${name} ${says}`,
    })),
  )
  return [
    ...parameterRules,
    {
      id: unknownQueryRule(operation.id),
      kind: 'query',
      operationId: operation.id,
      parameter: undefined,
      keyword: 'unknown',
      title: `${operation.id}: an unknown query parameter is a 400 naming it`,
    },
  ]
}
