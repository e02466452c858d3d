// Faulty targets that break the rules of lists: soft-deleted records, count, first, search.
import type { Fault } from './proxy.ts'
import { CONTACTS, editJson, LIST, pathOf, queryOf, withQuery, type JsonObject } from './rewrite.ts'

const isListAnswer = (method: string, path: string, status: number): boolean =>
  method === 'GET' && LIST.test(path) && status === 200

const itemsKey = (path: string): string =>
  path.endsWith('/contacts') ? 'contacts' : 'user_relationships'

export const listsShowDeleted: Fault = {
  name: 'lists-show-deleted',
  breaks: 'lists hide soft-deleted records unless include[]=deleted is sent',
  caughtBy: 'then lists hide it unless include[]=deleted is sent',
  request: (req) => {
    const query = queryOf(req)
    if (req.method !== 'GET' || !LIST.test(pathOf(req)) || query.has('include[]')) return req
    query.append('include[]', 'deleted')
    return withQuery(req, query)
  },
}

export const countIsPageSize: Fault = {
  name: 'count-is-page-size',
  breaks: 'count is the number of matching records across all pages',
  caughtBy: 'count all 21 matches',
  response: (res, req) =>
    isListAnswer(req.method, pathOf(req), res.status)
      ? editJson(res, (body) => ({
          ...body,
          count: (body[itemsKey(pathOf(req))] as unknown[]).length,
        }))
      : res,
}

export const firstIsZeroBased: Fault = {
  name: 'first-is-zero-based',
  breaks: 'first is the 1-based position of the first record on the page',
  caughtBy: 'first is the position of the first record',
  response: (res, req) =>
    isListAnswer(req.method, pathOf(req), res.status)
      ? editJson(res, (body) => ({ ...body, first: Math.max(0, Number(body['first']) - 1) }))
      : res,
}

const SEARCHED = ['first_name', 'middle_name', 'last_name', 'nickname', 'employer', 'job_title']

export const searchIsCaseSensitive: Fault = {
  name: 'search-is-case-sensitive',
  breaks: 'search is case-insensitive',
  caughtBy: 'When the text differs in case, then the search still finds the contact',
  response: (res, req) => {
    const search = queryOf(req).get('search') ?? ''
    if (
      !isListAnswer(req.method, pathOf(req), res.status) ||
      !CONTACTS.test(pathOf(req)) ||
      search === ''
    ) {
      return res
    }
    return editJson(res, (body) => {
      const contacts = (body['contacts'] as JsonObject[]).filter((contact) => {
        const texts = SEARCHED.map((field) => contact[field]).filter(
          (value) => typeof value === 'string',
        )
        return [...texts, texts.join(' ')].some((text) => text.includes(search))
      })
      const removed = (body['contacts'] as unknown[]).length - contacts.length
      return {
        ...body,
        contacts,
        count: Number(body['count']) - removed,
        first: contacts.length === 0 ? 0 : body['first'],
      }
    })
  },
}
