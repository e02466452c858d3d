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
  named: (draft: Draft) => string[]
  apply: (draft: Draft) => Draft
}

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
  route: (operation) => ({
    label: `the method ${lackingMethod(operation)} (its path lacks it)`,
    status: 405,
    named: () => [],
    apply: (draft) => ({ ...draft, method: lackingMethod(operation) }),
  }),
  auth: () => ({
    label: 'no token',
    status: 401,
    named: () => [],
    apply: (draft) => ({ ...draft, token: null }),
  }),
  membership: () => ({
    label: 'an organization the user is not a member of',
    status: 403,
    named: () => [],
    apply: (draft) => ({ ...draft, orgId: randomUUID() }),
  }),
  size: () => ({
    label: 'a body over the size limit',
    status: 413,
    named: () => [],
    apply: (draft) => ({ ...draft, form: oversized(draft.form) }),
  }),
  'path-id': () => ({
    label: 'a record id that is not a UUID',
    status: 404,
    named: () => [],
    apply: (draft) => ({ ...draft, recordId: 'not-a-uuid' }),
  }),
  query: () => ({
    label: 'an unknown query parameter',
    status: 400,
    named: () => [UNKNOWN_PARAMETER],
    apply: (draft) => ({ ...draft, query: [...draft.query, [UNKNOWN_PARAMETER, '1']] }),
  }),
  media: () => ({
    label: 'a body of a type it does not take',
    status: 415,
    named: () => [],
    apply: (draft) => ({ ...draft, contentType: 'application/xml' }),
  }),
  syntax: () => ({
    label: 'a body with a broken percent-escape',
    status: 400,
    named: () => [],
    apply: (draft) => ({ ...draft, form: appended(draft.form, 'broken=%E0%A4%A') }),
  }),
  fields: () => ({
    label: 'an unknown body field',
    status: 422,
    named: () => [UNKNOWN_FIELD],
    apply: (draft) => ({ ...draft, form: appended(draft.form, `${UNKNOWN_FIELD}=1`) }),
  }),
  existence: () => ({
    label: 'a record that does not exist',
    status: 404,
    named: () => [],
    // The draft's record id is a fresh UUID already.
    apply: (draft) => draft,
  }),
  state: () => ({
    label: 'a soft-deleted record',
    status: 409,
    named: () => [],
    // Only a record of the run's own can be soft-deleted: order-pairs.ts makes one.
    apply: (draft) => draft,
  }),
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
