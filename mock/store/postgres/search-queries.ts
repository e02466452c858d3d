// The SQL of a search. Each query takes $1 the org, $2 the LIKE pattern, $3 the limit, $4 the
// offset, and answers the page's records with the count of all matches on every row (one row with
// no record when the page is past the end). The bench sends them alone too.
import { STORED_SEPARATOR } from './sql.ts'

/** List order, as memory's (row-order.ts). */
export const ORDER = 'ORDER BY created_at, id'

export const whereMatching = (withDeleted: boolean): string =>
  `WHERE org_id = $1 AND search LIKE $2 ESCAPE '\\' ${withDeleted ? '' : 'AND deleted_at IS NULL'}`

/**
 * Through the trigram index over whole search texts. The matches are gathered once, narrow (id
 * and time): counting and ordering them never carries the records; only the page's are read.
 */
const byTexts = (withDeleted: boolean): string =>
  `WITH matches AS MATERIALIZED (SELECT id, created_at FROM contacts ${whereMatching(withDeleted)}),
     page AS (SELECT id, created_at FROM matches ${ORDER} LIMIT $3 OFFSET $4)
   SELECT total.count, c.doc
   FROM (SELECT count(*) AS count FROM matches) AS total
   LEFT JOIN (page JOIN contacts AS c ON c.id = page.id) ON true
   ORDER BY page.created_at, page.id`

/**
 * Through the words holding the needle (migrations/002-search-words.sql), never reading a match's
 * row: the count from the words' index alone; the page from the first `offset + limit` contacts of
 * each word, which its index holds in page order (a contact in the page has fewer than that many
 * matches before it, so fewer in any word's list). At a million contacts, 1.7 times the queries
 * per second of gathering every match for the page (and 3 times the whole texts' query).
 */
function byWords(withDeleted: boolean): string {
  const states = withDeleted ? ['false', 'true'] : ['false']
  const firstOfWord = states
    .map(
      (deleted) =>
        `(SELECT created_at, contact_id FROM contact_words AS cw
          WHERE cw.word = words.word AND cw.org_id = $1 AND cw.deleted = ${deleted}
          ORDER BY created_at, contact_id LIMIT $3::bigint + $4::bigint)`,
    )
    .join(' UNION ALL ')
  return `WITH words AS MATERIALIZED (SELECT word FROM search_words WHERE word LIKE $2 ESCAPE '\\'),
     page AS (SELECT DISTINCT created_at, contact_id FROM words CROSS JOIN LATERAL (${firstOfWord}) AS first
       ORDER BY created_at, contact_id LIMIT $3 OFFSET $4)
   SELECT (SELECT count(DISTINCT contact_id) FROM contact_words
           WHERE word IN (SELECT word FROM words) AND org_id = $1
             ${withDeleted ? '' : 'AND NOT deleted'}) AS count, c.doc
   FROM (SELECT 1) AS one
   LEFT JOIN (page JOIN contacts AS c ON c.id = page.contact_id) ON true
   ORDER BY page.created_at, page.contact_id`
}

/**
 * Whether a needle can only lie inside one word of the stored text, and is long enough for the
 * words' trigram index: pg_trgm finds nothing to look up in one or two characters, and such a
 * needle is in most words, whose contacts would then all be counted (measured at a million
 * contacts with the words gathered: "a" 1.5 s by words, 0.5 s by the whole texts; "son" 66 ms
 * against 261).
 */
export const searchesByWords = (needle: string): boolean =>
  Array.from(needle).length >= 3 && !needle.includes(' ') && !needle.includes(STORED_SEPARATOR)

export interface SearchQuery {
  /** Prepared: the most costly read is parsed once per connection (measured 10% quicker). */
  name: string
  text: string
}

/** The query that searches for `needle` (normalized) in an org's contacts. */
export function searchQueryFor(needle: string, withDeleted: boolean): SearchQuery {
  const words = searchesByWords(needle)
  return {
    name: `search-${words ? 'words' : 'texts'}${withDeleted ? '-with-deleted' : ''}`,
    text: words ? byWords(withDeleted) : byTexts(withDeleted),
  }
}
