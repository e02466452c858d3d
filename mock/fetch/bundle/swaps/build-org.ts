// In the browser bundle, in place of fixtures/build-org.ts: faker, which writes an isolated org's
// people, is 240 KB gzipped on its own (the bundle's whole budget). An org here is two users and
// copies of the bundled fixtures' contacts, taken in turn from a place the seed picks, with new
// ids; it has no user relationships.
import type { buildOrg as BuildOrg, OrgRecords } from '../../../../fixtures/build-org.ts'
import type { Data, StoredContact } from '../../../shared/data.ts'
import { BUILT } from '../built.ts'

const NAMES = ['Ada', 'Ben']

let bundled: StoredContact[] | undefined
/** The bundled fixtures' contacts, read once: an org copies them, never changes them. */
function bundledContacts(): StoredContact[] {
  bundled ??= BUILT === undefined ? [] : (JSON.parse(BUILT.fixtures) as Data).contacts
  return bundled
}

export const buildOrg: typeof BuildOrg = (request): OrgRecords => {
  const { orgId, newId, newSecret } = request
  const users = NAMES.map((name, index) => ({
    id: newId(),
    name,
    // the org id in the address keeps emails unique across orgs, so login finds one user
    email: `${name.toLowerCase()}.${String(index + 1)}@${orgId}.test`,
    password: newSecret(),
    token: `st_${newSecret()}`,
    org_ids: [orgId],
  }))
  const source = bundledContacts()
  const start = source.length === 0 ? 0 : Math.abs(request.seed) % source.length
  const count = source.length === 0 ? 0 : request.contacts
  const contacts = Array.from({ length: count }, (_, i) => source[(start + i) % source.length])
    .filter((copied): copied is StoredContact => copied !== undefined)
    .map((copied) => ({ ...structuredClone(copied), id: newId(), org_id: orgId }))
  return { org: { id: orgId, name: request.name }, users, contacts, user_relationships: [] }
}
