// A target that deviates from the document in three places, each a rule of another provenance:
// the provenance self-test's (provenance.test.ts). One rule of the interface (the metadata groups
// include[] adds to a single contact), two of this kit's decisions (a case-insensitive search,
// decision 10; `soft_delete=true`, a soft delete by decision 14).
import type { Fault, ProxyRequest, ProxyResponse, Forward } from './proxy.ts'
import { includeGroupsDropped } from './response-faults.ts'
import { searchIsCaseSensitive } from './list-faults.ts'
import { CONTACT, pathOf, queryOf, withQuery } from './rewrite.ts'

/** The faults one after the other: each sees the request and answer the one before it left. */
export function combineFaults(name: string, faults: readonly Fault[]): Fault {
  return {
    name,
    breaks: faults.map((fault) => fault.breaks).join('; '),
    caughtBy: faults[0]?.caughtBy ?? '',
    request: (req: ProxyRequest) =>
      faults.reduce((sent, fault) => fault.request?.(sent) ?? sent, req),
    response: async (res: ProxyResponse, req: ProxyRequest, forward: Forward) => {
      let answer = res
      for (const fault of faults) answer = (await fault.response?.(answer, req, forward)) ?? answer
      return answer
    },
  }
}

/** Decision 14: `soft_delete=true` soft-deletes; this target purges on it, as on `false`. */
export const softDeleteTruePurges: Fault = {
  name: 'soft-delete-true-purges',
  breaks: 'soft_delete=true soft-deletes the contact',
  caughtBy: 'soft_delete=true in the query, then the contact is only soft-deleted',
  request: (req) => {
    if (req.method !== 'DELETE' || !CONTACT.test(pathOf(req))) return req
    const query = queryOf(req)
    if (query.get('soft_delete') === 'true') query.set('soft_delete', 'false')
    const body = req.body
      .toString('utf8')
      .replace(/^soft_delete=true$/, 'soft_delete=false')
      .replace(/"soft_delete":\s*(true|"true")/, '"soft_delete":false')
    return { ...withQuery(req, query), body: Buffer.from(body) }
  },
}

export const THREE_DEVIATIONS: readonly Fault[] = [
  includeGroupsDropped,
  searchIsCaseSensitive,
  softDeleteTruePurges,
]

export const threeDeviations = combineFaults('three-deviations', THREE_DEVIATIONS)
