import type { Access } from '../app.ts'
import { readyLineOf } from './ready-line.ts'
import type { Org, User } from '../shared/data.ts'
import { DATA_BROWSER_ANCHOR, INSPECTOR_PATH } from '../face/face-paths.ts'

function describeAdmin(access: Access): string {
  if (access.adminToken !== undefined) return 'needs the --admin-token as a bearer token'
  return access.exposed ? 'closed: start with --admin-token to use it' : 'loopback only'
}

/** What the mock prints when it starts: where it is, and who can call it. */
export function bannerOf(
  url: string,
  access: Access,
  data: { orgs: Org[]; users: User[]; contacts: number; where: string },
): string {
  const orgName = (id: string): string => data.orgs.find((org) => org.id === id)?.name ?? id
  const userLine = (user: User): string =>
    `  ${user.token.padEnd(12)} ${user.name} (${user.org_ids.map(orgName).join(', ')})` +
    `  ${user.email} / ${user.password}`
  const acme = data.orgs[0]?.id ?? ''
  return [
    readyLineOf(url),
    `Data file: ${data.where} (${String(data.contacts)} contacts)`,
    `Admin API: /__admin (${describeAdmin(access)}); POST /__admin/reset as JSON restores the fixtures`,
    'Pages:',
    `  API reference      ${url}/`,
    `  Request inspector  ${url}${INSPECTOR_PATH}`,
    `  Data browser       ${url}${INSPECTOR_PATH}#${DATA_BROWSER_ANCHOR}`,
    'Organizations:',
    ...firstOf(data.orgs, 'organizations', (org) => `  ${org.name.padEnd(8)} ${org.id}`),
    'Tokens (and logins for POST /api/v1/login):',
    ...firstOf(data.users, 'users', userLine),
    `Try: curl -H 'Authorization: Bearer ${data.users[0]?.token ?? ''}' ${url}/api/v1/orgs/${acme}/contacts`,
    '',
  ].join('\n')
}

// Orgs made for tests pile up in a data file that is never reset: the banner stays short.
const BANNER_ROWS = 8

/** The lines of the first rows of a list, and a line saying how many more there are. */
function firstOf<T>(rows: readonly T[], what: string, lineOf: (row: T) => string): string[] {
  const lines = rows.slice(0, BANNER_ROWS).map(lineOf)
  const more = rows.length - BANNER_ROWS
  if (more > 0) lines.push(`  … and ${String(more)} more ${what} (GET /__admin/export)`)
  return lines
}
