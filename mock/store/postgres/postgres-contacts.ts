import type { StoredContact } from '../../shared/data.ts'
import { pageAt, type ContactQuery, type ContactRepository, type Page } from '../repositories.ts'
import { normalizeSearch } from '../memory/search-text.ts'
import { contactColumns } from './load-data.ts'
import { ORDER, searchQueryFor, whereMatching } from './search-queries.ts'
import { containsPattern, docsOf, STORED_SEPARATOR, type DocRow, type Sql } from './sql.ts'

export interface ContactContext {
  sql: Sql
  searchTextOf: (contact: StoredContact) => string
}

const activeOf = (contact: StoredContact): number => (contact.deleted_at === null ? 1 : 0)

/** Moves an org's kept counts; a row is created on the org's first contact. */
async function addCounts(sql: Sql, orgId: string, total: number, active: number): Promise<void> {
  if (total === 0 && active === 0) return
  await sql(
    `INSERT INTO contact_counts (org_id, total, active) VALUES ($1, $2, $3)
     ON CONFLICT (org_id) DO UPDATE SET total = contact_counts.total + EXCLUDED.total,
       active = contact_counts.active + EXCLUDED.active`,
    [orgId, total, active],
  )
}

async function listAll(sql: Sql, { orgId, withDeleted, page, limit }: ContactQuery) {
  const offset = (page - 1) * limit
  const [counts] = await sql<{ total: string; active: string }>(
    'SELECT total, active FROM contact_counts WHERE org_id = $1',
    [orgId],
  )
  const count = Number((withDeleted ? counts?.total : counts?.active) ?? 0)
  if (offset >= count) return pageAt<StoredContact>([], count, offset)
  const alive = withDeleted ? '' : 'AND deleted_at IS NULL'
  const rows = await sql<DocRow<StoredContact>>(
    `SELECT doc FROM contacts WHERE org_id = $1 ${alive} ${ORDER} LIMIT $2 OFFSET $3`,
    [orgId, limit, offset],
  )
  return pageAt(docsOf(rows), count, offset)
}

/**
 * A search: `search LIKE '%needle%'`, the same substring test over the same normalized text as the
 * file store's (search-queries.ts).
 */
async function listMatches(
  context: ContactContext,
  needle: string,
  { orgId, withDeleted, page, limit }: ContactQuery,
): Promise<Page<StoredContact>> {
  const { sql } = context
  const offset = (page - 1) * limit
  const pattern = containsPattern(needle.replaceAll('\u0000', STORED_SEPARATOR))
  if (needle.includes(STORED_SEPARATOR)) {
    // SOH in the needle could match across two fields in the stored text: check the real text
    const rows = await sql<DocRow<StoredContact>>(
      `SELECT doc FROM contacts ${whereMatching(withDeleted)} ${ORDER}`,
      [orgId, pattern],
    )
    const found = docsOf(rows).filter((row) => context.searchTextOf(row).includes(needle))
    return pageAt(found.slice(offset, offset + limit), found.length, offset)
  }
  const query = searchQueryFor(needle, withDeleted)
  const rows = await sql<{ count: string; doc: StoredContact | null }>(
    query.text,
    [orgId, pattern, limit, offset],
    query.name,
  )
  const docs = rows.flatMap((row) => (row.doc === null ? [] : [row.doc]))
  return pageAt(docs, Number(rows[0]?.count ?? 0), offset)
}

/** Contacts in PostgreSQL, with the file store's behaviour (see memory-repositories.ts). */
export function createPostgresContacts(context: ContactContext): ContactRepository {
  const { sql, searchTextOf } = context
  return {
    async find(orgId, id) {
      const rows = await sql<DocRow<StoredContact>>(
        'SELECT doc FROM contacts WHERE id = $1 AND org_id = $2',
        [id, orgId],
      )
      return rows[0]?.doc
    },
    list(query) {
      const needle = normalizeSearch(query.search ?? '')
      return needle === '' ? listAll(sql, query) : listMatches(context, needle, query)
    },
    async create(contact) {
      await sql(
        `INSERT INTO contacts (id, org_id, created_at, deleted_at, search, doc)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        contactColumns(contact, searchTextOf),
      )
      await addCounts(sql, contact.org_id, 1, activeOf(contact))
    },
    async update(orgId, id, change) {
      // the row stays locked until the write commits: a concurrent update of another instance
      // waits, then builds on this one's result
      const [row] = await sql<DocRow<StoredContact>>(
        'SELECT doc FROM contacts WHERE id = $1 AND org_id = $2 FOR UPDATE',
        [id, orgId],
      )
      if (!row) return undefined
      const next = change(row.doc)
      await sql(
        `UPDATE contacts SET org_id = $2, created_at = $3, deleted_at = $4, search = $5, doc = $6
         WHERE id = $1`,
        contactColumns(next, searchTextOf),
      )
      if (next.org_id === orgId) {
        await addCounts(sql, orgId, 0, activeOf(next) - activeOf(row.doc))
      } else {
        await addCounts(sql, orgId, -1, -activeOf(row.doc))
        await addCounts(sql, next.org_id, 1, activeOf(next))
      }
      return next
    },
    async purge(orgId, id) {
      const [gone] = await sql<{ deleted_at: string | null }>(
        'DELETE FROM contacts WHERE id = $1 AND org_id = $2 RETURNING deleted_at',
        [id, orgId],
      )
      if (!gone) return
      await sql('DELETE FROM user_relationships WHERE contact_id = $1', [id])
      await addCounts(sql, orgId, -1, gone.deleted_at === null ? -1 : 0)
    },
  }
}
