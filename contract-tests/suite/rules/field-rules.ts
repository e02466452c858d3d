// The rules of each request body field, per media type the operation declares, and of each query
// parameter: one per constraint keyword the schema states (constraints.ts). A form, a multipart
// body and a query string carry text, so what text cannot break is no rule there.
import type { DocumentOperation } from '../../../openapi/document-model.ts'
import {
  overlay,
  resolveProvenance,
  type ProvenanceStatement,
} from '../../../openapi/provenance.ts'
import {
  isObjectView,
  nameOf,
  type SchemaView,
  type SchemaViews,
} from '../generated-requests/schema-view.ts'
import { constraintsOf } from './constraints.ts'
import { queryParametersOf } from './documented-operations.ts'
import {
  fieldRule,
  mediaName,
  queryRule,
  unknownQueryRule,
  type Rule,
  type RuleProvenance,
} from './rule.ts'

type Chain = readonly (ProvenanceStatement | undefined)[]

/** A rule's provenance from the statements above it, its own last (openapi/provenance.ts). */
const provenanceOf = (chain: Chain, keyword: string): RuleProvenance =>
  resolveProvenance(chain, keyword) ?? 'unlabelled'

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
  { type: mediaType, schema, provenance }: DocumentOperation['bodies'][number],
  views: SchemaViews,
): Rule[] {
  const media = mediaName(mediaType)
  const text = media !== 'json'
  const label = `${operation.id}, ${media === 'json' ? 'JSON' : media} body:`
  const walk = (node: unknown, path: string[], required: boolean, above: Chain): Rule[] => {
    const view = views.viewOf(node)
    const chain = [...above, view.provenance]
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
      provenance: provenanceOf(chain, keyword),
    }))
    if (!isWalkedObject(view)) return own
    return [
      ...own,
      ...Object.entries(view.properties).flatMap(([name, property]) =>
        walk(
          property,
          [...path, name],
          view.required.includes(name) && !(text && soleField(view, path)),
          chain,
        ),
      ),
    ]
  }
  return walk(schema, [], false, [operation.provenance, provenance])
}

export const bodyFieldRules = (operation: DocumentOperation, views: SchemaViews): Rule[] =>
  operation.bodies.flatMap((body) => bodyRules(operation, body, views))

/**
 * Each constraint of each query parameter (who states it: the parameter's `x-provenance` over its
 * schema's), and decision 3's unknown parameter, of `unknown`'s provenance.
 */
export function queryRules(
  operation: DocumentOperation,
  views: SchemaViews,
  unknown: RuleProvenance,
): Rule[] {
  const parameterRules = queryParametersOf(operation).flatMap((parameter) => {
    const { name, schema, required } = parameter
    const view = views.viewOf(schema)
    const chain = [operation.provenance, overlay(view.provenance, parameter.provenance)]
    return [
      ...(required === true ? [{ keyword: 'required' as const, says: 'is required' }] : []),
      ...constraintsOf(view, true, views),
    ].map(({ keyword, says }): Rule => ({
      id: queryRule(operation.id, name, keyword),
      kind: 'query',
      operationId: operation.id,
      parameter: name,
      keyword,
      title: `${operation.id}: the query parameter ${name} ${says}`,
      provenance: provenanceOf(chain, keyword),
    }))
  })
  return [
    ...parameterRules,
    {
      id: unknownQueryRule(operation.id),
      kind: 'query',
      operationId: operation.id,
      parameter: undefined,
      keyword: 'unknown',
      title: `${operation.id}: an unknown query parameter is a 400 naming it`,
      provenance: unknown,
    },
  ]
}
