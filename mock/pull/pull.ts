// `contacts-mock pull`: a deployment read through its public API into a seed file the mock starts
// from (`--data`). GET only, through the paced client: the relationship catalog, then per org every
// contact (deleted ones too) and each with every metadata group, and the token owner's user
// relationships. The operations, their paths, the groups and the page size come from the document;
// the seed is checked by the seed file's own rules before it is written, in one rename.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { OpenAPIV3_1 } from 'openapi-types'
import { createProgressReporter, type ProgressStream } from '../../fixtures/progress.ts'
import { seedData, SeedError } from '../../fixtures/seed-file.ts'
import { modelOf, type DocumentOperation } from '../../openapi/document-model.ts'
import { propertyNamesOf, resolveRef, type OpenApiDocument } from '../../openapi/document.ts'
import { createAnonymizer } from './anonymize.ts'
import { createPacedClient, PullError, type PacedClient } from './paced-client.ts'
import type { User } from '../shared/data.ts'

export { PullError } from './paced-client.ts'

/** What `contacts-mock pull` is asked for (mock/process/options.ts reads it). */
export interface PullConfig {
  url: string
  token: string
  orgIds: string[]
  out: string
  anonymize: boolean
  anonymizeKey: string | undefined
  maxRequests: number
  rate: number
  timeoutMs: number
}

export interface PullIo {
  document: OpenApiDocument
  /** Where the progress line and the notes go (the process's stderr). */
  stderr: ProgressStream
}

export interface PullResult {
  /** The seed file, absolute. */
  out: string
  contacts: number
  deleted: number
  userRelationships: number
  relationshipTypes: number
  /** Contacts listed and gone (404) before their groups were read: left out. */
  vanished: number
  requests: number
  ms: number
  /** The seed's one user: who the mock on the seed knows, with a new token and password. */
  user: User
}

/** A value of the seed's JSON. */
type Value = string | number | boolean | null | Value[] | Row
interface Row {
  [key: string]: Value
}

/** What the pull reads of the document: its operations' paths, the groups, the page size. */
interface Plan {
  catalog: string
  contacts: (orgId: string) => string
  contact: (orgId: string, contactId: string) => string
  userRelationships: (orgId: string) => string
  /** The `include[]` of a list that adds the deleted records. */
  withDeleted: readonly [string, string][]
  /** `include[]` of every metadata group of a contact, and the groups' names. */
  groups: readonly string[]
  /** The largest `limit` of a list. */
  pageSize: number
  /** The fields of a contact (ContactFields). */
  contactFields: readonly string[]
}

function planOf(document: OpenApiDocument): Plan {
  const { operations } = modelOf(document)
  const operation = (id: string): DocumentOperation => {
    const found = operations.find((item) => item.operationId === id)
    if (found === undefined) throw new Error(`the document has no operation ${id}`)
    return found
  }
  const schemaOf = (id: string, name: string): OpenAPIV3_1.SchemaObject => {
    const parameter = operation(id).parameters.find((item) => item.name === name)
    if (parameter?.schema === undefined) throw new Error(`${id} has no parameter ${name}`)
    return resolveRef<OpenAPIV3_1.SchemaObject>(document, parameter.schema)
  }
  const enumOf = (id: string): string[] => {
    const schema = schemaOf(id, 'include[]')
    const items = 'items' in schema && schema.items !== undefined ? schema.items : {}
    return (resolveRef<OpenAPIV3_1.SchemaObject>(document, items).enum ?? []).map(String)
  }
  const fill = (id: string, values: Record<string, string>): string =>
    operation(id).template.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(values[name] ?? ''),
    )
  return {
    catalog: fill('listRelationshipTypes', {}),
    contacts: (org_id) => fill('listContacts', { org_id }),
    contact: (org_id, contact_id) => fill('getContact', { org_id, contact_id }),
    userRelationships: (org_id) => fill('listUserRelationships', { org_id }),
    withDeleted: enumOf('listContacts').map((value) => ['include[]', value] as [string, string]),
    groups: enumOf('getContact'),
    pageSize: schemaOf('listContacts', 'limit').maximum ?? 20,
    contactFields: propertyNamesOf(document, 'ContactFields'),
  }
}

/** A record's id (or another of its ids), '' when it has none. */
const idOf = (row: Row, field = 'id'): string => {
  const id = row[field]
  return typeof id === 'string' ? id : ''
}

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** How far the pull got, for the line that says why it stopped. */
interface Progress {
  contactsRead: number
  contactsListed: number
}

