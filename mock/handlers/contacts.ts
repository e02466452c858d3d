import type { GroupName } from '../shared/data.ts'
import { HttpError } from '../shared/problem.ts'
import {
  contactJson,
  createContactRecord,
  listJson,
  toContactDetail,
  updateRecord,
} from './contact-records.ts'
import { refuseDeleted, softDeleted } from './soft-delete.ts'
import { pagingOf, type Handler } from './operation.ts'

const noSuchContact = (id: string): HttpError =>
  new HttpError(404, `No contact ${id} in this organization.`)

const listContacts: Handler<'listContacts'> = async ({ path, query }, { contacts }) => {
  const page = await contacts.list({
    orgId: path.org_id,
    search: query.search,
    withDeleted: query['include[]']?.includes('deleted') ?? false,
    ...pagingOf(query),
  })
  return {
    status: 200,
    body: listJson('contacts', { ...page, items: page.items.map(contactJson) }),
  }
}

const getContact: Handler<'getContact'> = async ({ path, query }, { contacts }) => {
  const contact = await contacts.find(path.org_id, path.contact_id)
  if (!contact) throw noSuchContact(path.contact_id)
  const include: GroupName[] = query['include[]'] ?? []
  if (include.length === 0) return { status: 200, body: contactJson(contact) }
  return { status: 200, body: toContactDetail(contact, include) }
}

const createContact: Handler<'createContact'> = async ({ path, body, ...input }, { contacts }) => {
  const contact = createContactRecord(body.contact, {
    id: input.newId(),
    orgId: path.org_id,
    now: input.now(),
  })
  await contacts.create(contact)
  const location = `/api/v1/orgs/${contact.org_id}/contacts/${contact.id}`
  return { status: 201, body: contactJson(contact), headers: { Location: location } }
}

const updateContact: Handler<'updateContact'> = async ({ path, body, now }, { contacts }) => {
  const updated = await contacts.update(path.org_id, path.contact_id, (current) => {
    refuseDeleted(current, 'Contact')
    return updateRecord(current, body.contact, now())
  })
  if (!updated) throw noSuchContact(path.contact_id)
  return { status: 200, body: contactJson(updated) }
}

const deleteContact: Handler<'deleteContact'> = async ({ path, query, body, now }, repos) => {
  const inQuery = query.soft_delete
  const inBody = body?.soft_delete
  // A malformed request (400) is answered before existence (404): decision 2.
  if (inQuery !== undefined && inBody !== undefined) {
    throw new HttpError(400, 'soft_delete is given both in the query string and in the body.', {
      errors: [{ field: 'soft_delete', message: 'must be given once' }],
    })
  }
  const { org_id: orgId, contact_id: id } = path
  const contact = await repos.contacts.find(orgId, id)
  if (!contact) throw noSuchContact(id)
  if (String(inQuery ?? inBody ?? 'true') === 'false') {
    await repos.contacts.purge(orgId, id)
  } else if (contact.deleted_at === null) {
    await repos.contacts.update(orgId, id, (current) => softDeleted(current, now()))
  }
  return { status: 204 }
}

export const contactHandlers = {
  listContacts,
  getContact,
  createContact,
  updateContact,
  deleteContact,
}
