// Every read of the Contacts API sent to two servers and their answers compared: the proof that a
// mock on a pulled seed follows the deployment it was pulled from. The lists with the query forms
// the contract suite sends (include[]=deleted, page and limit, past the last page, search by each
// field the search looks in, by full names, by part of a name, with the deleted records and a
// page), every contact alone and with every metadata group, every user relationship, the catalog.

import { isDeepStrictEqual } from 'node:util'

/** One server, as the token's user of one org sees it. */
export interface Side {
  url: string
  token: string
  orgId: string
}

/**
 * `equal`: the same answers, as JSON values. `shape`: an anonymized copy, whose texts
 * differ: the same statuses, keys, types, counts, orders, ids, dates and deletion states.
 */
export type Sameness = 'equal' | 'shape'

type Query = [string, string][]
type Json = string | number | boolean | null | Json[] | Row
interface Row {
  [key: string]: Json
}

interface Answer {
  status: number
  body: Json
}

/** What an anonymized copy keeps as it is: ids, types, dates, enums, counts. */
const KEPT = /^(id|.*_id|.*_at|birthday|gender|relationship_type|anniversary_date|count|first)$/

/** Strings become their type, what is kept stays: two shapes compare as the copy must keep. */
function shapeOf(value: Json, key = ''): Json {
  if (KEPT.test(key)) return value
  if (typeof value === 'string') return 'a string'
  if (Array.isArray(value)) return value.map((item) => shapeOf(item))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, shapeOf(item, name)]),
  )
}

const idOf = (row: Row): string => (typeof row['id'] === 'string' ? row['id'] : '')

const isRow = (value: Json | undefined): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

async function read(side: Side, path: string, query: Query): Promise<Answer> {
  const url = new URL(path.replaceAll('{org}', side.orgId), side.url)
  for (const [name, value] of query) url.searchParams.append(name, value)
  const res = await fetch(url, { headers: { Authorization: `Bearer ${side.token}` } })
  const text = await res.text()
  return { status: res.status, body: text === '' ? null : (JSON.parse(text) as Json) }
}

const CONTACTS = '/api/v1/orgs/{org}/contacts'
const LINKS = '/api/v1/orgs/{org}/user_relationships'
const GROUPS = ['tags', 'pets', 'phone_numbers', 'email_addresses', 'locations', 'expertise_tags']
const DELETED: Query = [['include[]', 'deleted']]