/**
 * A 2xx's body (null for a 404 of a record that `may be gone`); a refusal is the pull's end, said
 * in the deployment's words. `scope`: what a 403 refuses (`org …`).
 */
async function readRow(
  client: PacedClient,
  path: string,
  query: readonly [string, string][],
  scope: string,
  gone: 'may be gone' | 'is there' = 'is there',
): Promise<Row | null> {
  const answer = await client.get(path, query)
  if (answer.status < 300 && isRow(answer.body)) return answer.body
  if (answer.status === 404 && gone === 'may be gone') return null
  const detail = isRow(answer.body) ? answer.body['detail'] : undefined
  const said = typeof detail === 'string' ? `: ${detail}` : ''
  const why =
    answer.status === 401
      ? 'the deployment refused the token (401); check --token (PULL_TOKEN)'
      : answer.status === 403
        ? `the token's user may not read ${scope} (403)`
        : `GET ${path} answered ${String(answer.status)}${said}`
  throw new PullError(why)
}

/** Reads one org of the deployment. */
async function readOrg(
  client: PacedClient,
  plan: Plan,
  orgId: string,
  progress: Progress,
  report: (done: number, total: number) => void,
  maxRequests: number,
): Promise<{ contacts: Row[]; links: Row[]; vanished: number }> {
  const read = (
    path: string,
    query: readonly [string, string][],
    gone: 'may be gone' | 'is there' = 'is there',
  ): Promise<Row | null> => readRow(client, path, query, `org ${orgId}`, gone)

  /** Every page of a list, deleted records too, deduplicated by id (a page may shift). */
  async function readList(path: string, key: string, onFirst?: (count: number) => void) {
    const page = (n: number) =>
      read(path, [...plan.withDeleted, ['limit', String(plan.pageSize)], ['page', String(n)]])
    const first = await page(1)
    const count = typeof first?.['count'] === 'number' ? first['count'] : 0
    onFirst?.(count)
    const pages = Math.ceil(count / plan.pageSize)
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, pages - 1) }, (_, i) => page(i + 2)),
    )
    const rows = new Map<string, Row>()
    for (const body of [first, ...rest]) {
      const items = body?.[key]
      for (const item of Array.isArray(items) ? items : []) {
        if (isRow(item) && typeof item['id'] === 'string') rows.set(item['id'], item)
      }
    }
    return [...rows.values()]
  }

  const listed = await readList(plan.contacts(orgId), 'contacts', (count) => {
    const needed = client.sent() + Math.ceil(count / plan.pageSize) + count
    if (needed > maxRequests) {
      throw new PullError(
        `reading the ${String(count)} contacts of org ${orgId} takes about ${String(needed)} requests, more than --max-requests ${String(maxRequests)}`,
      )
    }
    progress.contactsListed += count
  })
  const include = plan.groups.map((group) => ['include[]', group] as [string, string])
  let vanished = 0
  const contacts = await Promise.all(
    listed.map(async (row) => {
      const detail = await read(plan.contact(orgId, idOf(row)), include, 'may be gone')
      progress.contactsRead++
      report(progress.contactsRead, progress.contactsListed)
      if (detail === null) {
        vanished++
        return null
      }
      // the seed's contact: the document's fields of a contact, its org, and its groups
      const fields = plan.contactFields.flatMap((name) => {
        const value = detail[name]
        return value === undefined ? [] : [[name, value] as const]
      })
      const groups = plan.groups.map((group) => [group, detail[group] ?? []] as const)
      const contact: Row = {
        ...Object.fromEntries(fields),
        org_id: orgId,
        groups: Object.fromEntries(groups),
      }
      return contact
    }),
  )
  const kept = contacts.filter((contact) => contact !== null)
  const ids = new Set(kept.map((contact) => contact['id']))
  const links = (await readList(plan.userRelationships(orgId), 'user_relationships'))
    // a relationship of a contact gone meanwhile is gone too (decision 15)
    .filter((link) => ids.has(link['contact_id'] ?? null))
    .map((link) => ({ ...link, org_id: orgId }))
  return { contacts: kept, links, vanished }
}

