// What the generative phase reads from the run's document (--document): the operations it drives,
// the fields of their bodies with the keywords a boundary is drawn from (maxLength, minLength,
// enum, format, nullability, required), the encodings each body may take, and the bounds and
// values of the query parameters. Nothing here copies a limit: change the document, and the
// drawn values follow.
import { propertyOf } from '../../runner/property-of.ts'
import { bodyEncodingsOf } from '../generated-requests/body-cases.ts'
import { typesOfField, type SchemaView } from '../generated-requests/schema-view.ts'
import type { Encoding } from '../generated-requests/valid-values.ts'
import { viewOf } from '../generated-requests/views.ts'
import { CannotBuildRequest, documentedOperations, type Operation } from '../support/operations.ts'

/** The operations the phase drives, by operationId. */
export const DRIVEN = [
  'listContacts',
  'createContact',
  'getContact',
  'updateContact',
  'deleteContact',
  'listRelationshipTypes',
  'createUserRelationship',
  'getUserRelationship',
  'updateUserRelationship',
  'deleteUserRelationship',
] as const
export type DrivenId = (typeof DRIVEN)[number]

let operations: Map<string, Operation> | undefined

/** The document's operation of that id; a document without it cannot be driven (named). */
export function operationOf(id: DrivenId): Operation {
  operations ??= new Map(documentedOperations().map((operation) => [operation.id, operation]))
  const found = operations.get(id)
  if (found === undefined) {
    throw new Error(`The generative phase drives ${id}, which the document does not have`)
  }
  return found
}

/** The operation's path: its org the run's, each other parameter the value given, in order. */
export function pathOf(id: DrivenId, orgId: string, ...records: string[]): string {
  const values = [...records]
  return operationOf(id).template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === 'org_id' ? orgId : (values.shift() ?? ''),
  )
}

/** One field of a body, as the document states it. */
export interface FieldSpec {
  name: string
  /** The raw schema (values that are not plain text are drawn from it). */
  schema: unknown
  view: SchemaView
  /** Plain text with a length bound: drawn at its limits, in several scripts. */
  text: boolean
  nullable: boolean
  required: boolean
}

/** A body: one object (`contact`) holding the fields, as every body of the driven operations is. */
export interface BodySpec {
  /** The top-level key, e.g. `contact`; undefined when the fields are at the top level. */
  wrapper: string | undefined
  fields: FieldSpec[]
  encodings: Encoding[]
}

const isPlainText = (view: SchemaView): boolean =>
  view.enum === undefined &&
  view.format === undefined &&
  view.branches.length === 0 &&
  view.maxLength !== undefined &&
  (view.types ?? []).includes('string')

const specsOf = (view: SchemaView): FieldSpec[] =>
  Object.entries(view.properties).map(([name, schema]) => {
    const field = viewOf(schema)
    return {
      name,
      schema,
      view: field,
      text: isPlainText(field),
      nullable: typesOfField(field).includes('null'),
      required: view.required.includes(name),
    }
  })

const bodies = new Map<string, BodySpec>()

/** The fields of the operation's body (its JSON schema; the others are the same document's). */
export function bodyOf(id: DrivenId): BodySpec {
  const known = bodies.get(id)
  if (known !== undefined) return known
  const operation = operationOf(id)
  const encodings = bodyEncodingsOf(operation)
  const schema = operation.requestBody?.content['application/json']?.schema
  if (schema === undefined || encodings.length === 0) {
    throw new CannotBuildRequest(operation, 'the generative phase needs a JSON body schema')
  }
  const top = viewOf(schema)
  const [only, ...others] = Object.keys(top.properties)
  const inner = only === undefined ? undefined : viewOf(top.properties[only])
  // `{ contact: { … } }`: the fields are those of the one object inside
  const wrapped =
    others.length === 0 && inner !== undefined && Object.keys(inner.properties).length > 0
  const fields = specsOf(wrapped ? inner : top)
  const spec: BodySpec = { wrapper: wrapped ? only : undefined, fields, encodings }
  bodies.set(id, spec)
  return spec
}

const queryParameter = (id: DrivenId, name: string) =>
  operationOf(id).parameters.find((item) => item.in === 'query' && item.name === name)

/** A query parameter's schema, as a view; undefined when the operation has none of that name. */
export function parameterView(id: DrivenId, name: string): SchemaView | undefined {
  const parameter = queryParameter(id, name)
  return parameter === undefined ? undefined : viewOf(parameter.schema)
}

/** The values of an array parameter's items (`include[]`), from the document's enum. */
export function itemValues(id: DrivenId, name: string): string[] {
  const view = parameterView(id, name)
  const items = view?.items === undefined ? undefined : viewOf(view.items)
  return (items?.enum ?? []).map(String)
}

/** The largest page of a list (the maximum of its `limit`), and the bounds of `page`. */
export function pageBounds(id: DrivenId): { maxLimit: number; minPage: number } {
  const limit = parameterView(id, 'limit')
  const page = parameterView(id, 'page')
  if (limit?.maximum === undefined) {
    throw new CannotBuildRequest(operationOf(id), 'its limit parameter states no maximum')
  }
  return { maxLimit: limit.maximum, minPage: page?.minimum ?? 1 }
}

/** The fields a contact list's search looks in, one field each (the document's x-search-fields). */
export function searchedFields(): string[] {
  const listed = propertyOf(queryParameter('listContacts', 'search'), 'x-search-fields')
  const single = Array.isArray(listed)
    ? listed.flatMap((item: unknown) =>
        Array.isArray(item) && item.length === 1 && typeof item[0] === 'string' ? [item[0]] : [],
      )
    : []
  const text = bodyOf('createContact').fields.filter((field) => field.text)
  return text.map((field) => field.name).filter((name) => single.includes(name))
}
