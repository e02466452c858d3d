// Faulty targets no hand-written check reads: each answer they change stays valid against the
// document, and only a comparison of the value with the reference model's shows it (the oracle).
import type { Fault } from './proxy.ts'
import { CONTACTS, editJson, pathOf, queryOf, type JsonObject } from './rewrite.ts'

/**
 * The query of active contacts leaves a column out of its projection: how_you_met reads null in
 * lists without include[]=deleted (the one check that compares a listed record whole lists with it).
 */
export const listDropsHowYouMet: Fault = {
  name: 'list-drops-how-you-met',
  breaks: "a list answers each contact's how_you_met as stored",
  caughtBy: 'how_you_met: target null, reference',
  response: (res, req) =>
    req.method === 'GET' &&
    CONTACTS.test(pathOf(req)) &&
    !queryOf(req).has('include[]') &&
    res.status === 200
      ? editJson(res, (body) => ({
          ...body,
          contacts: (body['contacts'] as JsonObject[]).map((contact) => ({
            ...contact,
            how_you_met: null,
          })),
        }))
      : res,
}
