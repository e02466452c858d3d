// Faulty targets that answer the wrong way: status codes, headers, content types, extra fields.
import { ALICE } from '../../../fixtures/identities.ts'
import type { Fault } from './proxy.ts'
import { CONTACT, CONTACTS, editJson, pathOf, withStatus, type JsonObject } from './rewrite.ts'

const GROUPS = ['tags', 'pets', 'phone_numbers', 'email_addresses', 'locations', 'expertise_tags']

export const includeGroupsDropped: Fault = {
  name: 'include-groups-dropped',
  breaks: 'include[] adds each metadata group asked for to a single contact',
  caughtBy: 'then that group is present as an array',
  response: (res, req) =>
    req.method === 'GET' && CONTACT.test(pathOf(req)) && res.status === 200
      ? editJson(res, (body) =>
          Object.fromEntries(Object.entries(body).filter(([key]) => !GROUPS.includes(key))),
        )
      : res,
}

export const problemAsPlainJson: Fault = {
  name: 'problem-as-plain-json',
  breaks: 'errors are application/problem+json',
  caughtBy: 'expected content type application/problem+json, got application/json',
  response: (res) =>
    String(res.headers['content-type']).startsWith('application/problem+json')
      ? { ...res, headers: { ...res.headers, 'content-type': 'application/json; charset=utf-8' } }
      : res,
}

export const noWwwAuthenticate: Fault = {
  name: 'no-www-authenticate',
  breaks: '401 carries WWW-Authenticate: Bearer',
  caughtBy: 'then it answers 401 with WWW-Authenticate: Bearer',
  response: (res) => {
    if (res.status !== 401) return res
    const headers = { ...res.headers }
    delete headers['www-authenticate']
    return { ...res, headers }
  },
}

export const foreignContactForbidden: Fault = {
  name: 'foreign-contact-forbidden',
  breaks: "another org's (or an unknown) contact is 404, never revealing that it exists",
  caughtBy: "When their contact's id is fetched in this organization, then it answers 404",
  response: (res, req) =>
    CONTACT.test(pathOf(req)) && res.status === 404 ? withStatus(res, 403, 'Forbidden') : res,
}

const addScore = (contact: unknown): unknown =>
  typeof contact === 'object' && contact !== null ? { ...contact, internal_score: 7 } : contact

export const undeclaredContactField: Fault = {
  name: 'undeclared-contact-field',
  breaks: 'responses are closed: no field beyond the documented ones',
  caughtBy: "must NOT have unevaluated properties: 'internal_score'",
  response: (res, req) => {
    const path = pathOf(req)
    if (res.status >= 300 || !(CONTACT.test(path) || CONTACTS.test(path))) return res
    return editJson(res, (body: JsonObject) =>
      Array.isArray(body['contacts'])
        ? { ...body, contacts: body['contacts'].map(addScore) }
        : (addScore(body) as JsonObject),
    )
  },
}

export const noLocation: Fault = {
  name: 'no-location',
  breaks: 'a create answers 201 with a Location header',
  caughtBy: 'with the contact as sent and a Location',
  response: (res) => {
    if (res.status !== 201) return res
    const headers = { ...res.headers }
    delete headers.location
    return { ...res, headers }
  },
}

export const validationAs400: Fault = {
  name: 'validation-as-400',
  breaks: 'invalid body fields are answered 422',
  caughtBy: 'then it answers 422 naming contact[first_name]',
  response: (res) => (res.status === 422 ? withStatus(res, 400, 'Bad Request') : res),
}

// The self-test runs with Alice's token as --token (run-suite.ts): the login hands that one out.
export const loginHandsOutRunToken: Fault = {
  name: 'login-hands-out-run-token',
  breaks: "a login opens a session of its own, which logout ends without ending the run's access",
  caughtBy: 'The login handed out a token the run was given',
  response: (res, req) =>
    req.method === 'POST' && pathOf(req) === '/api/v1/login' && res.status === 200
      ? editJson(res, (body) => ({ ...body, token: ALICE.token }))
      : res,
}
