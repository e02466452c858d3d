import type { GroupName, StoredContact } from '../data.ts'
import { paginate } from '../paginate.ts'
import { HttpError } from '../problem.ts'
import type { Store } from '../store.ts'
import {
  applyFields,
  contactJson,
  createContactRecord,
  toContact,
  toContactDetail,
} from './contact-records.ts'
import type { BodyOf, OperationContext, OperationHandler, QueryOf, Reply } from './operation.ts'

const orgOf = (context: OperationContext): string => context.params['org_id'] ?? ''

function findContact(store: Store, context: OperationContext): StoredContact {
  const id = context.params['contact_id'] ?? ''
  const contact = store.contacts.get(id)
  if (contact?.org_id !== orgOf(context)) {
    throw new HttpError(404, `No contact ${id} in this organization.`)
  }
  return contact
}

function refuseDeleted(contact: StoredContact): void {
  if (contact.deleted_at !== null) {
    throw new HttpError(409, `Contact ${contact.id} is deleted and cannot be changed.`)
  }
}

const listContacts: OperationHandler = (context, store) => {
  const query = context.query as QueryOf<'listContacts'>
  const withDeleted = query['include[]']?.includes('deleted') ?? false
  const rows = store.contactView(orgOf(context), withDeleted).search(query.search)
  const { items, count, first } = paginate(rows, query)
  const contacts = items.map(contactJson).join(',')
  return {
    status: 200,
    json: `{"contacts":[${contacts}],"count":${String(count)},"first":${String(first)}}`,
  }
}

const getContact: OperationHandler = (context, store) => {
  const include: GroupName[] = (context.query as QueryOf<'getContact'>)['include[]'] ?? []
  const contact = findContact(store, context)
  if (include.length === 0) return { status: 200, json: contactJson(contact) }
  return { status: 200, body: toContactDetail(contact, include) }
}

const createContact: OperationHandler = async (context, store): Promise<Reply> => {
  const { contact: fields } = context.body as BodyOf<'createContact'>
  const contact = createContactRecord(fields, {
    id: context.newId(),
    orgId: orgOf(context),
    now: context.now(),
  })
  store.putContact(contact)
  await store.commit()
  const location = `/api/v1/orgs/${contact.org_id}/contacts/${contact.id}`
  return { status: 201, body: toContact(contact), headers: { Location: location } }
}

const updateContact: OperationHandler = async (context, store): Promise<Reply> => {
  const existing = findContact(store, context)
  refuseDeleted(existing)
  const { contact: fields } = context.body as BodyOf<'updateContact'>
  const contact = { ...applyFields(existing, fields), updated_at: context.now() }
  store.putContact(contact)
  await store.commit()
  return { status: 200, body: toContact(contact) }
}

const deleteContact: OperationHandler = async (context, store): Promise<Reply> => {
  const inQuery = (context.query as QueryOf<'deleteContact'>).soft_delete
  const inBody = (context.body as BodyOf<'deleteContact'> | undefined)?.soft_delete
  // A malformed request (400) is answered before existence (404): decision 2.
  if (inQuery !== undefined && inBody !== undefined) {
    throw new HttpError(400, 'soft_delete is given both in the query string and in the body.', {
      errors: [{ field: 'soft_delete', message: 'must be given once' }],
    })
  }
  const contact = findContact(store, context)
  if (String(inQuery ?? inBody ?? 'true') === 'false') {
    store.removeContact(contact.id)
  } else if (contact.deleted_at === null) {
    const now = context.now()
    store.putContact({ ...contact, deleted_at: now, updated_at: now })
  }
  await store.commit()
  return { status: 204 }
}

export const contactHandlers = {
  listContacts,
  getContact,
  createContact,
  updateContact,
  deleteContact,
}
