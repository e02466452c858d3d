// What a run checks and how the test files learn it: the server (given, or the bundled mock with
// the fixture identities), proven reachable, optionally behind Prism's proxy; then the suite's
// configuration, the run's options with what was found (suite/support/env.ts).
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ACME_ORG_ID, ALICE, BOB, CAROL, GLOBEX_ORG_ID } from '../../../fixtures/identities.ts'
import { type OpenApiDocument } from '../../../openapi/document.ts'
import { DOCUMENT_PATH, loadDocument, readDocumentFile } from '../../../openapi/document-files.ts'
import { catalogueOf } from '../../suite/rules/catalogue.ts'
import type { Rule } from '../../suite/rules/rule.ts'
import type { ContractEnv } from '../../suite/support/env.ts'
import { CannotRunError } from '../cannot-run.ts'
import type { RunOptions } from '../settings.ts'
import { checkReachable } from './preflight.ts'
import { makeTempDir, type Resources } from '../resources.ts'
import { startMock, startPrism } from './servers.ts'
import { startFetchModule } from './fetch-relay.ts'

export interface Target {
  /** The server being checked: the given base URL, or the mock's. */
  serverUrl: string
  /** One line for the start of the run. */
  description: string
  /** The suite's configuration, for the test processes and the final sweep. */
  env: ContractEnv
  /** The document the run holds the target to (--document): its rules are --coverage's. */
  document: OpenApiDocument
}

type Identities = Pick<
  ContractEnv,
  'token' | 'orgId' | 'secondToken' | 'foreignOrgId' | 'foreignToken' | 'email' | 'password'
>

const FIXTURE_IDENTITIES: Identities = {
  token: ALICE.token,
  orgId: ACME_ORG_ID,
  secondToken: BOB.token,
  foreignOrgId: GLOBEX_ORG_ID,
  foreignToken: CAROL.token,
  email: ALICE.email,
  password: ALICE.password,
}

function readDocument(path: string | undefined): OpenApiDocument {
  if (path === undefined) return loadDocument()
  try {
    return readDocumentFile(path)
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new CannotRunError(`--document ${path} cannot be read: ${reason ?? ''}`)
  }
}

/** Parses the document once for all test files (they load a JSON copy many times faster). */
async function writeDocumentCopy(
  resources: Resources,
  path: string | undefined,
): Promise<{ file: string; document: OpenApiDocument }> {
  const document = readDocument(path)
  const file = join(await makeTempDir(resources, 'contract-document-'), 'openapi.json')
  await writeFile(file, JSON.stringify(document))
  return { file, document }
}

/**
 * --rules names rules of the document, --only decisions it has: a typo would run no check and
 * prove nothing. A document whose `x-provenance` cannot be read cannot be reported by it either.
 */
function checkRuleIds(options: RunOptions, document: OpenApiDocument): void {
  let catalogue: Rule[]
  try {
    catalogue = catalogueOf(document)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new CannotRunError(`the document's rules cannot be read: ${reason}`)
  }
  const known = new Set(catalogue.map(({ id }) => id))
  const unknown = (options.rules ?? []).filter((id) => !known.has(id))
  if (unknown.length > 0) {
    throw new CannotRunError(
      `--rules: the document states no rule ${unknown.join(', ')} (--coverage lists its rules).`,
    )
  }
  const decisions = new Set<string>(catalogue.map(({ provenance }) => provenance))
  const missing = (options.only ?? []).filter(
    (item) => item.startsWith('decision ') && !decisions.has(item),
  )
  if (missing.length > 0) {
    throw new CannotRunError(
      `--only: the document has no rule of ${missing.map((item) => item.replace(' ', ':')).join(', ')} (its decisions are numbered in info.description).`,
    )
  }
}

export async function prepareTarget(options: RunOptions, resources: Resources): Promise<Target> {
  const { baseUrl, token, orgId } = options
  const given = baseUrl !== undefined && token !== undefined && orgId !== undefined
  // The document first: one that cannot be read stops the run before anything starts.
  const { file: documentCopy, document } = await writeDocumentCopy(resources, options.document)
  checkRuleIds(options, document)
  const { fetchModule } = options
  const relayed =
    given || fetchModule === undefined ? undefined : await startFetchModule(fetchModule, resources)
  const serverUrl = given ? baseUrl : (relayed?.url ?? (await startMock(resources)))
  const limits = relayed?.limits ?? []
  // a fetch module may bring its own identities, else it is taken for the mock with its fixtures
  const own = token !== undefined && orgId !== undefined && (given || fetchModule !== undefined)
  const identities: Identities = own ? { ...options, token, orgId } : FIXTURE_IDENTITIES
  const { requestTimeoutMs } = options
  await checkReachable({ baseUrl: serverUrl, ...identities, document, requestTimeoutMs })
  const prismDocument = options.document ?? DOCUMENT_PATH
  const requestUrl = options.viaPrism
    ? await startPrism(serverUrl, resources, prismDocument)
    : serverUrl
  const runId = options.runId ?? randomBytes(4).toString('hex')
  const described = [
    given
      ? serverUrl
      : fetchModule === undefined
        ? `the bundled mock at ${serverUrl} (fixture identities)`
        : `the fetch function of ${fetchModule}, relayed at ${serverUrl}${own ? '' : ' (fixture identities)'}`,
    ...(limits.length === 0 ? [] : [`limits ${limits.join(', ')}`]),
    `run contract-run-${runId}`,
    ...(options.readOnly ? ['read-only'] : []),
    ...(options.noOracle ? ['no reference model'] : []),
    ...(options.viaPrism ? [`through Prism's proxy at ${requestUrl}`] : []),
    ...(options.document === undefined ? [] : [`document ${options.document}`]),
  ]
  return {
    serverUrl,
    description: described.join(', '),
    env: {
      ...options,
      ...identities,
      baseUrl: requestUrl,
      runId,
      viaPrism: options.viaPrism || options.behindPrism,
      viaFetch: relayed !== undefined,
      fetchLimits: limits,
      documentFile: documentCopy,
    },
    document,
  }
}
