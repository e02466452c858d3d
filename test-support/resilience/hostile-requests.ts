import { ACME_ORG_ID, ALICE, BOB } from '../../fixtures/identities.ts'

export interface HostileRequest {
  label: string
  method: 'get' | 'post' | 'patch' | 'delete' | 'put' | 'options' | 'purge'
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  authorization?: string
  /** The expected status, where exactly one is right. */
  status?: number
  /** A field the problem's errors must name. */
  field?: string
}

const CONTACTS = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
const ONE = `${CONTACTS}/00000000-0000-4000-8000-000000000000`
const RELATIONSHIPS = `/api/v1/orgs/${ACME_ORG_ID}/user_relationships`
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }
const JSON_TYPE = { 'Content-Type': 'application/json' }
const VALID = 'contact[first_name]=Ann&contact[relationship_type]=1'

const form = (
  label: string,
  body: string,
  extra: Partial<HostileRequest> = {},
): HostileRequest => ({
  label,
  method: 'post',
  path: CONTACTS,
  headers: FORM,
  body,
  ...extra,
})
const json = (
  label: string,
  body: string,
  extra: Partial<HostileRequest> = {},
): HostileRequest => ({
  label,
  method: 'post',
  path: CONTACTS,
  headers: JSON_TYPE,
  body,
  ...extra,
})
const get = (label: string, path: string, extra: Partial<HostileRequest> = {}): HostileRequest => ({
  label,
  method: 'get',
  path,
  ...extra,
})

const deepJson = `{"contact":${'['.repeat(5000)}${']'.repeat(5000)}}`

