import type {
  Contact,
  ContactDetail,
  ContactGroups,
  GroupName,
  StoredContact,
} from '../shared/data.ts'
import { invalidFields } from '../shared/problem.ts'
import type { Page } from '../store/repositories.ts'
import type { Json } from './operation.ts'

export type ContactFields = Partial<
  Omit<Contact, 'id' | 'created_at' | 'updated_at' | 'deleted_at'>
>

/** The optional fields of a contact: exactly those the document lets be null (the type checks it). */
type Nullable = {
  [K in keyof Contact as null extends Contact[K] ? K : never]: null
}
export const UNSET: Omit<Nullable, 'deleted_at'> = {
  middle_name: null,
  last_name: null,
  nickname: null,
  employer: null,
  job_title: null,
  linkedin_url: null,
  how_you_met: null,
  birthday: null,
  gender: null,
}

export const emptyGroups = (): ContactGroups => ({
  tags: [],
  pets: [],
  phone_numbers: [],
  email_addresses: [],
  locations: [],
  expertise_tags: [],
})

export function toContact(stored: StoredContact): Contact {
  const { org_id: _org, groups: _groups, ...contact } = stored
  return contact
}

// Records are replaced, never mutated, so a record's JSON can be cached by identity.
const jsonOf = new WeakMap<StoredContact, Json<Contact>>()

/** The contact as JSON text; lists and plain fetches send it without serializing again. */
export function contactJson(stored: StoredContact): Json<Contact> {
  let json = jsonOf.get(stored)
  if (json === undefined) {
    json = JSON.stringify(toContact(stored)) as Json<Contact>
    jsonOf.set(stored, json)
  }
  return json
}

/** A list answer (`{"contacts": [...], "count": N, "first": K}`) joined from records' JSON. */
export function listJson<Key extends string, T>(
  key: Key,
  { items, count, first }: Page<Json<T>>,
): Json<Record<Key, T[]> & { count: number; first: number }> {
  const text = `{"${key}":[${items.join(',')}],"count":${String(count)},"first":${String(first)}}`
  return text as Json<Record<Key, T[]> & { count: number; first: number }>
}

export function toContactDetail(
  stored: StoredContact,
  include: readonly GroupName[],
): ContactDetail {
  const groups = Object.fromEntries(include.map((group) => [group, stored.groups[group]]))
  return { ...toContact(stored), ...(groups as Partial<ContactGroups>) }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const OFFSET = /([zZ]|[+-]\d\d(:?\d\d)?)$/

/**
 * A date stays as sent; a date-time becomes the same instant in UTC, one without an offset being
 * taken as UTC (decision 8). The document has already checked the shape and that the day exists
 * (its date-time pattern knows the length of each month and the leap years).
 */
function normalizeBirthday(value: string): string {
  if (DATE_ONLY.test(value)) return value
  const text = `${value.slice(0, 10)}T${value.slice(11)}`
    .replace(/([+-]\d\d)(\d\d)$/, '$1:$2')
    .replace(/([+-]\d\d)$/, '$1:00')
  const instant = new Date(OFFSET.test(text) ? text.toUpperCase() : `${text}Z`)
  // a year outside 0000-9999 in UTC (0000-01-01T00:00:00+01:00) would not read back as a date-time
  const utcYear = instant.getUTCFullYear()
  if (Number.isNaN(instant.getTime()) || utcYear < 0 || utcYear > 9999) {
    throw invalidFields([{ field: 'contact[birthday]', message: 'is not a real date-time' }])
  }
  return instant.toISOString()
}

/**
 * Sets the fields the client sent (already validated) on a record nobody holds yet. Object.assign,
 * not a spread: the form parser's objects have no prototype, and spreading one into a literal took
 * V8's slow path (~2 µs a create, measured).
 */
function assignFields<T extends Partial<Contact>>(record: T, fields: ContactFields): T {
  Object.assign(record, fields)
  if (typeof fields.birthday === 'string') record.birthday = normalizeBirthday(fields.birthday)
  return record
}

/** The record with the fields the client sent, as of `now`: one copy, the stored one untouched. */
export function updateRecord<T extends Partial<Contact>>(
  record: T,
  fields: ContactFields,
  now: string,
): T {
  return assignFields({ ...record, updated_at: now }, fields)
}

export function createContactRecord(
  fields: ContactFields & Pick<Contact, 'first_name' | 'relationship_type'>,
  meta: { id: string; orgId: string; now: string },
): StoredContact {
  const record: StoredContact = {
    id: meta.id,
    first_name: fields.first_name,
    ...UNSET,
    relationship_type: fields.relationship_type,
    created_at: meta.now,
    updated_at: meta.now,
    deleted_at: null,
    org_id: meta.orgId,
    groups: emptyGroups(),
  }
  return assignFields(record, fields)
}
