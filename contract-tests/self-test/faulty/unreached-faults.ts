// Faulty targets that deviate only in states the hand-written generative model never produced:
// astral text at a field's limit in a multipart body, an own list longer than the largest page,
// a contact with relationships of two types. Each passes every hand-written check; only
// a sequence drawn from the document and judged by the reference model reaches it (generative/).
import type { Fault, ProxyRequest } from './proxy.ts'
import {
  CONTACT,
  CONTACTS,
  RELATIONSHIP,
  editJson,
  jsonOf,
  pathOf,
  queryOf,
  withQuery,
  type JsonObject,
} from './rewrite.ts'

const ASTRAL = /[\u{10000}-\u{10FFFF}]/u
/** Parts this long and longer are cut: the longest texts, where a byte budget runs out first. */
const LONG_PART = 50

/**
 * A multipart parser that budgets three UTF-8 bytes a character (the Basic Multilingual Plane's
 * most) drops the last character of a long part holding four-byte characters; JSON and forms are
 * read by another parser and keep it.
 */
export const multipartCutsAstral: Fault = {
  name: 'multipart-cuts-astral',
  breaks:
    'a multipart text part is stored as sent, astral characters included, up to its maxLength',
  caughtBy: 'The target disagrees with the model',
  request: (req: ProxyRequest): ProxyRequest => {
    const type = req.headers['content-type'] ?? ''
    if (
      !type.startsWith('multipart/form-data') ||
      !(CONTACTS.test(pathOf(req)) || CONTACT.test(pathOf(req)))
    )
      return req
    const text = req.body.toString('utf8')
    const cut = text.replace(
      /(\r\n\r\n)([^\r]*)(\r\n--)/g,
      (all, head: string, value: string, tail: string) => {
        const points = Array.from(value)
        return points.length >= LONG_PART && ASTRAL.test(value)
          ? `${head}${points.slice(0, -1).join('')}${tail}`
          : all
      },
    )
    return cut === text ? req : { ...req, body: Buffer.from(cut, 'utf8') }
  },
}

/**
 * `first` computed from a zero-based offset on the pages after the first, when the list has more
 * records than the largest page: only a list longer than 100 has such a page at limit=100.
 */
export const laterPageFirstOffByOne: Fault = {
  name: 'later-page-first-off-by-one',
  breaks: "first is the 1-based position of the page's first record",
  caughtBy: 'The target disagrees with the model',
  response: (res, req) => {
    const page = Number(queryOf(req).get('page') ?? '1')
    if (req.method !== 'GET' || !CONTACTS.test(pathOf(req)) || res.status !== 200 || page < 2)
      return res
    return editJson(res, (body) =>
      typeof body['count'] === 'number' &&
      body['count'] > 100 &&
      typeof body['first'] === 'number' &&
      body['first'] > 1
        ? { ...body, first: body['first'] - 1 }
        : body,
    )
  },
}

/**
 * A join that reads the date from the contact's first relationship row of its type: a relationship
 * whose contact has an earlier one of another type reads anniversary_date null. The suite's checks
 * link every contact with the catalog's first type, so no contact of theirs has two types.
 */
export const secondTypeLosesAnniversary: Fault = {
  name: 'second-type-loses-anniversary',
  breaks: 'a user relationship is answered with the anniversary_date it stores',
  caughtBy: 'The target disagrees with the model',
  response: async (res, req, forward) => {
    if (req.method !== 'GET' || !RELATIONSHIP.test(pathOf(req)) || res.status !== 200) return res
    const relationship = jsonOf(res)
    if (relationship === undefined || relationship['anniversary_date'] === null) return res
    const listPath = pathOf(req).replace(/\/[^/]+$/, '')
    const items: JsonObject[] = []
    for (let page = 1; page <= 50; page += 1) {
      const query = new URLSearchParams([
        ['include[]', 'deleted'],
        ['limit', '100'],
        ['page', String(page)],
      ])
      const all = await forward(withQuery({ ...req, url: listPath }, query))
      const found = (jsonOf(all)?.['user_relationships'] ?? []) as JsonObject[]
      items.push(...found)
      if (found.length < 100) break
    }
    const earlierOfAnotherType = items.some(
      (item) =>
        item['contact_id'] === relationship['contact_id'] &&
        item['relationship_id'] !== relationship['relationship_id'] &&
        String(item['created_at']) < String(relationship['created_at']),
    )
    return earlierOfAnotherType
      ? editJson(res, (body) => ({ ...body, anniversary_date: null }))
      : res
  },
}

export const UNREACHED_FAULTS = [
  multipartCutsAstral,
  laterPageFirstOffByOne,
  secondTypeLosesAnniversary,
]
