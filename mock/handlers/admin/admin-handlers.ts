import type { operations } from '../../../openapi/admin-types.ts'
import { buildOrg } from '../../../fixtures/build-org.ts'
import type { Data } from '../../shared/data.ts'
import type { FaultBook } from '../../faults/fault-book.ts'
import { defaulted, type HandlerIn } from '../operation.ts'
import { HttpError } from '../../shared/problem.ts'
import { randomToken } from '../../shared/secrets.ts'
import type { StorageEngine } from '../../store/repositories.ts'
import { writeFailure } from '../../store/store-error.ts'

type AdminHandler<Id extends keyof operations> = HandlerIn<operations, Id, undefined>

export interface AdminDeps {
  engine: StorageEngine
  /** The data a reset restores. */
  createData: () => Data | Promise<Data>
  /** Undefined when the mock runs with --no-faults. */
  faults: FaultBook | undefined
}

const noSnapshot = (name: string): HttpError => new HttpError(404, `There is no snapshot ${name}.`)

/** The fault rules, or a 403 when the mock runs without fault simulation. */
function faultsOf(deps: AdminDeps): FaultBook {
  if (!deps.faults) {
    throw new HttpError(403, 'Fault simulation is off: this mock was started with --no-faults.')
  }
  return deps.faults
}

const createOrg: AdminHandler<'createOrg'> = async ({ body, newId }, repos) => {
  const records = buildOrg({
    orgId: newId(),
    name: defaulted(body?.name, 'name'),
    contacts: defaulted(body?.contacts, 'contacts'),
    seed: defaulted(body?.seed, 'seed'),
    newId,
    newSecret: () => randomToken(18),
  })
  // one write: the org, its users and its records are durable together, or not at all
  await repos.orgs.create(records.org)
  for (const user of records.users) await repos.users.create(user)
  for (const contact of records.contacts) await repos.contacts.create(contact)
  for (const relationship of records.user_relationships) {
    await repos.userRelationships.create(relationship)
  }
  const users = records.users.map(({ org_ids: _orgs, ...user }) => user)
  return {
    status: 201,
    body: { org_id: records.org.id, name: records.org.name, users },
    headers: { Location: `/__admin/orgs/${records.org.id}` },
  }
}

/** One handler per operationId of openapi/admin.yaml; the type makes a missing one an error. */
export function createAdminHandlers(deps: AdminDeps): {
  [Id in keyof operations]: AdminHandler<Id>
} {
  return {
    createOrg,
    async deleteOrg({ path }, repos) {
      if (!(await repos.orgs.find(path.org_id))) {
        throw new HttpError(404, `There is no organization ${path.org_id}.`)
      }
      await repos.orgs.purge(path.org_id)
      return { status: 204 }
    },
    async resetData() {
      await deps.engine.reset(await deps.createData())
      return { status: 204 }
    },
    async exportData() {
      const data = await deps.engine.exportData()
      // the seed format: plain records (the document types them loosely; seed.schema.json fully)
      const plain = (rows: readonly object[]): Record<string, unknown>[] =>
        rows.map((row) => ({ ...row }))
      const body = {
        orgs: plain(data.orgs),
        users: plain(data.users),
        relationship_types: plain(data.relationship_types),
        contacts: plain(data.contacts),
        user_relationships: plain(data.user_relationships),
      }
      return { status: 200, body }
    },
    listSnapshots: async () => ({
      status: 200,
      body: { snapshots: await deps.engine.snapshots.list() },
    }),
    async saveSnapshot({ body }) {
      const data = await deps.engine.exportData()
      const saved = await deps.engine.snapshots.save(body.name, data).catch((error: unknown) => {
        // the file of that name, if any, is as it was: the save writes aside and renames
        throw writeFailure(error)
      })
      const headers = { Location: `/__admin/snapshots/${saved.name}` }
      return { status: 201, body: saved, headers }
    },
    async restoreSnapshot({ path }) {
      const data = await deps.engine.snapshots.load(path.name)
      if (!data) throw noSnapshot(path.name)
      await deps.engine.reset(data)
      return { status: 204 }
    },
    async deleteSnapshot({ path }) {
      if (!(await deps.engine.snapshots.remove(path.name))) throw noSnapshot(path.name)
      return { status: 204 }
    },
    listFaults: () => Promise.resolve({ status: 200, body: { rules: faultsOf(deps).list() } }),
    createFault({ body }) {
      const rule = faultsOf(deps).add(body)
      const headers = { Location: `/__admin/faults/${rule.id}` }
      return Promise.resolve({ status: 201, body: rule, headers })
    },
    clearFaults() {
      faultsOf(deps).clear()
      return Promise.resolve({ status: 204 })
    },
    deleteFault({ path }) {
      if (!faultsOf(deps).remove(path.fault_id)) {
        throw new HttpError(404, `There is no fault rule ${path.fault_id}.`)
      }
      return Promise.resolve({ status: 204 })
    },
  }
}
