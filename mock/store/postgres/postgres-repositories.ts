import type {
  Org,
  RelationshipType,
  Session,
  StoredContact,
  StoredUserRelationship,
  User,
} from '../../shared/data.ts'
import {
  newSession,
  pageAt,
  type Repositories,
  type UserRelationshipRepository,
} from '../repositories.ts'
import { relationshipColumns, UPSERT_USER, userColumns } from './load-data.ts'
import { createPostgresContacts } from './postgres-contacts.ts'
import { docsOf, type DocRow, type Sql } from './sql.ts'

export interface PostgresContext {
  sql: Sql
  searchTextOf: (contact: StoredContact) => string
  tokenTtlMs: number | undefined
}

async function docOf<T>(sql: Sql, text: string, values: unknown[]): Promise<T | undefined> {
  return (await sql<DocRow<T>>(text, values))[0]?.doc
}

/** Removes an org's relationships, contacts and users (leaving their other orgs), then the org. */
async function purgeOrg(sql: Sql, orgId: string): Promise<void> {
  await sql('DELETE FROM user_relationships WHERE org_id = $1', [orgId])
  await sql('DELETE FROM contacts WHERE org_id = $1', [orgId])
  await sql('DELETE FROM contact_counts WHERE org_id = $1', [orgId])
  const members = await sql<DocRow<User>>(
    'SELECT doc FROM users WHERE $1 = ANY(org_ids) ORDER BY seq FOR UPDATE',
    [orgId],
  )
  for (const user of docsOf(members)) {
    const rest = user.org_ids.filter((id) => id !== orgId)
    if (rest.length === 0) await sql('DELETE FROM users WHERE id = $1', [user.id])
    else await sql(UPSERT_USER, userColumns({ ...user, org_ids: rest }))
  }
  await sql('DELETE FROM orgs WHERE id = $1', [orgId])
}

/** The catalog of the data now: another instance's reset may have replaced it. */
export async function relationshipTypesOf(sql: Sql): Promise<RelationshipType[]> {
  const meta = await docOf<{ relationship_types: RelationshipType[] }>(
    sql,
    'SELECT doc FROM meta WHERE id = 1',
    [],
  )
  return meta?.relationship_types ?? []
}

function createUserRelationships(sql: Sql): UserRelationshipRepository {
  const owned = 'id = $1 AND org_id = $2 AND user_id = $3'
  return {
    find: (orgId, userId, id) =>
      docOf(sql, `SELECT doc FROM user_relationships WHERE ${owned}`, [id, orgId, userId]),
    async list({ orgId, userId, withDeleted, page, limit }) {
      const offset = (page - 1) * limit
      const where = `WHERE org_id = $1 AND user_id = $2 ${withDeleted ? '' : 'AND deleted_at IS NULL'}`
      const [counted] = await sql<{ count: string }>(
        `SELECT count(*) AS count FROM user_relationships ${where}`,
        [orgId, userId],
      )
      const rows = await sql<DocRow<StoredUserRelationship>>(
        `SELECT doc FROM user_relationships ${where} ORDER BY created_at, id LIMIT $3 OFFSET $4`,
        [orgId, userId, limit, offset],
      )
      return pageAt(docsOf(rows), Number(counted?.count ?? 0), offset)
    },
    async create(relationship) {
      await sql(
        `INSERT INTO user_relationships (id, org_id, user_id, contact_id, created_at, deleted_at, doc)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        relationshipColumns(relationship),
      )
    },
    async update(orgId, userId, id, change) {
      const current = await docOf<StoredUserRelationship>(
        sql,
        `SELECT doc FROM user_relationships WHERE ${owned} FOR UPDATE`,
        [id, orgId, userId],
      )
      if (!current) return undefined
      const next = change(current)
      await sql(
        `UPDATE user_relationships SET org_id = $2, user_id = $3, contact_id = $4,
           created_at = $5, deleted_at = $6, doc = $7 WHERE id = $1`,
        relationshipColumns(next),
      )
      return next
    },
  }
}

/**
 * The repositories on one connection: the pool for a read, the write's own client (inside its
 * transaction) for a write. Same behaviour as memory-repositories.ts.
 */
export function createPostgresRepositories(context: PostgresContext): Repositories {
  const { sql } = context
  return {
    orgs: {
      find: (id) => docOf<Org>(sql, 'SELECT doc FROM orgs WHERE id = $1', [id]),
      async create(org) {
        await sql(
          'INSERT INTO orgs (id, doc) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc',
          [org.id, JSON.stringify(org)],
        )
      },
      purge: (id) => purgeOrg(sql, id),
    },
    users: {
      async create(user) {
        await sql(UPSERT_USER, userColumns(user))
      },
      byToken: (token) =>
        docOf<User>(sql, 'SELECT doc FROM users WHERE token = $1 ORDER BY seq DESC LIMIT 1', [
          token,
        ]),
      byId: (id) => docOf<User>(sql, 'SELECT doc FROM users WHERE id = $1', [id]),
      byEmail: (email) =>
        docOf<User>(sql, 'SELECT doc FROM users WHERE email_key = $1 ORDER BY seq DESC LIMIT 1', [
          email.toLowerCase(),
        ]),
    },
    sessions: {
      async open(userId, now) {
        const session = newSession(userId, now, context.tokenTtlMs)
        await sql('INSERT INTO sessions (token, user_id, expires_at) VALUES ($1, $2, $3)', [
          session.token,
          session.user_id,
          session.expires_at,
        ])
        return session
      },
      async find(token) {
        const [row] = await sql<Session>(
          'SELECT token, user_id, expires_at FROM sessions WHERE token = $1',
          [token],
        )
        return row && { token: row.token, user_id: row.user_id, expires_at: row.expires_at }
      },
      async revoke(token) {
        await sql('DELETE FROM sessions WHERE token = $1', [token])
      },
    },
    relationshipTypes: {
      async list() {
        const types = await relationshipTypesOf(sql)
        return types.sort((a, b) => a.name.localeCompare(b.name, 'en'))
      },
      async find(id) {
        return (await relationshipTypesOf(sql)).find((type) => type.id === id)
      },
    },
    contacts: createPostgresContacts(context),
    userRelationships: createUserRelationships(sql),
  }
}
