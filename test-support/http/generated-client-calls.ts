// The four calls generated-client-steps.ts makes, written once per generator as that generator's
// documentation shows them: openapi-typescript-codegen, Kubb 4, orval 8 and @hey-api/openapi-ts
// load the client they generated into a folder (TypeScript, through tsx); openapi-fetch is typed by
// openapi/types.ts, which openapi-typescript generates from the document (npm run generate:types).
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import createClient from 'openapi-fetch'
import { ACME_ORG_ID, ALICE } from '../../fixtures/identities.ts'
import type { components, paths } from '../../openapi/types.ts'

export const GENERATORS = [
  'openapi-typescript-codegen',
  'kubb',
  'orval',
  '@hey-api/openapi-ts',
  'openapi-fetch',
] as const
export type Generator = (typeof GENERATORS)[number]

export interface StepContact {
  id: string
  first_name: string
  relationship_type: number
  job_title: string | null
  deleted_at: string | null
  tags?: unknown[]
  pets?: unknown[]
}

type CreateBody = components['schemas']['ContactCreateRequest']
type UpdateBody = components['schemas']['ContactUpdateRequest']
/** The groups a fetch may ask for, as the document names them. */
type Include = NonNullable<
  NonNullable<
    paths['/api/v1/orgs/{org_id}/contacts/{contact_id}']['get']['parameters']['query']
  >['include[]']
>

/**
 * The groups the fetch step asks for. Kubb's bundled fetch client writes an array parameter as
 * one comma-joined value (`include[]=tags,pets`, which the document's explode: true does not
 * allow, a 400), so it asks for one group; the others repeat the parameter
 * (`include[]=tags&include[]=pets`) as they are, @hey-api/openapi-ts's and openapi-fetch's by
 * their default query serializer (form, explode: true).
 */
export const INCLUDE: Record<Generator, Include> = {
  'openapi-typescript-codegen': ['tags', 'pets'],
  kubb: ['tags'],
  orval: ['tags', 'pets'],
  '@hey-api/openapi-ts': ['tags', 'pets'],
  'openapi-fetch': ['tags', 'pets'],
}

/** The four calls the steps make, whichever generator wrote them. */
export interface ContactCalls {
  create: (body: CreateBody) => Promise<StepContact>
  /** GET of the contact, with `include[]` repeated for each group when there are any. */
  fetch: (id: string, include?: Include) => Promise<StepContact>
  patch: (id: string, body: UpdateBody) => Promise<StepContact>
  remove: (id: string) => Promise<void>
}

/** A non-2xx answer, as openapi-typescript-codegen's ApiError carries it. */
class StatusError extends Error {
  readonly status: number
  readonly body: unknown

  constructor(status: number, body: unknown) {
    super(`status ${String(status)}`)
    this.status = status
    this.body = body
  }
}

/** What Kubb's and orval's fetch functions answer: they do not throw on an error status. */
interface Full {
  status: number
  data: unknown
}
const dataOf = ({ status, data }: Full): StepContact => {
  if (status < 200 || status > 299) throw new StatusError(status, data)
  return data as StepContact
}

/**
 * What @hey-api/openapi-ts's and openapi-fetch's calls answer (they do not throw either): the
 * parsed body as `data` on a 2xx, as `error` otherwise, and the Response.
 */
interface Outcome<T> {
  data?: T
  error?: unknown
  response: Response
}
function dataOrThrow<T>({ data, error, response }: Outcome<T>): T | undefined {
  if (!response.ok) throw new StatusError(response.status, error)
  return data
}
const contactOf = <T extends StepContact>(outcome: Outcome<T>): StepContact => {
  const data = dataOrThrow(outcome)
  if (data === undefined) throw new Error(`a ${String(outcome.response.status)} without a body`)
  return data
}

/** The path parameters of one contact of the organization the steps work in. */
const contactPath = (id: string) => ({ org_id: ACME_ORG_ID, contact_id: id })

