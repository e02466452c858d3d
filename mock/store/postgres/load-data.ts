import type { Data, StoredContact, StoredUserRelationship, User } from '../../shared/data.ts'
import { storedSearchText, type Sql } from './sql.ts'

// Large enough that a million contacts take few round trips, small enough that one batch's
// parameters stay a few megabytes.
const BATCH = 2000

const json = (value: unknown): string => JSON.stringify(value)

/** The rows' columns, a batch at a time, each column as one array (what unnest() takes). */
function* columnBatchesOf<T>(rows: readonly T[], columnsOf: (row: T) => unknown[]) {
  for (let at = 0; at < rows.length; at += BATCH) {
    const batch = rows.slice(at, at + BATCH).map(columnsOf)
    yield (batch[0] ?? []).map((_, column) => batch.map((row) => row[column]))
  }
}

/** The columns of a user beside its record. */
export const userColumns = (user: User): unknown[] => [
  user.id,
  user.token,
  user.email.toLowerCase(),
  user.org_ids,
  json(user),
]

export const UPSERT_USER = `INSERT INTO users (id, token, email_key, org_ids, doc)
  VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (id) DO UPDATE SET token = EXCLUDED.token, email_key = EXCLUDED.email_key,
    org_ids = EXCLUDED.org_ids, doc = EXCLUDED.doc`

/** The columns of a contact beside its record, in the order its INSERTs name them. */
export const contactColumns = (
  contact: StoredContact,
  searchTextOf: (contact: StoredContact) => string,
): unknown[] => [
  contact.id,
  contact.org_id,
  contact.created_at,
  contact.deleted_at,
  storedSearchText(searchTextOf, contact),
  json(contact),
]

/** The columns of a relationship beside its record. */
export const relationshipColumns = (row: StoredUserRelationship): unknown[] => [
  row.id,
  row.org_id,
  row.user_id,
  row.contact_id,
  row.created_at,
  row.deleted_at,
  json(row),
]

/** Empties every table of records (not the named snapshots, which outlive a reset). */
export async function clearData(sql: Sql): Promise<void> {
  await sql(
    'TRUNCATE meta, orgs, users, contacts, contact_counts, user_relationships, sessions RESTART IDENTITY',
  )
}

/** Loads `data` into empty tables: a seed at the first start, a reset, a restored snapshot. */
export async function insertData(
  sql: Sql,
  data: Data,
  searchTextOf: (contact: StoredContact) => string,
): Promise<void> {
  const { version, relationship_types } = data
  await sql('INSERT INTO meta (id, doc) VALUES (1, $1)', [json({ version, relationship_types })])
  for (const columns of columnBatchesOf(data.orgs, (org) => [org.id, json(org)])) {
    await sql('INSERT INTO orgs (id, doc) SELECT * FROM unnest($1::text[], $2::json[])', columns)
  }
  // one by one: org_ids is an array per user, which unnest() would flatten
  for (const user of data.users) await sql(UPSERT_USER, userColumns(user))
  const contactsOf = (contact: StoredContact): unknown[] => contactColumns(contact, searchTextOf)
  for (const columns of columnBatchesOf(data.contacts, contactsOf)) {
    await sql(
      `INSERT INTO contacts (id, org_id, created_at, deleted_at, search, doc)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::json[])`,
      columns,
    )
  }
  await sql(
    `INSERT INTO contact_counts (org_id, total, active)
     SELECT org_id, count(*), count(*) FILTER (WHERE deleted_at IS NULL) FROM contacts GROUP BY org_id`,
  )
  for (const columns of columnBatchesOf(data.user_relationships, relationshipColumns)) {
    await sql(
      `INSERT INTO user_relationships (id, org_id, user_id, contact_id, created_at, deleted_at, doc)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::json[])`,
      columns,
    )
  }
}
