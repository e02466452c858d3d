import type { StoredUserRelationship, UserRelationship } from '../shared/data.ts'
import { HttpError, invalidFields, type FieldError } from '../shared/problem.ts'
import type { Repositories } from '../store/repositories.ts'
import { refuseDeleted, softDeleted } from './soft-delete.ts'
import { pagingOf, type Handler, type Input } from './operation.ts'

function toUserRelationship(stored: StoredUserRelationship): UserRelationship {
  const { org_id: _org, ...relationship } = stored
  return relationship
}

/** Another user's relationship is answered like an unknown one: its existence is not revealed. */
const noSuchRelationship = (id: string): HttpError =>
  new HttpError(404, `No user relationship ${id} of yours in this organization.`)

const listUserRelationships: Handler<'listUserRelationships'> = async (input, repos) => {
  const page = await repos.userRelationships.list({
    orgId: input.path.org_id,
    userId: input.user.id,
    withDeleted: input.query['include[]']?.includes('deleted') ?? false,
    ...pagingOf(input.query),
  })
  const user_relationships = page.items.map(toUserRelationship)
  return { status: 200, body: { user_relationships, count: page.count, first: page.first } }
}

const getUserRelationship: Handler<'getUserRelationship'> = async ({ path, user }, repos) => {
  const { org_id: orgId, user_relationship_id: id } = path
  const found = await repos.userRelationships.find(orgId, user.id, id)
  if (!found) throw noSuchRelationship(id)
  return { status: 200, body: toUserRelationship(found) }
}

/** What the schema cannot say: the contact and the type must exist (decision 16). */
async function checkReferences(
  repos: Repositories,
  orgId: string,
  fields: Input<'createUserRelationship'>['body']['user_relationship'],
): Promise<void> {
  const errors: FieldError[] = []
  const contact = await repos.contacts.find(orgId, fields.contact_id)
  if (contact?.deleted_at !== null) {
    errors.push({
      field: 'user_relationship[contact_id]',
      message: 'is not an active contact of this organization',
    })
  }
  if (!(await repos.relationshipTypes.find(fields.relationship_id))) {
    errors.push({
      field: 'user_relationship[relationship_id]',
      message: 'is not a relationship type of the catalog (GET /api/v1/relationships)',
    })
  }
  if (errors.length > 0) throw invalidFields(errors)
}

const createUserRelationship: Handler<'createUserRelationship'> = async (input, repos) => {
  const { user_relationship: fields } = input.body
  const orgId = input.path.org_id
  await checkReferences(repos, orgId, fields)
  const now = input.now()
  const relationship: StoredUserRelationship = {
    id: input.newId(),
    user_id: input.user.id,
    contact_id: fields.contact_id,
    relationship_id: fields.relationship_id,
    anniversary_date: fields.anniversary_date ?? null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    org_id: orgId,
  }
  await repos.userRelationships.create(relationship)
  const location = `/api/v1/orgs/${orgId}/user_relationships/${relationship.id}`
  return { status: 201, body: toUserRelationship(relationship), headers: { Location: location } }
}

const updateUserRelationship: Handler<'updateUserRelationship'> = async (input, repos) => {
  const { org_id: orgId, user_relationship_id: id } = input.path
  const updated = await repos.userRelationships.update(orgId, input.user.id, id, (current) => {
    refuseDeleted(current, 'User relationship')
    const { anniversary_date } = input.body.user_relationship
    return { ...current, anniversary_date, updated_at: input.now() }
  })
  if (!updated) throw noSuchRelationship(id)
  return { status: 200, body: toUserRelationship(updated) }
}

const deleteUserRelationship: Handler<'deleteUserRelationship'> = async (input, repos) => {
  const { org_id: orgId, user_relationship_id: id } = input.path
  const found = await repos.userRelationships.find(orgId, input.user.id, id)
  if (!found) throw noSuchRelationship(id)
  if (found.deleted_at === null) {
    await repos.userRelationships.update(orgId, input.user.id, id, (current) =>
      softDeleted(current, input.now()),
    )
  }
  return { status: 204 }
}

export const userRelationshipHandlers = {
  listUserRelationships,
  getUserRelationship,
  createUserRelationship,
  updateUserRelationship,
  deleteUserRelationship,
}
