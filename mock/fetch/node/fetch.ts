// `contacts-mock-kit/fetch`: createMockFetch in Node, where it can have what the core cannot: the
// package's documents read from their files, the fixtures made by faker, a seed checked against
// fixtures/seed.schema.json, and a data file. The core's createMockFetch (../mock-fetch.ts) is the
// same function with each of these given; the browser's bundle gives its own.
import { seedData } from '../../../fixtures/seed-file.ts'
import { loadAdminDocument, loadDocument } from '../../../openapi/document-files.ts'
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { createAjvSource } from '../../pipeline/validate/ajv-source.ts'
import {
  validatorKeyOf,
  type Validator,
  type ValidatorSource,
} from '../../pipeline/validate/compile-operations.ts'
import type { Data } from '../../shared/data.ts'
import { openStore } from '../../store/memory/disk/open-store.ts'
import {
  createMockFetch as createCoreMockFetch,
  type MockDocuments,
  type MockFetch,
  type MockFetchOptions,
  type OpenedEngine,
} from '../mock-fetch.ts'

export {
  DEFAULT_BASE_URL,
  MockAdminError,
  type MockDocuments,
  type MockFetch,
  type OrgCreated,
  type OrgRequest,
  type SeedData,
  type SnapshotInfo,
} from '../mock-fetch.ts'

export interface CreateMockFetchOptions extends Omit<
  MockFetchOptions,
  'documents' | 'createData' | 'openEngine'
> {
  /** The two documents as objects; by default the package's own. */
  documents?: MockDocuments
  /** The faker seed of the fixtures (and of the fault draws), as `--seed`. */
  seed?: number
  /** The data as a seed (fixtures/seed.schema.json, what `export()` gives), as `--data`. */
  data?: unknown
  /** The data, made by your own code: each reset asks for it again. */
  createData?: () => Data | Promise<Data>
  /** Keep the data in this data file (snapshot and journal, as `--db`); by default in memory. */
  dbFile?: string
}

// Compiled once per document and process, shared by every mock on it: Ajv takes 100 ms for the
// validators a first request needs, which a fresh mock per test would pay each time. A validator
// is safe to share: its errors are read right after the call that set them.
const sources = new WeakMap<OpenApiDocument, ValidatorSource>()
function sharedSource(document: OpenApiDocument): ValidatorSource {
  const known = sources.get(document)
  if (known !== undefined) return known
  const compiled = new Map<string, Validator>()
  const ajv = createAjvSource(document)
  const source: ValidatorSource = {
    validator(mode, target) {
      const key = validatorKeyOf(mode, target)
      const validator = compiled.get(key) ?? ajv.validator(mode, target)
      compiled.set(key, validator)
      return validator
    },
  }
  sources.set(document, source)
  return source
}

let documents: MockDocuments | undefined
/** Read once per process: a test file makes many mocks. */
const packageDocuments = (): MockDocuments =>
  (documents ??= { api: loadDocument(), admin: loadAdminDocument() })

// Made once per seed and copied for each mock: faker takes 50 ms for the default fixtures.
const fixtures = new Map<number | undefined, Promise<Data>>()
function generated(seed: number | undefined): () => Promise<Data> {
  return async () => {
    let made = fixtures.get(seed)
    if (made === undefined) {
      // loaded when first needed: faker is a fifth of a start otherwise
      made = import('../../../fixtures/seed.ts').then(({ createSeed }) => createSeed({ seed }))
      fixtures.set(seed, made)
    }
    return structuredClone(await made)
  }
}

type DataSource = Pick<CreateMockFetchOptions, 'seed' | 'data' | 'createData'>

function dataSource({ seed, data, createData }: DataSource, api: MockDocuments['api']) {
  if (data !== undefined && createData !== undefined) {
    throw new TypeError('Give createMockFetch data or createData, not both.')
  }
  if (createData) return createData
  if (data === undefined) return generated(seed)
  // checked now: a bad seed throws here, naming each rule it breaks
  const completed = seedData(data, api)
  return () => structuredClone(completed)
}

/**
 * A fetch function answering the mock's API in this process, with no port: the package's
 * documents and fixtures unless given. `await mock.ready` before reading `orgs` and `tokens`.
 */
export function createMockFetch(options: CreateMockFetchOptions = {}): MockFetch {
  const { dbFile, data, createData, documents: given, ...rest } = options
  const docs = given ?? packageDocuments()
  const openEngine =
    dbFile === undefined
      ? undefined
      : (create: () => Data | Promise<Data>): Promise<OpenedEngine> =>
          openStore(dbFile, create, { document: docs.api, tokenTtlMs: options.tokenTtlMs })
  return createCoreMockFetch({
    validators: { api: sharedSource(docs.api), admin: sharedSource(docs.admin) },
    ...rest,
    documents: docs,
    createData: dataSource({ seed: options.seed, data, createData }, docs.api),
    ...(openEngine && { openEngine }),
  })
}

/** createMockFetch, resolved once its data is loaded (a data file opened, its lock taken). */
export async function openMockFetch(options: CreateMockFetchOptions = {}): Promise<MockFetch> {
  const mock = createMockFetch(options)
  await mock.ready
  return mock
}