const load = async <T>(clientDir: string, file: string): Promise<T> =>
  (await import(pathToFileURL(join(clientDir, file)).href)) as T

/** openapi-typescript-codegen: services of static methods, configured through `OpenAPI`. */
interface Codegen {
  OpenAPI: { BASE: string; TOKEN?: string | undefined }
  ContactsService: {
    createContact: (orgId: string, body: CreateBody) => Promise<StepContact>
    getContact: (orgId: string, id: string, include?: Include) => Promise<StepContact>
    updateContact: (orgId: string, id: string, body: UpdateBody) => Promise<StepContact>
    deleteContact: (orgId: string, id: string) => Promise<void>
  }
}

async function codegenCalls(clientDir: string, baseUrl: string): Promise<ContactCalls> {
  const client = await load<Codegen>(clientDir, 'index.ts')
  client.OpenAPI.BASE = baseUrl
  client.OpenAPI.TOKEN = ALICE.token
  const contacts = client.ContactsService
  return {
    create: (body) => contacts.createContact(ACME_ORG_ID, body),
    fetch: (id, include) => contacts.getContact(ACME_ORG_ID, id, include),
    patch: (id, body) => contacts.updateContact(ACME_ORG_ID, id, body),
    remove: (id) => contacts.deleteContact(ACME_ORG_ID, id),
  }
}

/** Kubb 4: one function per operation over the fetch client bundled in `.kubb/`. */
interface Kubb {
  createContact: (orgId: string, data: CreateBody) => Promise<Full>
  getContact: (orgId: string, id: string, params?: { 'include[]'?: Include }) => Promise<Full>
  updateContact: (orgId: string, id: string, data: UpdateBody) => Promise<Full>
  deleteContact: (orgId: string, id: string) => Promise<Full>
}
interface KubbFetch {
  setConfig: (config: { baseURL: string; headers: Record<string, string> }) => unknown
}

async function kubbCalls(clientDir: string, baseUrl: string): Promise<ContactCalls> {
  const client = await load<Kubb>(clientDir, 'index.ts')
  // Kubb's fetch client sends JSON.stringify's text without a Content-Type (fetch would call it
  // text/plain, a 415): the JSON one is set with the token, as its setConfig is meant for.
  const headers = { Authorization: `Bearer ${ALICE.token}`, 'Content-Type': 'application/json' }
  ;(await load<KubbFetch>(clientDir, '.kubb/fetch.ts')).setConfig({ baseURL: baseUrl, headers })
  return {
    create: async (body) => dataOf(await client.createContact(ACME_ORG_ID, body)),
    fetch: async (id, include) =>
      dataOf(await client.getContact(ACME_ORG_ID, id, include && { 'include[]': include })),
    patch: async (id, body) => dataOf(await client.updateContact(ACME_ORG_ID, id, body)),
    remove: async (id) => {
      dataOf(await client.deleteContact(ACME_ORG_ID, id))
    },
  }
}

/** orval 8: one file of fetch functions; the token goes in each call's RequestInit. */
interface Orval {
  createContact: (orgId: string, body: CreateBody, options?: RequestInit) => Promise<Full>
  getContact: (
    orgId: string,
    id: string,
    params?: { 'include[]'?: Include },
    options?: RequestInit,
  ) => Promise<Full>
  updateContact: (
    orgId: string,
    id: string,
    body: UpdateBody,
    options?: RequestInit,
  ) => Promise<Full>
  deleteContact: (
    orgId: string,
    id: string,
    body?: undefined,
    params?: undefined,
    options?: RequestInit,
  ) => Promise<Full>
}