/** The texts the search looks in (the document's x-search-fields). */
const SEARCHED = [
  ['first_name'],
  ['middle_name'],
  ['last_name'],
  ['nickname'],
  ['employer'],
  ['job_title'],
  ['first_name', 'last_name'],
  ['first_name', 'middle_name', 'last_name'],
]
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The ids of a list's contacts that hold `term` as whole words in a searched text. */
function wordMatches(body: Json, term: string): string[] {
  const word = new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(term)}($|[^\\p{L}\\p{N}])`, 'iu')
  const contacts = isRow(body) && Array.isArray(body['contacts']) ? body['contacts'] : []
  return contacts.filter(isRow).flatMap((contact) => {
    const texts = SEARCHED.map((names) =>
      names.flatMap((name) => (typeof contact[name] === 'string' ? [contact[name]] : [])).join(' '),
    )
    return texts.some((text) => word.test(text)) ? [idOf(contact)] : []
  })
}

/** Every page of a search on one side: the ids of the whole-word matches, in order. */
async function searchAll(side: Side, query: Query, term: string): Promise<string[]> {
  const ids: string[] = []
  for (let page = 1; ; page++) {
    const { status, body } = await read(side, CONTACTS, [
      ...query,
      ['limit', '100'],
      ['page', String(page)],
    ])
    if (status !== 200) return [`status ${String(status)}`]
    ids.push(...wordMatches(body, term))
    const count = isRow(body) ? body['count'] : 0
    if (typeof count !== 'number' || page * 100 >= count) return ids
  }
}

/** A search term made from one contact's fields, on each side from that side's record. */
type Term = (contact: Row) => string | null
const field =
  (...names: string[]): Term =>
  (contact) => {
    const parts = names.map((name) => contact[name]).filter((part) => typeof part === 'string')
    return parts.length === names.length ? parts.join(' ') : null
  }
const TERMS: [string, Term, Sameness[]][] = [
  ['first_name', field('first_name'), ['equal', 'shape']],
  ['middle_name', field('middle_name'), ['equal', 'shape']],
  ['last_name', field('last_name'), ['equal', 'shape']],
  ['nickname', field('nickname'), ['equal', 'shape']],
  ['employer', field('employer'), ['equal', 'shape']],
  ['job_title', field('job_title'), ['equal', 'shape']],
  ['first last', field('first_name', 'last_name'), ['equal', 'shape']],
  ['first middle last', field('first_name', 'middle_name', 'last_name'), ['equal', 'shape']],
  [
    'the first name in lower case',
    (c) => field('first_name')(c)?.toLowerCase() ?? null,
    ['equal', 'shape'],
  ],
  // a part of a word finds other words too: only an equal copy keeps that
  [
    "the first name's first 3 letters",
    (c) => field('first_name')(c)?.slice(0, 3) ?? null,
    ['equal'],
  ],
]

/**
 * Sends each read to both sides; resolves with what differs, one line each (none: they agree),
 * and how many reads were compared. `sample`: every how-many-th contact the searches and the
 * single groups are tried on.
 */
export async function compareReads(
  source: Side,
  copy: Side,
  sameness: Sameness,
  sample = 5,
): Promise<{ differences: string[]; reads: number }> {
  const differences: string[] = []
  let reads = 0
  // the same JSON values: the order of an object's keys is not part of an answer
  const same = (a: Answer, b: Answer): boolean =>
    sameness === 'equal'
      ? isDeepStrictEqual(a, b)
      : isDeepStrictEqual({ ...a, body: shapeOf(a.body) }, { ...b, body: shapeOf(b.body) })

  /** Both answers to one read, compared; the two sides may name a term differently. */
  async function both(
    path: string,
    query: Query,
    copyQuery: Query = query,
  ): Promise<[Answer, Answer]> {
    const answers = await Promise.all([read(source, path, query), read(copy, path, copyQuery)])
    reads++
    if (!same(...answers)) {
      const [a, b] = answers.map((answer) => JSON.stringify(answer).slice(0, 300))
      differences.push(`GET ${path} ${JSON.stringify(query)}: ${a ?? ''} ≠ ${b ?? ''}`)
    }
    return answers
  }

  /**
   * An anonymized copy replaces words, not letters: a search finds there the contacts whose
   * searched texts hold the term's fake as a whole word, as the source's hold the term. The
   * other matches (a part of another word: `Mann` in `Hermann`) differ, and are left out.
   */
  async function bothWordSearches(mine: string, theirs: string): Promise<void> {
    for (const extra of [[], DELETED] as Query[]) {
      const [ids, copyIds] = await Promise.all([
        searchAll(source, [['search', mine], ...extra], mine),
        searchAll(copy, [['search', theirs], ...extra], theirs),
      ])
      reads++
      if (!isDeepStrictEqual(ids, copyIds)) {
        differences.push(
          `GET ${CONTACTS} search ${JSON.stringify(mine)} / ${JSON.stringify(theirs)} ${JSON.stringify(extra)}: ${JSON.stringify(ids)} ≠ ${JSON.stringify(copyIds)}`,
        )
      }
    }
  }

  /** Every page of a list, limit 100; the source's records. */
  async function allPages(path: string, key: string, query: Query): Promise<[Row[], Row[]]> {
    const rows: [Row[], Row[]] = [[], []]
    for (let page = 1; ; page++) {
      const answers = await both(path, [...query, ['limit', '100'], ['page', String(page)]])
      const lists = answers.map(({ body }) => (isRow(body) ? body[key] : undefined))
      lists.forEach((list, side) => {
        if (Array.isArray(list)) rows[side]?.push(...list.filter(isRow))
      })
      const count = isRow(answers[0].body) ? answers[0].body['count'] : 0
      if (typeof count !== 'number' || page * 100 >= count) return rows
    }
  }

  for (const query of [
    [],
    DELETED,
    [['limit', '5']],
    [
      ['limit', '5'],
      ['page', '2'],
    ],
  ] as Query[])
    await both(CONTACTS, query)
  await both(CONTACTS, [['page', '100000']])
  await both(CONTACTS, [['search', '']])
  await allPages(CONTACTS, 'contacts', [])
  const [contacts, copies] = await allPages(CONTACTS, 'contacts', DELETED)

  const allGroups: Query = GROUPS.map((group) => ['include[]', group])
  for (const [index, contact] of contacts.entries()) {
    const path = `${CONTACTS}/${idOf(contact)}`
    await both(path, [])
    await both(path, allGroups)
    if (index % sample !== 0) continue
    for (const group of GROUPS) await both(path, [['include[]', group]])
    const twin = copies[index] ?? {}
    for (const [, term, kinds] of TERMS) {
      const [mine, theirs] = [term(contact), term(twin)]
      if (!kinds.includes(sameness) || mine === null || theirs === null) continue
      if (sameness === 'shape') {
        await bothWordSearches(mine, theirs)
        continue
      }
      for (const extra of [
        [],
        DELETED,
        [
          ['limit', '2'],
          ['page', '2'],
        ],
      ] as Query[])
        await both(CONTACTS, [['search', mine], ...extra], [['search', theirs], ...extra])
    }
  }
  await both(`${CONTACTS}/00000000-0000-4000-8000-00000000c0de`, [])

  for (const query of [
    [],
    DELETED,
    [
      ['limit', '2'],
      ['page', '2'],
    ],
  ] as Query[])
    await both(LINKS, query)
  const [links] = await allPages(LINKS, 'user_relationships', DELETED)
  for (const link of links) await both(`${LINKS}/${idOf(link)}`, [])
  await both('/api/v1/relationships', [])
  return { differences, reads }
}
