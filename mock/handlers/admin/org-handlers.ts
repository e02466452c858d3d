import type { operations } from '../../../openapi/admin-types.ts'
import { buildOrg } from '../../../fixtures/build-org.ts'
import type { HandlerIn } from '../operation.ts'
import { randomToken } from '../../shared/secrets.ts'
import { HttpError } from '../../shared/problem.ts'

type AdminHandler<Id extends keyof operations> = HandlerIn<operations, Id, undefined>

const newSecret = (): string => randomToken(18)

/** Validated with the document's defaults applied: a missing one is a bug, not a user error. */
function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} must carry the default of openapi/admin.yaml`)
  return value
}

const createOrg: AdminHandler<'createOrg'> = async ({ body, newId }, repos) => {
  const records = buildOrg({
    orgId: newId(),
    name: required(body?.name, 'name'),
    contacts: required(body?.contacts, 'contacts'),
    seed: required(body?.seed, 'seed'),
    newId,
    newSecret,
  })
  // one write: the org, its users and its records are durable together, or not at all
  await repos.orgs.create(records.org)
  for (const user of records.users) await repos.users.create(user)
  for (const contact of records.contacts) await repos.contacts.create(contact)
  for (const relationship of records.user_relationships) {
    await repos.userRelationships.create(relationship)
  }
  const users = records.users.map(({ id, name, email, password, token }) => ({
    id,
    name,
    email,
    password,
    token,
  }))
  return {
    status: 201,
    body: { org_id: records.org.id, name: records.org.name, users },
    headers: { Location: `/__admin/orgs/${records.org.id}` },
  }
}

const deleteOrg: AdminHandler<'deleteOrg'> = async ({ path }, repos) => {
  if (!(await repos.orgs.find(path.org_id))) {
    throw new HttpError(404, `There is no organization ${path.org_id}.`)
  }
  await repos.orgs.purge(path.org_id)
  return { status: 204 }
}

export const orgHandlers = { createOrg, deleteOrg }
