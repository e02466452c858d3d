// One way to be wrong at each stage of decision 2's order of checks, as a change to a request that
// is otherwise right: two of them make a request wrong in two ways, and the earlier stage's answer
// must win. The record a request names never exists (a fresh UUID), so none of them changes data.
import { randomUUID } from 'node:crypto'
import { maxBodyBytesOf } from '../../../openapi/document.ts'
import type { Stage } from '../rules/rule.ts'
import { encodeFields, type Method, type RequestOptions } from '../support/api.ts'
import { contractDocument } from '../support/document.ts'
import { contractEnv } from '../support/env.ts'
import {
  API_METHODS,
  documentedPaths,
  exampleBody,
  formFieldsOf,
  labelOf,
  methodOf,
  takesBody,
  type Operation,
} from '../support/operations.ts'

/** A request being built: where it goes, how it is authenticated, its query and form body. */
export interface Draft {
  method: Method
  orgId: string
  /** The value of every record id in the path. */
  recordId: string
  token: RequestOptions['token']
  query: [string, string][]
  /** The urlencoded form's text; undefined: no body. */
  form: string | undefined
  contentType: string
}

export interface StageFault {
  /** How the request is wrong: `no token`. */
  label: string
  status: number
  /** The fields or parameters the answer's `errors` must name, when the stage names them. */
  named: string[]
  apply: (draft: Draft) => Draft
}

/** A stage's fault: `change` made to the draft; its answer names `named`. */
const fault = (
  label: string,
  status: number,
  change: (draft: Draft) => Partial<Draft>,
  named: string[] = [],
): StageFault => ({ label, status, named, apply: (draft) => ({ ...draft, ...change(draft) }) })

const FORM = 'application/x-www-form-urlencoded'
const UNKNOWN_PARAMETER = 'contract_unknown_parameter'
const UNKNOWN_FIELD = 'contract_unknown_field'

/** The operation's example body, as the form the document also takes (every body here does). */
function exampleForm(operation: Operation): string | undefined {
  if (!takesBody(operation)) return undefined
  const { json, form = [] } = exampleBody(operation)
  if (typeof form === 'string') return form
  return encodeFields(json === undefined ? form : formFieldsOf(json))
}

/** A request each stage lets through: a fresh record id, the run's token if asked, the example body. */
export const rightDraft = (operation: Operation): Draft => ({
  method: methodOf(operation),
  orgId: contractEnv().orgId,
  recordId: randomUUID(),
  // An operation that asks for no token (login) gets none: a probe of it never carries a real one.
  token: operation.security.length === 0 ? null : undefined,
  query: [],
  form: exampleForm(operation),
  contentType: FORM,
})

/** A method the operation's path does not have; PUT first, which no path of the API has. */
function lackingMethod(operation: Operation): Method {
  const has = documentedPaths().find(({ template }) => template === operation.template)?.methods
  const lacking = ['PUT', ...API_METHODS].find((method) => !(has ?? []).includes(method))
  if (lacking === undefined) throw new Error(`${labelOf(operation)} has every method`)
  return lacking as Method
}

const appended = (form: string | undefined, field: string): string =>
  form === undefined || form === '' ? field : `${form}&${field}`

/** A form just over the size limit whatever else it holds. */
const oversized = (form: string | undefined): string =>
  appended(form, `padding=${'x'.repeat(maxBodyBytesOf(contractDocument))}`)

export const STAGE_FAULTS: Readonly<Record<Stage, (operation: Operation) => StageFault>> = {
  route: (operation) =>
    fault(`the method ${lackingMethod(operation)} (its path lacks it)`, 405, () => ({
      method: lackingMethod(operation),
    })),
  auth: () => fault('no token', 401, () => ({ token: null })),
  membership: () =>
    fault('an organization the user is not a member of', 403, () => ({ orgId: randomUUID() })),
  size: () => fault('a body over the size limit', 413, ({ form }) => ({ form: oversized(form) })),
  'path-id': () => fault('a record id that is not a UUID', 404, () => ({ recordId: 'not-a-uuid' })),
  query: () =>
    fault(
      'an unknown query parameter',
      400,
      ({ query }) => ({ query: [...query, [UNKNOWN_PARAMETER, '1']] }),
      [UNKNOWN_PARAMETER],
    ),
  media: () =>
    fault('a body of a type it does not take', 415, () => ({ contentType: 'application/xml' })),
  syntax: () =>
    fault('a body with a broken percent-escape', 400, ({ form }) => ({
      form: appended(form, 'broken=%E0%A4%A'),
    })),
  fields: () =>
    fault(
      'an unknown body field',
      422,
      ({ form }) => ({ form: appended(form, `${UNKNOWN_FIELD}=1`) }),
      [UNKNOWN_FIELD],
    ),
  // The draft's record id is a fresh UUID already.
  existence: () => fault('a record that does not exist', 404, () => ({})),
  // Only a record of the run's own can be soft-deleted: order-pairs.ts makes one.
  state: () => fault('a soft-deleted record', 409, () => ({})),
}

/** The path of the draft: the organization and every record id put in. */
export const draftPath = (operation: Operation, draft: Draft): string =>
  operation.template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === 'org_id' ? draft.orgId : draft.recordId,
  )

/** What `call` sends for the draft. */
export const draftOptions = (draft: Draft): RequestOptions => ({
  ...(draft.token === undefined ? {} : { token: draft.token }),
  query: draft.query,
  ...(draft.form === undefined
    ? {}
    : { raw: { contentType: draft.contentType, body: draft.form } }),
})
