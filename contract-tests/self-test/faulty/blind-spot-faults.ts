// Faulty targets for the blind spots of issue 15: each broke one documented rule and passed the
// whole suite before the check named in `caughtBy` was written.
import type { Fault, ProxyRequest } from './proxy.ts'
import {
  CONTACT,
  CONTACTS,
  editJson,
  LIST,
  pathOf,
  queryOf,
  withQuery,
  type JsonObject,
} from './rewrite.ts'

const isList = (req: ProxyRequest): boolean => req.method === 'GET' && LIST.test(pathOf(req))

/** A timestamp column that an update forgets to touch. */
const stampsFrozen = (record: unknown): unknown =>
  typeof record === 'object' && record !== null && 'created_at' in record
    ? { ...record, updated_at: (record as JsonObject)['created_at'] }
    : record

export const updatedAtNotMoved: Fault = {
  name: 'updated-at-not-moved',
  breaks: 'an update moves updated_at forward',
  caughtBy: 'When a field is changed, then updated_at moves past its previous value',
  response: (res, req) =>
    CONTACT.test(pathOf(req)) || CONTACTS.test(pathOf(req))
      ? editJson(res, (body) =>
          Array.isArray(body['contacts'])
            ? { ...body, contacts: body['contacts'].map(stampsFrozen) }
            : (stampsFrozen(body) as JsonObject),
        )
      : res,
}

/** count from a query that forgot the deleted_at filter; the page itself is right. */
export const countIncludesDeleted: Fault = {
  name: 'count-includes-deleted',
  breaks: 'count leaves out soft-deleted records unless include[]=deleted is sent',
  caughtBy: 'then the count of the list drops by one and counts it only with include[]=deleted',
  response: async (res, req, forward) => {
    const query = queryOf(req)
    if (!isList(req) || res.status !== 200 || query.getAll('include[]').includes('deleted'))
      return res
    query.append('include[]', 'deleted')
    const all = await forward(withQuery(req, query))
    const count = (JSON.parse(all.body.toString('utf8')) as JsonObject)['count']
    return editJson(res, (body) => ({ ...body, count }))
  },
}

export const locationOtherHost: Fault = {
  name: 'location-other-host',
  breaks: 'Location is the path of the created record on this server',
  caughtBy: 'then its Location points at the server itself',
  response: (res) => {
    const location = res.headers.location
    if (res.status !== 201 || typeof location !== 'string') return res
    const path = new URL(location, 'http://proxy').pathname
    return { ...res, headers: { ...res.headers, location: `https://elsewhere.example${path}` } }
  },
}

const GROUPS = ['tags', 'pets', 'phone_numbers', 'email_addresses', 'locations', 'expertise_tags']

/** A cache keyed on the query alone: the groups of the last contact fetched come back for the next. */
export function includeGroupsOfAnotherContact(): Fault {
  let cached: JsonObject = {}
  return {
    name: 'include-groups-of-another-contact',
    breaks: "include[] adds the contact's own metadata groups",
    caughtBy: "then a new contact's groups stay empty",
    response: (res, req) => {
      if (req.method !== 'GET' || !CONTACT.test(pathOf(req)) || res.status !== 200) return res
      return editJson(res, (body) => {
        const groups = GROUPS.filter((group) => Array.isArray(body[group]))
        if (groups.some((group) => (body[group] as unknown[]).length > 0)) {
          cached = Object.fromEntries(groups.map((group) => [group, body[group]]))
          return body
        }
        return {
          ...body,
          ...Object.fromEntries(
            groups.flatMap((group) => (group in cached ? [[group, cached[group]]] : [])),
          ),
        }
      })
    },
  }
}