/** Writes the text to a temporary file beside `out`, then renames it: never half a seed. */
async function writeAtomically(out: string, text: string): Promise<void> {
  await mkdir(dirname(out), { recursive: true })
  const temporary = join(dirname(out), `.${basename(out)}.${String(process.pid)}.tmp`)
  try {
    await writeFile(temporary, text)
    await rename(temporary, out)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

const secret = (bytes: number): string => randomBytes(bytes).toString('base64url')

/** Pulls the deployment into `config.out`; a PullError says why it could not, nothing written. */
export async function pullDeployment(config: PullConfig, io: PullIo): Promise<PullResult> {
  const started = performance.now()
  const plan = planOf(io.document)
  const client = createPacedClient({
    baseUrl: config.url,
    token: config.token,
    maxRequests: config.maxRequests,
    rate: config.rate,
    timeoutMs: config.timeoutMs,
    onNote: (line) => io.stderr.write(`${line}\n`),
  })
  const progress: Progress = { contactsRead: 0, contactsListed: 0 }
  const report = createProgressReporter(io.stderr, 'Reading contacts')
  const contacts: Row[] = []
  const links: Row[] = []
  let vanished = 0
  let catalog: Value[]
  try {
    const types = (await readRow(client, plan.catalog, [], 'the catalog'))?.['relationships']
    if (!Array.isArray(types)) throw new PullError(`GET ${plan.catalog} answered no catalog`)
    catalog = types
    for (const orgId of config.orgIds) {
      const org = await readOrg(client, plan, orgId, progress, report, config.maxRequests)
      contacts.push(...org.contacts)
      links.push(...org.links)
      vanished += org.vanished
    }
  } catch (error) {
    if (!(error instanceof PullError)) throw error
    const where =
      progress.contactsListed === 0
        ? 'before any contact was read'
        : `with ${String(progress.contactsRead)} of ${String(progress.contactsListed)} contacts read`
    const sent = client.sent()
    const requests = `${String(sent)} request${sent === 1 ? '' : 's'}`
    throw new PullError(`${error.message}, after ${requests} ${where}`)
  } finally {
    client.close()
  }

  const owners = new Set(links.flatMap((link) => idOf(link, 'user_id') || []))
  const user: User = {
    // the token owner's id, as the relationships name it; a new one when it has none
    id: owners.values().next().value ?? randomUUID(),
    name: 'Pulled user',
    email: 'pulled-user@example.com',
    password: secret(12),
    token: secret(24),
    org_ids: config.orgIds,
  }
  const seed = {
    orgs: config.orgIds.map((id) => ({ id, name: `Organization ${id.slice(0, 8)}` })),
    users: [{ ...user, org_ids: [...user.org_ids] }],
    relationship_types: catalog,
    contacts: config.anonymize
      ? createAnonymizer(config.anonymizeKey ?? secret(32), contacts).anonymize(contacts)
      : contacts,
    user_relationships: links,
  }
  try {
    seedData(seed, io.document)
  } catch (error) {
    if (!(error instanceof SeedError)) throw error
    throw new PullError(
      `what the deployment answered is not a seed the mock takes:\n${error.message}`,
    )
  }
  const out = resolve(config.out)
  await writeAtomically(out, `${JSON.stringify(seed, null, 2)}\n`)
  return {
    out,
    contacts: contacts.length,
    deleted: contacts.filter((contact) => contact['deleted_at'] !== null).length,
    userRelationships: links.length,
    relationshipTypes: catalog.length,
    vanished,
    requests: client.sent(),
    ms: performance.now() - started,
    user,
  }
}

/** `contacts-mock pull`: the pull, what it wrote and the new credentials, printed once. */
export async function runPull(
  config: PullConfig,
  io: PullIo & { stdout: { write: (text: string) => unknown } },
): Promise<number> {
  let result: PullResult
  try {
    result = await pullDeployment(config, io)
  } catch (error) {
    if (!(error instanceof PullError)) throw error
    io.stderr.write(`contacts-mock pull: ${error.message}; nothing was written.\n`)
    return 1
  }
  const { user } = result
  const gone =
    result.vanished === 0 ? '' : ` (${String(result.vanished)} deleted meanwhile: left out)`
  io.stdout.write(
    [
      `Pulled ${String(result.contacts)} contacts (${String(result.deleted)} deleted)${gone}, ` +
        `${String(result.userRelationships)} user relationships and ` +
        `${String(result.relationshipTypes)} relationship types in ` +
        `${(result.ms / 1000).toFixed(1)} s (${String(result.requests)} requests)` +
        `${config.anonymize ? ', anonymized' : ''}.`,
      `Wrote ${result.out}. Start the mock on it: contacts-mock --data ${result.out}`,
      `Its user (shown this once): ${user.email}, password ${user.password}, token ${user.token}`,
      '',
    ].join('\n'),
  )
  return 0
}
