// Faulty targets that do the wrong thing with a request: accept, ignore or leak.
import { propertyNamesOf } from '../../../openapi/document.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import { ACME_ORG_ID, ALICE, BOB, GLOBEX_ORG_ID } from '../../../fixtures/identities.ts'
import type { Fault } from './proxy.ts'
import {
  CONTACT,
  CONTACTS,
  filterBody,
  jsonOf,
  pathOf,
  queryOf,
  RELATIONSHIP,
  withQuery,
} from './rewrite.ts'

const CONTACT_FIELDS = propertyNamesOf(loadDocument(), 'ContactWriteFields')

export const purgeIgnored: Fault = {
  name: 'purge-ignored',
  breaks: 'soft_delete=false removes a contact for good',
  caughtBy: 'then the contact is removed for good: 404 everywhere',
  request: (req) => {
    if (req.method !== 'DELETE' || !CONTACT.test(pathOf(req))) return req
    const query = queryOf(req)
    query.delete('soft_delete')
    return {
      ...withQuery(req, query),
      body: Buffer.alloc(0),
      headers: { ...req.headers, 'content-type': undefined },
    }
  },
}

export const unknownContactFieldAccepted: Fault = {
  name: 'unknown-contact-field-accepted',
  breaks: 'an unknown contact[...] field is rejected with 422, by name',
  caughtBy: 'When an unknown field contact[nickname2] is sent',
  request: (req) =>
    (req.method === 'POST' && CONTACTS.test(pathOf(req))) ||
    (req.method === 'PATCH' && CONTACT.test(pathOf(req)))
      ? filterBody(
          req,
          (path) =>
            path[0] !== 'contact' || path.length < 2 || CONTACT_FIELDS.includes(path[1] ?? ''),
        )
      : req,
}

export const orgMembershipIgnored: Fault = {
  name: 'org-membership-ignored',
  breaks: 'a token whose user is not a member of :org_id is answered 403',
  caughtBy: 'names an organization the user is not a member of, then it answers 403',
  request: (req) => {
    const token = req.headers.authorization ?? ''
    const ownUser = [ALICE.token, BOB.token].some((own) => token.endsWith(own))
    return ownUser
      ? { ...req, url: req.url.replace(`/orgs/${GLOBEX_ORG_ID}/`, `/orgs/${ACME_ORG_ID}/`) }
      : req
  },
}

export const relationshipOwnershipLeak: Fault = {
  name: 'relationship-ownership-leak',
  breaks: "another user's relationship is 404",
  caughtBy: "When the second user fetches the first user's relationship, then it answers 404",
  response: async (res, req, forward) => {
    if (req.method !== 'GET' || !RELATIONSHIP.test(pathOf(req)) || res.status !== 404) return res
    for (const token of [ALICE.token, BOB.token]) {
      const retry = await forward({
        ...req,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      })
      if (retry.status === 200) return retry
    }
    return res
  },
}

export const rejectedPatchApplied: Fault = {
  name: 'rejected-patch-applied',
  breaks: 'a rejected write changes nothing',
  caughtBy:
    'When a valid and an invalid field are sent together, then it answers 422 and stores neither',
  response: async (res, req, forward) => {
    if (req.method !== 'PATCH' || !CONTACT.test(pathOf(req)) || res.status !== 422) return res
    const named = ((jsonOf(res)?.['errors'] ?? []) as { field: string }[]).map(
      (error) => error.field,
    )
    const valid = filterBody(
      req,
      (path) =>
        !named.includes(path.length === 2 ? `${path[0] ?? ''}[${path[1] ?? ''}]` : (path[0] ?? '')),
    )
    await forward(valid)
    return res
  },
}