async function orvalCalls(clientDir: string): Promise<ContactCalls> {
  const client = await load<Orval>(clientDir, 'client.ts')
  const auth = { headers: { Authorization: `Bearer ${ALICE.token}` } }
  return {
    create: async (body) => dataOf(await client.createContact(ACME_ORG_ID, body, auth)),
    fetch: async (id, include) =>
      dataOf(await client.getContact(ACME_ORG_ID, id, include && { 'include[]': include }, auth)),
    patch: async (id, body) => dataOf(await client.updateContact(ACME_ORG_ID, id, body, auth)),
    remove: async (id) => {
      dataOf(await client.deleteContact(ACME_ORG_ID, id, undefined, undefined, auth))
    },
  }
}

/**
 * @hey-api/openapi-ts: one function per operation taking `{ path, query, body }`, over the fetch
 * client it generates beside them (`client.gen.ts`), which `setConfig` points at the mock. `auth`
 * is the token the client puts where each operation's security asks (here a bearer header).
 */
type HeyApiCall<Options, Data = StepContact> = (options: Options) => Promise<Outcome<Data>>
interface HeyApi {
  createContact: HeyApiCall<{ path: { org_id: string }; body: CreateBody }>
  getContact: HeyApiCall<{
    path: { org_id: string; contact_id: string }
    query?: { 'include[]'?: Include }
  }>
  updateContact: HeyApiCall<{ path: { org_id: string; contact_id: string }; body: UpdateBody }>
  deleteContact: HeyApiCall<{ path: { org_id: string; contact_id: string } }, undefined>
}
interface HeyApiClient {
  client: { setConfig: (config: { baseUrl: string; auth: string }) => unknown }
}

async function heyApiCalls(clientDir: string, baseUrl: string): Promise<ContactCalls> {
  const sdk = await load<HeyApi>(clientDir, 'index.ts')
  const { client } = await load<HeyApiClient>(clientDir, 'client.gen.ts')
  client.setConfig({ baseUrl, auth: ALICE.token })
  return {
    create: async (body) =>
      contactOf(await sdk.createContact({ path: { org_id: ACME_ORG_ID }, body })),
    fetch: async (id, include) =>
      contactOf(
        await sdk.getContact({ path: contactPath(id), query: include && { 'include[]': include } }),
      ),
    patch: async (id, body) => contactOf(await sdk.updateContact({ path: contactPath(id), body })),
    remove: async (id) => {
      dataOrThrow(await sdk.deleteContact({ path: contactPath(id) }))
    },
  }
}

/**
 * openapi-fetch: no generated code, one client typed by the document's `paths`, so that tsc (npm run
 * typecheck) checks each call below against the document.
 */
function openapiFetchCalls(baseUrl: string): ContactCalls {
  const client = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${ALICE.token}` },
  })
  const CONTACT = '/api/v1/orgs/{org_id}/contacts/{contact_id}'
  return {
    create: async (body) =>
      contactOf(
        await client.POST('/api/v1/orgs/{org_id}/contacts', {
          params: { path: { org_id: ACME_ORG_ID } },
          body,
        }),
      ),
    fetch: async (id, include) =>
      contactOf(
        await client.GET(CONTACT, {
          params: { path: contactPath(id), query: include && { 'include[]': include } },
        }),
      ),
    patch: async (id, body) =>
      contactOf(await client.PATCH(CONTACT, { params: { path: contactPath(id) }, body })),
    remove: async (id) => {
      dataOrThrow(await client.DELETE(CONTACT, { params: { path: contactPath(id) } }))
    },
  }
}

/** The calls of the client `generator` wrote into `clientDir` (none for openapi-fetch). */
export async function loadCalls(
  generator: Generator,
  clientDir: string,
  baseUrl: string,
): Promise<ContactCalls> {
  switch (generator) {
    case 'openapi-typescript-codegen':
      return codegenCalls(clientDir, baseUrl)
    case 'kubb':
      return kubbCalls(clientDir, baseUrl)
    case 'orval':
      return orvalCalls(clientDir)
    case '@hey-api/openapi-ts':
      return heyApiCalls(clientDir, baseUrl)
    case 'openapi-fetch':
      return openapiFetchCalls(baseUrl)
  }
}