export const HOSTILE_REQUESTS: HostileRequest[] = [
  // prototype pollution
  form('contact[__proto__][x] is sent', `${VALID}&contact[__proto__][x]=1`, {
    status: 422,
    field: 'contact[__proto__][x]',
  }),
  form('constructor[prototype][polluted] is sent', `${VALID}&constructor[prototype][polluted]=1`, {
    status: 422,
    field: 'constructor[prototype][polluted]',
  }),
  form('__proto__[polluted] is sent', `${VALID}&__proto__[polluted]=1`, {
    status: 422,
    field: '__proto__[polluted]',
  }),
  json(
    'a JSON body carries __proto__',
    `{"__proto__":{"polluted":1},"contact":{"first_name":"A","relationship_type":1}}`,
    { status: 422, field: '__proto__' },
  ),
  json(
    'a JSON contact carries constructor.prototype',
    `{"contact":{"first_name":"A","relationship_type":1,"constructor":{"prototype":{"polluted":1}}}}`,
    { status: 422, field: 'contact[constructor]' },
  ),
  // nesting and shapes
  form('a form name is nested six levels deep', `${VALID}&contact[a][b][c][d][e][f]=1`, {
    status: 400,
  }),
  form('a form name has unbalanced brackets', `${VALID}&contact[first_name=1`, { status: 400 }),
  json('a JSON body is nested 5000 levels deep', deepJson, { status: 422, field: 'contact' }),
  form('first_name is an array', 'contact[first_name][]=A&contact[relationship_type]=1', {
    status: 422,
    field: 'contact[first_name]',
  }),
  form('first_name is an object', 'contact[first_name][x]=A&contact[relationship_type]=1', {
    status: 422,
    field: 'contact[first_name]',
  }),
  json(
    'relationship_type is an object',
    '{"contact":{"first_name":"A","relationship_type":{"$gt":1}}}',
    { status: 422, field: 'contact[relationship_type]' },
  ),
  json('the body is a JSON array', '[{"contact":{"first_name":"A","relationship_type":1}}]', {
    status: 422,
  }),
  json('the body is JSON null', 'null', { status: 422 }),
  // duplicates
  form('first_name is sent twice', `${VALID}&contact[first_name]=B`, {
    status: 422,
    field: 'contact[first_name]',
  }),
  get('page is sent twice', `${CONTACTS}?page=1&page=2`, { status: 400, field: 'page' }),
  get('limit is sent twice with one value', `${CONTACTS}?limit=5&limit=5`, {
    status: 400,
    field: 'limit',
  }),
  // sizes
  form('the body is 200 KiB', `${VALID}&contact[how_you_met]=${'x'.repeat(200 * 1024)}`, {
    status: 413,
  }),
  form(
    'first_name has 101 characters',
    `contact[first_name]=${'n'.repeat(101)}&contact[relationship_type]=1`,
    { status: 422, field: 'contact[first_name]' },
  ),
  get('search has 201 characters', `${CONTACTS}?search=${'s'.repeat(201)}`, {
    status: 400,
    field: 'search',
  }),
  // encodings
  form(
    'a form value has a broken percent-escape',
    'contact[first_name]=%E0%A4%A&contact[relationship_type]=1',
    { status: 400 },
  ),
  form('a form value is invalid UTF-8', 'contact[first_name]=%C3%28&contact[relationship_type]=1', {
    status: 400,
  }),
  get('the query has a broken percent-escape', `${CONTACTS}?search=%ZZ`, { status: 400 }),
  get('the query is invalid UTF-8', `${CONTACTS}?search=%FF%FE`, { status: 400 }),
  json('a JSON body is invalid UTF-8', '', {
    body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    status: 400,
  }),
  form('a form value has a NUL byte', 'contact[first_name]=A%00B&contact[relationship_type]=1', {
    status: 400,
  }),
  json('a JSON string has a NUL', '{"contact":{"first_name":"A\\u0000B","relationship_type":1}}', {
    status: 400,
  }),
  get('the query has a NUL byte', `${CONTACTS}?search=%00`, { status: 400 }),
  json('the JSON is cut short', '{"contact":{"first_name":"A"', { status: 400 }),
  // content types
  form('the body is text/plain', VALID, { headers: { 'Content-Type': 'text/plain' }, status: 415 }),
  form('the body is XML', '<contact/>', {
    headers: { 'Content-Type': 'application/xml' },
    status: 415,
  }),
  // multipart is read as a form (decision 23): a part without a name is unreadable
  form('the multipart body has a part without a name', '--x\r\n\r\n--x--', {
    headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
    status: 400,
  }),
  form('the body is multipart/mixed', '--x\r\n\r\n--x--', {
    headers: { 'Content-Type': 'multipart/mixed; boundary=x' },
    status: 415,
  }),
  json('JSON is declared UTF-16', '{}', {
    headers: { 'Content-Type': 'application/json; charset=utf-16' },
    status: 415,
  }),
  form('a form body is sent as JSON', VALID, { headers: JSON_TYPE, status: 400 }),
  // methods
  { label: 'PUT is used on the contact list', method: 'put', path: CONTACTS, status: 405 },
  { label: 'PURGE is used on a contact', method: 'purge', path: ONE, status: 405 },
  {
    label: 'POST is used on one contact',
    method: 'post',
    path: ONE,
    headers: FORM,
    body: VALID,
    status: 405,
  },
  {
    label: 'DELETE is used on the catalog',
    method: 'delete',
    path: '/api/v1/relationships',
    status: 405,
  },
  // absurd pagination
  get('page is 10^20', `${CONTACTS}?page=100000000000000000000`, { status: 400, field: 'page' }),
  get('page is 1e309', `${CONTACTS}?page=1e309`, { status: 400, field: 'page' }),
  get('page is NaN', `${CONTACTS}?page=NaN`, { status: 400, field: 'page' }),
  get('page is -1', `${CONTACTS}?page=-1`, { status: 400, field: 'page' }),
  get('limit is 1.5', `${CONTACTS}?limit=1.5`, { status: 400, field: 'limit' }),
  get('limit is 100000', `${CONTACTS}?limit=100000`, { status: 400, field: 'limit' }),
  get('limit is empty', `${CONTACTS}?limit=`, { status: 400, field: 'limit' }),
  get('page is an array in brackets', `${CONTACTS}?page[]=1`, { status: 400, field: 'page[]' }),
  // odd ids in paths
  get('the contact id climbs directories', `${CONTACTS}/..%2F..%2Fetc%2Fpasswd`, { status: 404 }),
  get('the contact id is a NUL', `${CONTACTS}/%00`, { status: 404 }),
  get('the contact id is 5000 characters', `${CONTACTS}/${'a'.repeat(5000)}`, { status: 404 }),
  get('the contact id is a broken escape', `${CONTACTS}/%ZZ`, { status: 400 }),
  get('the contact id is __proto__', `${CONTACTS}/__proto__`, { status: 404 }),
  get('the contact id is constructor', `${CONTACTS}/constructor`, { status: 404 }),
  get('the relationship id is hasOwnProperty', `${RELATIONSHIPS}/hasOwnProperty`, { status: 404 }),
  // tokens
  get('the token is missing after Bearer', CONTACTS, { authorization: 'Bearer', status: 401 }),
  get('the scheme is Basic', CONTACTS, {
    authorization: `Basic ${Buffer.from('a:b').toString('base64')}`,
    status: 401,
  }),
  get('the header has two tokens', CONTACTS, {
    authorization: `Bearer ${ALICE.token} ${BOB.token}`,
    status: 401,
  }),
  get('the token is 10 KB', CONTACTS, {
    authorization: `Bearer ${'t'.repeat(10_000)}`,
    status: 401,
  }),
  get('the token is a prototype key', CONTACTS, { authorization: 'Bearer __proto__', status: 401 }),
  get('the token is another case of a real one', CONTACTS, {
    authorization: `Bearer ${ALICE.token.toUpperCase()}`,
    status: 401,
  }),
]
