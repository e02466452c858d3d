// Without CONTRACT_BASE_URL the suite starts the mock itself, as a separate process on a free
// port with a temporary data file, and uses the fixture identities. Test files read the result
// from process.env.
import { randomBytes } from 'node:crypto'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Config } from '@jest/types'
import { ACME_ORG_ID, ALICE, BOB, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { loadDocument } from '../../openapi/document.ts'
import { contractEnv, isSet, missingRequiredVariables, type OptionalVariable } from './env.ts'
import { orRelease, startMock, suiteState } from './suite-processes.ts'

const OPTIONAL: Record<OptionalVariable, string> = {
  CONTRACT_SECOND_TOKEN: 'ownership checks across two users',
  CONTRACT_FOREIGN_ORG_ID: 'org isolation checks (403)',
  CONTRACT_FOREIGN_TOKEN: "checks that another org's records are 404",
}

/** Parses the document once for all test files (a JSON copy loads many times faster). */
async function writeDocumentCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'contract-document-'))
  suiteState().tempDirs.push(dir)
  const file = join(dir, 'openapi.json')
  await writeFile(file, JSON.stringify(loadDocument()))
  return file
}

async function prepare(rootDir: string): Promise<void> {
  const env = process.env
  if ((env['CONTRACT_RUN_ID'] ?? '') === '') env['CONTRACT_RUN_ID'] = randomBytes(4).toString('hex')
  const external = (env['CONTRACT_BASE_URL'] ?? '') !== ''
  const missing = missingRequiredVariables()
  if (external && missing.length > 0) {
    throw new Error(`CONTRACT_BASE_URL is set, so ${missing.join(' and ')} must be set too.`)
  }
  env['CONTRACT_DOCUMENT_JSON'] = await writeDocumentCopy()
  if (external) return
  const mock = await startMock(rootDir)
  suiteState().processes.push(mock.child)
  suiteState().tempDirs.push(mock.tempDir)
  Object.assign(env, {
    CONTRACT_BASE_URL: mock.url,
    CONTRACT_TOKEN: ALICE.token,
    CONTRACT_ORG_ID: ACME_ORG_ID,
    CONTRACT_SECOND_TOKEN: BOB.token,
    CONTRACT_FOREIGN_ORG_ID: GLOBEX_ORG_ID,
    CONTRACT_FOREIGN_TOKEN: CAROL.token,
  })
  console.log(`\ncontract suite: started the mock at ${mock.url} (fixture identities)`)
}

export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  await orRelease(() => prepare(globalConfig.rootDir))
  const { baseUrl, runId, readOnly } = contractEnv()
  const skipped = Object.entries(OPTIONAL)
    .filter(([name]) => !isSet(name as OptionalVariable))
    .map(([name, what]) => `\n  skipped: ${what}, because ${name} is not set`)
  const mode = readOnly ? ' read-only (CONTRACT_READ_ONLY=1: checks that write are skipped)' : ''
  console.log(
    `contract suite: target ${baseUrl}, run contract-run-${runId}${mode}${skipped.join('')}`,
  )
}
