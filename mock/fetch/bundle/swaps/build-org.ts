// In the browser bundle, in place of fixtures/build-org.ts: an isolated org is generated with
// faker, 240 KB gzipped on its own (the bundle's whole budget), and its ids with node:crypto. The
// bundle ships its fixtures as data instead; POST /__admin/orgs answers a 500 that says so.
import type { buildOrg as BuildOrg } from '../../../../fixtures/build-org.ts'
import { HttpError } from '../../../shared/problem.ts'

export const buildOrg: typeof BuildOrg = () => {
  throw new HttpError(
    500,
    'The browser bundle cannot create isolated orgs: their records are generated with faker, ' +
      'which it leaves out. Use the fixtures’ orgs, or createMockFetch or createHandlers in ' +
      'Node; nothing was changed.',
  )
}
