// Faulty targets that take what the document refuses, or read what they take the wrong way.
import type { Fault, ProxyRequest } from './proxy.ts'
import {
  CONTACT,
  CONTACTS,
  editJson,
  isJsonRequest,
  jsonBodyOf,
  LIST,
  pathOf,
  queryOf,
  RELATIONSHIP,
  withQuery,
  type JsonObject,
} from './rewrite.ts'

/** The request with one field of its body (form `prefix[name]`, or JSON `{prefix: {name}}`) changed. */
function changeField(
  req: ProxyRequest,
  prefix: string,
  name: string,
  change: (value: unknown) => unknown,
): ProxyRequest {
  if (isJsonRequest(req)) {
    const body = jsonBodyOf(req)
    if (body === undefined) return req
    const inner = body[prefix]
    if (typeof inner !== 'object' || inner === null || !(name in inner)) return req
    const changed = { ...inner, [name]: change((inner as JsonObject)[name]) }
    return { ...req, body: Buffer.from(JSON.stringify({ ...body, [prefix]: changed })) }
  }
  const form = new URLSearchParams(req.body.toString('utf8'))
  const key = `${prefix}[${name}]`
  if (!form.has(key)) return req
  form.set(key, String(change(form.get(key))))
  return { ...req, body: Buffer.from(form.toString()) }
}

export const jsonNumericStringAccepted: Fault = {
  name: 'json-numeric-string-accepted',
  breaks: 'JSON values have the documented types: "relationship_type": "3" is a 422',
  caughtBy: 'relationship_type is "3"',
  request: (req) =>
    (req.method === 'POST' && CONTACTS.test(pathOf(req))) ||
    (req.method === 'PATCH' && CONTACT.test(pathOf(req)))
      ? isJsonRequest(req)
        ? changeField(req, 'contact', 'relationship_type', (value) =>
            typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value,
          )
        : req
      : req,
}

export const birthdayOffsetDropped: Fault = {
  name: 'birthday-offset-dropped',
  breaks: 'a birthday date-time is stored as the same instant in UTC',
  caughtBy: 'then it is stored as that instant in UTC',
  request: (req) =>
    req.method === 'PATCH' && CONTACT.test(pathOf(req))
      ? changeField(req, 'contact', 'birthday', (value) =>
          typeof value === 'string' ? value.replace(/[+-]\d{2}:\d{2}$/, 'Z') : value,
        )
      : req,
}

export const anniversaryDateLenient: Fault = {
  name: 'anniversary-date-lenient',
  breaks: 'anniversary_date is a calendar date, yyyy-mm-dd, and nothing else',
  caughtBy: '(not yyyy-mm-dd), then it answers 422 naming user_relationship[anniversary_date]',
  request: (req) =>
    req.method === 'PATCH' && RELATIONSHIP.test(pathOf(req))
      ? changeField(req, 'user_relationship', 'anniversary_date', (value) => {
          if (typeof value !== 'string' || /^\d{4}-\d{2}-\d{2}$/.test(value)) return value
          const parsed = new Date(`${value}${/\d{2}:\d{2}/.test(value) ? '' : ' UTC'}`)
          return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString().slice(0, 10)
        })
      : req,
}

const SEARCHED = ['first_name', 'middle_name', 'last_name', 'nickname', 'employer', 'job_title']
const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** search= turned into SQL's LIKE '%text%': % and _ are wildcards. */
export const searchLikeWildcards: Fault = {
  name: 'search-like-wildcards',
  breaks: 'search is a substring match of the text as sent: % and _ are no wildcards',
  caughtBy: 'then it matches only that character, not any text',
  response: async (res, req, forward) => {
    const query = queryOf(req)
    const search = query.get('search') ?? ''
    if (req.method !== 'GET' || !CONTACTS.test(pathOf(req)) || !/[%_]/.test(search)) return res
    const literal = search.split(/[%_]/).sort((a, b) => b.length - a.length)[0] ?? ''
    query.set('search', literal)
    const wider = await forward(withQuery(req, query))
    const like = new RegExp(
      search
        .split('')
        .map((c) => (c === '%' ? '.*' : c === '_' ? '.' : escapeRegex(c)))
        .join(''),
      'i',
    )
    return editJson({ ...res, status: wider.status, body: wider.body }, (body) => {
      const contacts = (body['contacts'] as JsonObject[]).filter((contact) =>
        SEARCHED.some((field) => typeof contact[field] === 'string' && like.test(contact[field])),
      )
      return { ...body, contacts, count: contacts.length, first: contacts.length === 0 ? 0 : 1 }
    })
  },
}

/** Timestamps kept to the second, and ties broken by id the wrong way round. */
export const tieBreakReversed: Fault = {
  name: 'tie-break-reversed',
  breaks: 'lists are ordered by created_at, then id ascending',
  caughtBy: 'then the list orders them by id',
  response: (res, req) => {
    if (req.method !== 'GET' || !LIST.test(pathOf(req)) || res.status !== 200) return res
    const key = pathOf(req).endsWith('/contacts') ? 'contacts' : 'user_relationships'
    return editJson(res, (body) => {
      const items = (body[key] as JsonObject[]).map((item): JsonObject => ({
        ...item,
        created_at: String(item['created_at']).replace(/\.\d{3}Z$/, '.000Z'),
      }))
      const text = (item: JsonObject, field: string): string => String(item[field])
      items.sort(
        (a, b) =>
          text(a, 'created_at').localeCompare(text(b, 'created_at')) ||
          text(b, 'id').localeCompare(text(a, 'id')),
      )
      return { ...body, [key]: items }
    })
  },
}
