import type { StoredUserRelationship, UserRelationship } from '../data.ts'
import type { FieldError } from '../problem.ts'
import { paginate } from '../paginate.ts'
import { HttpError } from '../problem.ts'
import type { Store } from '../store.ts'
import type { BodyOf, OperationContext, OperationHandler, QueryOf, Reply } from './operation.ts'

const orgOf = (context: OperationContext): string => context.params['org_id'] ?? ''

function toUserRelationship(stored: StoredUserRelationship): UserRelationship {
  const { org_id: _org, ...relationship } = stored
  return relationship
}

/** Another user's relationship is answered like an unknown one: its existence is not revealed. */
function findOwn(store: Store, context: OperationContext): StoredUserRelationship {
  const id = context.params['user_relationship_id'] ?? ''
  const relationship = store.userRelationships.get(id)
  if (relationship?.org_id !== orgOf(context) || relationship.user_id !== context.user.id) {
    throw new HttpError(404, `No user relationship ${id} of yours in this organization.`)
  }
  return relationship
}

const listUserRelationships: OperationHandler = (context, store) => {
  const query = context.query as QueryOf<'listUserRelationships'>
  const withDeleted = query['include[]']?.includes('deleted') ?? false
  const orgId = orgOf(context)
  const rows = store.userRelationships
    .all()
    .filter(
      (r) =>
        r.org_id === orgId &&
        r.user_id === context.user.id &&
        (withDeleted || r.deleted_at === null),
    )
  const { items, count, first } = paginate(rows, query)
  return {
    status: 200,
    body: { user_relationships: items.map(toUserRelationship), count, first },
  }
}

const getUserRelationship: OperationHandler = (context, store) => ({
  status: 200,
  body: toUserRelationship(findOwn(store, context)),
})

/** What the schema cannot say: the contact and the type must exist (decision 16). */
function checkReferences(
  store: Store,
  orgId: string,
  fields: BodyOf<'createUserRelationship'>['user_relationship'],
): void {
  const errors: FieldError[] = []
  const contact = store.contacts.get(fields.contact_id)
  if (contact?.org_id !== orgId || contact.deleted_at !== null) {
    errors.push({
      field: 'user_relationship[contact_id]',
      message: 'is not an active contact of this organization',
    })
  }
  if (!store.relationshipType(fields.relationship_id)) {
    errors.push({
      field: 'user_relationship[relationship_id]',
      message: 'is not a relationship type of the catalog (GET /api/v1/relationships)',
    })
  }
  if (errors.length > 0) {
    const count = errors.length === 1 ? '1 field is' : '2 fields are'
    throw new HttpError(422, `${count} invalid; nothing was changed.`, { errors })
  }
}

const createUserRelationship: OperationHandler = async (context, store): Promise<Reply> => {
  const { user_relationship: fields } = context.body as BodyOf<'createUserRelationship'>
  const orgId = orgOf(context)
  checkReferences(store, orgId, fields)
  const now = context.now()
  const relationship: StoredUserRelationship = {
    id: context.newId(),
    user_id: context.user.id,
    contact_id: fields.contact_id,
    relationship_id: fields.relationship_id,
    anniversary_date: fields.anniversary_date ?? null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    org_id: orgId,
  }
  store.putUserRelationship(relationship)
  await store.commit()
  const location = `/api/v1/orgs/${orgId}/user_relationships/${relationship.id}`
  return { status: 201, body: toUserRelationship(relationship), headers: { Location: location } }
}

const updateUserRelationship: OperationHandler = async (context, store): Promise<Reply> => {
  const existing = findOwn(store, context)
  if (existing.deleted_at !== null) {
    throw new HttpError(409, `User relationship ${existing.id} is deleted and cannot be changed.`)
  }
  const { user_relationship: fields } = context.body as BodyOf<'updateUserRelationship'>
  const relationship = {
    ...existing,
    anniversary_date: fields.anniversary_date,
    updated_at: context.now(),
  }
  store.putUserRelationship(relationship)
  await store.commit()
  return { status: 200, body: toUserRelationship(relationship) }
}

const deleteUserRelationship: OperationHandler = async (context, store): Promise<Reply> => {
  const relationship = findOwn(store, context)
  if (relationship.deleted_at === null) {
    const now = context.now()
    store.putUserRelationship({ ...relationship, deleted_at: now, updated_at: now })
    await store.commit()
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
