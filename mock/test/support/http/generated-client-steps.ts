// Run by mock/http/generated-client.test.ts in a process of its own, under tsx, which loads the
// generated TypeScript as it is: `node --import tsx generated-client-steps.ts <generator> <client
// dir> <url>`. Creates a contact, fetches it with include[], patches and deletes it through a client
// that openapi-typescript-codegen, Kubb 4 or orval 8 generated from the document, used as its
// documentation shows, and prints one JSON line per step.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ACME_ORG_ID, ALICE } from '../../../../fixtures/identities.ts'

const GENERATORS = ['openapi-typescript-codegen', 'kubb', 'orval'] as const
export type Generator = (typeof GENERATORS)[number]

export interface StepContact {
  id: string
  first_name: string
  relationship_type: number
  job_title: string | null
  deleted_at: string | null
  tags?: unknown[]
}

/** What one step answered: the record, or the generated client's error (status and body). */
export type StepResult =
  { step: string; contact: StepContact | null } | { step: string; status: number; body: unknown }

interface ContactBody {
  contact: Record<string, unknown>
}

/** The four calls the steps make, whichever generator wrote them. */
interface ContactCalls {
  create: (body: ContactBody) => Promise<StepContact>
  /** GET of the contact, with `include[]` repeated for each group when there are any. */
  fetch: (id: string, include?: string[]) => Promise<StepContact>
  patch: (id: string, body: ContactBody) => Promise<StepContact>
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

const load = async <T>(clientDir: string, file: string): Promise<T> =>
  (await import(pathToFileURL(join(clientDir, file)).href)) as T

/** openapi-typescript-codegen: services of static methods, configured through `OpenAPI`. */
interface Codegen {
  OpenAPI: { BASE: string; TOKEN?: string | undefined }
  ContactsService: {
    createContact: (orgId: string, body: ContactBody) => Promise<StepContact>
    getContact: (orgId: string, id: string, include?: string[]) => Promise<StepContact>
    updateContact: (orgId: string, id: string, body: ContactBody) => Promise<StepContact>
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
  createContact: (orgId: string, data: ContactBody) => Promise<Full>
  getContact: (orgId: string, id: string, params?: { 'include[]'?: string[] }) => Promise<Full>
  updateContact: (orgId: string, id: string, data: ContactBody) => Promise<Full>
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
  createContact: (orgId: string, body: ContactBody, options?: RequestInit) => Promise<Full>
  getContact: (
    orgId: string,
    id: string,
    params?: { 'include[]'?: string[] },
    options?: RequestInit,
  ) => Promise<Full>
  updateContact: (
    orgId: string,
    id: string,
    body: ContactBody,
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
 * The groups the fetch step asks for. Kubb's bundled fetch client writes an array parameter as
 * one comma-joined value (`include[]=tags,pets`, which the document's explode: true does not
 * allow, a 400), so it asks for one group; the others repeat the parameter.
 */
const INCLUDE: Record<Generator, string[]> = {
  'openapi-typescript-codegen': ['tags', 'pets'],
  kubb: ['tags'],
  orval: ['tags', 'pets'],
}

const hasStatus = (error: unknown): error is { status: number; body: unknown } =>
  typeof error === 'object' && error !== null && 'status' in error && 'body' in error

async function runSteps(generator: Generator, clientDir: string, baseUrl: string): Promise<void> {
  const contacts =
    generator === 'kubb'
      ? await kubbCalls(clientDir, baseUrl)
      : generator === 'orval'
        ? await orvalCalls(clientDir)
        : await codegenCalls(clientDir, baseUrl)
  const print = (result: StepResult): void => {
    process.stdout.write(`${JSON.stringify(result)}\n`)
  }
  const step = async (name: string, act: () => Promise<StepContact | null>): Promise<boolean> => {
    try {
      print({ step: name, contact: await act() })
      return true
    } catch (error) {
      if (!hasStatus(error)) throw error
      print({ step: name, status: error.status, body: error.body })
      return false
    }
  }
  let id = ''
  const steps: [string, () => Promise<StepContact | null>][] = [
    [
      'create',
      async () => {
        const created = await contacts.create({
          contact: { first_name: 'Gen', last_name: 'Erated', relationship_type: 2 },
        })
        id = created.id
        return created
      },
    ],
    ['fetch', () => contacts.fetch(id, INCLUDE[generator])],
    ['patch', () => contacts.patch(id, { contact: { job_title: 'Pilot' } })],
    [
      'delete',
      async () => {
        await contacts.remove(id)
        return null
      },
    ],
    ['read', () => contacts.fetch(id)],
  ]
  for (const [name, act] of steps) if (!(await step(name, act))) return
}

const [generator, clientDir, baseUrl] = process.argv.slice(2)
if (
  !GENERATORS.includes(generator as Generator) ||
  clientDir === undefined ||
  baseUrl === undefined
) {
  throw new Error(
    `usage: generated-client-steps.ts <${GENERATORS.join('|')}> <client dir> <base URL>`,
  )
}
await runSteps(generator as Generator, clientDir, baseUrl)
