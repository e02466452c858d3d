import type { Data, StoredContact, User } from '../../shared/data.ts'
import { storedSearchText, type Sql } from './sql.ts'

// Large enough that a million contacts take few round trips, small enough that one batch's
// parameters stay a few megabytes.
const BATCH = 2000

const json = (value: unknown): string => JSON.stringify(value)

function batchesOf<T>(rows: readonly T[]): T[][] {
  const batches: T[][] = []
  for (let at = 0; at < rows.length; at += BATCH) batches.push(rows.slice(at, at + BATCH))
  return batches
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

/** The columns of a contact beside its record, in the order of INSERT_CONTACT. */
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
  for (const batch of batchesOf(data.orgs)) {
    await sql('INSERT INTO orgs (id, doc) SELECT * FROM unnest($1::text[], $2::json[])', [
      batch.map((org) => org.id),
      batch.map(json),
    ])
  }
  // one by one: org_ids is an array per user, which unnest() would flatten
  for (const user of data.users) await sql(UPSERT_USER, userColumns(user))
  for (const batch of batchesOf(data.contacts)) {
    const columns = batch.map((contact) => contactColumns(contact, searchTextOf))
    await sql(
      `INSERT INTO contacts (id, org_id, created_at, deleted_at, search, doc)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::json[])`,
      [0, 1, 2, 3, 4, 5].map((column) => columns.map((row) => row[column])),
    )
  }
  await sql(
    `INSERT INTO contact_counts (org_id, total, active)
     SELECT org_id, count(*), count(*) FILTER (WHERE deleted_at IS NULL) FROM contacts GROUP BY org_id`,
  )
  for (const batch of batchesOf(data.user_relationships)) {
    await sql(
      `INSERT INTO user_relationships (id, org_id, user_id, contact_id, created_at, deleted_at, doc)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::json[])`,
      [
        batch.map((row) => row.id),
        batch.map((row) => row.org_id),
        batch.map((row) => row.user_id),
        batch.map((row) => row.contact_id),
        batch.map((row) => row.created_at),
        batch.map((row) => row.deleted_at),
        batch.map(json),
      ],
    )
  }
}
