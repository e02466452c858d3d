// What a fetch function answers through: the documents' operations, the data in its store, the
// faults, composed once behind the core (app.ts), as the server composes them.
import { DEFAULT_SEED } from '../../fixtures/identities.ts'
import { searchFieldsOf, type OpenApiDocument } from '../../openapi/document.ts'
import { modelOf } from '../../openapi/document-model.ts'
import { createMock, type MockLogger } from '../app.ts'
import { createFaultBook } from '../faults/fault-book.ts'
import { faultTargetsOf } from '../faults/fault-targets.ts'
import { isAdminPath } from '../pipeline/access/admin-guard.ts'
import type { Core } from '../pipeline/core.ts'
import type { ValidatorSource } from '../pipeline/validate/compile-operations.ts'
import type { Data } from '../shared/data.ts'
import type { StorageEngine } from '../store/repositories.ts'
import { createSearchText } from '../store/memory/search-text.ts'
import { createVolatileEngine } from '../store/memory/volatile.ts'

/** The Contacts API's document, and the admin API's bundled with what it takes from it. */
export interface MockDocuments {
  api: OpenApiDocument
  admin: OpenApiDocument
}

/** A store the mock keeps its data in, opened on the data it starts from. */
export interface OpenedEngine {
  engine: StorageEngine
  /** Writes what is left and lets the store go. */
  close: () => Promise<void>
}

export interface MockFetchOptions {
  documents: MockDocuments
  /** The data the mock starts from, and that `reset()` (`POST /__admin/reset`) goes back to. */
  createData: () => Data | Promise<Data>
  /** Where the data is kept: by default in memory, as long as this process or page lives. */
  openEngine?: (createData: () => Data | Promise<Data>) => Promise<OpenedEngine>
  /** The origin (and path) answered: `http://localhost` by default; other URLs reject. */
  baseUrl?: string
  /** false: no faults at all, as `--no-faults` (Prefer is ignored, `/__admin/faults` is 403). */
  faults?: boolean
  /** Every API request waits this long, or [min, max] ms drawn (as `--delay`). */
  delay?: number | readonly [number, number]
  /** The seed of the fault draws (as `--seed`). */
  seed?: number
  /** Check every answer against the document; a drift becomes a 500 naming it. */
  validateResponses?: boolean
  /** How long a login token lasts; by default until a reset. */
  tokenTtlMs?: number
  /** Where validators come from: Ajv at run time by default; the browser's, generated. */
  validators?: { api?: ValidatorSource; admin?: ValidatorSource }
  /** Where the mock's own failures (500s) are told; a pino logger or `console` fits. */
  logger?: MockLogger
}

/** The mock, ready: its core, and who is in its data. */
export interface OpenedMock {
  handle: Core['handle']
  /** The largest body the document takes, in bytes. */
  bodyLimit: number
  close: () => Promise<void>
  /** Whether a path is the mock's: the admin API's, or below the API's root (`/api/v1`). */
  owns: (path: string) => boolean
  /** Organization ids, and users' tokens, by lower-case name. */
  orgs: Record<string, string>
  tokens: Record<string, string>
}

const byName = <T extends { name: string }>(items: readonly T[], value: (item: T) => string) =>
  Object.fromEntries(items.map((item) => [item.name.toLowerCase(), value(item)]))

/**
 * The API's root is what every path of its document starts with, up to its first parameter:
 * whatever is below it is the mock's to answer (an unknown path there is its 404).
 */
function ownerOf(document: OpenApiDocument): (path: string) => boolean {
  const paths = modelOf(document).paths.map(({ template }) => template.split('/'))
  const [first = []] = paths
  let length = 1
  while (
    length < first.length &&
    !(first[length] ?? '').includes('{') &&
    paths.every((segments) => segments[length] === first[length])
  ) {
    length++
  }
  const root = first.slice(0, length).join('/')
  return (path) => isAdminPath(path) || root === '' || path === root || path.startsWith(`${root}/`)
}

/** Opens the store on the data and composes the mock; `host` is the one its requests name. */
export async function openMock(options: MockFetchOptions, host: string): Promise<OpenedMock> {
  const { api, admin } = options.documents
  const open =
    options.openEngine ??
    (async (createData: () => Data | Promise<Data>): Promise<OpenedEngine> => {
      const searchText = createSearchText(searchFieldsOf(api))
      const engine = createVolatileEngine(await createData(), searchText, {
        tokenTtlMs: options.tokenTtlMs,
      })
      return { engine, close: () => Promise.resolve() }
    })
  const { engine, close } = await open(options.createData)
  const delay = options.delay
  const faults = createFaultBook(faultTargetsOf(api), {
    seed: options.seed ?? DEFAULT_SEED,
    delay: typeof delay === 'number' ? [delay, delay] : delay,
  })
  const { core, bodyLimit } = createMock({
    engine,
    createData: options.createData,
    document: api,
    adminDocument: admin,
    compileOnFirstUse: true,
    validators: options.validators,
    validateResponses: options.validateResponses,
    faults: options.faults === false ? 'off' : faults,
    logger: options.logger,
    access: { allowedHosts: [host] },
  })
  const { orgs, users } = await engine.describe()
  return {
    handle: core.handle,
    bodyLimit,
    owns: ownerOf(api),
    close,
    orgs: byName(orgs, (org) => org.id),
    tokens: byName(users, (user) => user.token),
  }
}
