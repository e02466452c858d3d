// The two sides of the generative phase: the model (what the document says the target holds) and
// the real target, reached through requests that are recorded as curl commands for the report.
import {
  call,
  orgPath,
  type ApiResponse,
  type Method,
  type RequestOptions,
} from '../support/api.ts'
import { encodeFields } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'

export interface ModelContact {
  id: string
  jobTitle: string
  updatedAt: string
  deletedAt: string | null
  purged: boolean
}

export interface ModelRelationship {
  id: string
  contactId: string
  deleted: boolean
  /** Removed for good with its contact (decision 15). */
  gone: boolean
}

export interface Model {
  contacts: ModelContact[]
  relationships: ModelRelationship[]
}

export interface World {
  /** The word every contact of this sequence carries: a search for it lists exactly them. */
  word: string
  /** The requests sent so far, as curl commands (the token as $CONTRACT_TOKEN, never itself). */
  curl: string[]
}

const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`

function curlOf(method: Method, path: string, options: RequestOptions): string {
  const query =
    options.query === undefined || options.query === ''
      ? ''
      : `?${typeof options.query === 'string' ? options.query : encodeFields(options.query)}`
  const form =
    options.form === undefined
      ? ''
      : ` --data ${quote(typeof options.form === 'string' ? options.form : encodeFields(options.form))}`
  const method_ = method === 'GET' ? '' : ` -X ${method}`
  return `curl${method_} -H 'Authorization: Bearer $CONTRACT_TOKEN' ${quote(`${contractEnv().baseUrl}${path}${query}`)}${form}`
}

/** Sends one request and records it as a curl command. */
export async function send(
  world: World,
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  world.curl.push(curlOf(method, path, options))
  return call(method, path, options)
}

export const contactPath = (id?: string): string =>
  id === undefined ? orgPath('contacts') : orgPath('contacts', id)

export const relationshipPath = (id?: string): string =>
  id === undefined ? orgPath('user_relationships') : orgPath('user_relationships', id)

/** A contact of the model picked by a generated number; undefined when none fits. */
export function pick<T>(
  items: readonly T[],
  slot: number,
  fits: (item: T) => boolean,
): T | undefined {
  const candidates = items.filter(fits)
  return candidates[slot % Math.max(1, candidates.length)]
}

export const live = (contact: ModelContact): boolean => !contact.purged
