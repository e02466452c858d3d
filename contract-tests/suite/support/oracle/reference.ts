// The reference model: the mock itself, transport-free (createMockFetch), in the test process, on
// the run's document, holding only what the run's identities need: its organization (and the
// foreign one) under the run's own ids, a user for each of the run's tokens (with the run's email
// and password for the first), and the package's catalog of relationship types. No record of the
// deployment is in it: what the run creates is all it will ever hold.
import { randomUUID } from 'node:crypto'
import { RELATIONSHIP_TYPES } from '../../../../fixtures/relationship-types.ts'
import { loadAdminDocument } from '../../../../openapi/document-files.ts'
import type { Data, User } from '../../../../mock/shared/data.ts'
import type { MockFetch } from '../../../../mock/fetch/node/fetch.ts'
import { contractDocument } from '../document.ts'
import type { ContractEnv } from '../env.ts'

/** The values the run and the reference share as they are: organization ids and tokens. */
export function sharedValues(env: ContractEnv): string[] {
  return [env.orgId, env.foreignOrgId, env.token, env.secondToken, env.foreignToken].flatMap(
    (value) => (value === undefined ? [] : [value]),
  )
}

/** The reference's data: the run's identities, no record. */
export function referenceData(env: ContractEnv): Data {
  const foreignOrgId = env.foreignOrgId ?? randomUUID()
  const user = (
    name: string,
    token: string,
    orgId: string,
    email?: string,
    password?: string,
  ): User => ({
    id: randomUUID(),
    name,
    email: email ?? `${name.toLowerCase()}@reference.test`,
    password: password ?? randomUUID(),
    token,
    org_ids: [orgId],
  })
  const users = [
    user('Run', env.token, env.orgId, env.email, env.password),
    ...(env.secondToken === undefined ? [] : [user('Second', env.secondToken, env.orgId)]),
    ...(env.foreignToken === undefined ? [] : [user('Foreign', env.foreignToken, foreignOrgId)]),
  ]
  return {
    version: 1,
    orgs: [
      { id: env.orgId, name: 'Run' },
      { id: foreignOrgId, name: 'Foreign' },
    ],
    users,
    relationship_types: RELATIONSHIP_TYPES.map((type) => ({ ...type })),
    contacts: [],
    user_relationships: [],
  }
}

/**
 * Read once: the mock compiles its validators once per document object, and a session of the
 * generative phase starts a reference per sequence.
 */
let adminDocument: ReturnType<typeof loadAdminDocument> | undefined

/** Starts the reference on the data; loaded only when the oracle is on (no mock otherwise). */
export async function startReference(data: Data): Promise<MockFetch> {
  const { createMockFetch } = await import('../../../../mock/fetch/node/fetch.ts')
  adminDocument ??= loadAdminDocument()
  const mock = createMockFetch({
    documents: { api: contractDocument, admin: adminDocument },
    createData: () => structuredClone(data),
  })
  await mock.ready
  return mock
}
