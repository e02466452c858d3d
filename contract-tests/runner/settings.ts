// Each setting of contacts-contract: a flag, or the CONTRACT_* variable the suite has always read
// (the flag wins). This table is the one list of them: the parser, the help and the skip reasons
// of the checks all read it.

export const COMMAND = 'contacts-contract'

export interface Setting {
  /** The flag without its dashes; absent for the settings only a variable gives. */
  flag?: string
  /** The value's name in the help; absent for a switch. */
  value?: string
  variable?: string
  meaning: string
  fallback: string
}

export const SETTINGS = {
  baseUrl: {
    flag: 'base-url',
    value: 'URL',
    variable: 'CONTRACT_BASE_URL',
    meaning: 'the server to check, e.g. https://staging.example.com',
    fallback:
      'none: start the bundled mock on a free port, with a temporary data file, and check it with the fixture identities',
  },
  token: {
    flag: 'token',
    value: 'TOKEN',
    variable: 'CONTRACT_TOKEN',
    meaning: 'a bearer token',
    fallback: 'required with --base-url',
  },
  orgId: {
    flag: 'org',
    value: 'ID',
    variable: 'CONTRACT_ORG_ID',
    meaning: "an organization the token's user is a member of",
    fallback: 'required with --base-url',
  },
  secondToken: {
    flag: 'second-token',
    value: 'TOKEN',
    variable: 'CONTRACT_SECOND_TOKEN',
    meaning: 'another user of that organization: ownership checks of user relationships',
    fallback: 'unset: those checks are skipped',
  },
  foreignOrgId: {
    flag: 'foreign-org',
    value: 'ID',
    variable: 'CONTRACT_FOREIGN_ORG_ID',
    meaning: "an organization the token's user is not a member of: isolation checks (403)",
    fallback: 'unset: those checks are skipped',
  },
  foreignToken: {
    flag: 'foreign-token',
    value: 'TOKEN',
    variable: 'CONTRACT_FOREIGN_TOKEN',
    meaning: "a user of --foreign-org: checks that another organization's records are 404 here",
    fallback: 'unset: those checks are skipped',
  },
  relationshipId: {
    flag: 'relationship-id',
    value: 'ID',
    variable: 'CONTRACT_RELATIONSHIP_ID',
    meaning: 'a relationship type for creating user relationships',
    fallback: 'the first of GET /api/v1/relationships',
  },
  readOnly: {
    flag: 'read-only',
    variable: 'CONTRACT_READ_ONLY',
    meaning:
      'only the checks that write nothing: GET, HEAD and OPTIONS requests only (production smoke tests)',
    fallback: 'off; the variable turns it on with 1, true or yes',
  },
  junit: {
    flag: 'junit',
    value: 'FILE',
    meaning: "also write node's JUnit XML report to FILE (its folder is created)",
    fallback: 'none',
  },
  viaPrism: {
    flag: 'via-prism',
    meaning:
      "send every check through Prism's validating proxy, started in front of the target (needs @stoplight/prism-cli, a devDependency of this repository)",
    fallback: 'off',
  },
  behindPrism: {
    variable: 'CONTRACT_VIA_PRISM',
    meaning:
      'the base URL already is a Prism proxy that you run: skip the checks Prism cannot forward',
    fallback: 'off; on with 1, true or yes',
  },
  runId: {
    variable: 'CONTRACT_RUN_ID',
    meaning: 'the id in contract-run-<id>, the marker every record of the run carries',
    fallback: 'random',
  },
} as const satisfies Record<string, Setting>

export type SettingName = keyof typeof SETTINGS

/** How a check's skip reason names a setting: `--second-token (CONTRACT_SECOND_TOKEN)`. */
export function nameSetting(name: SettingName): string {
  const { flag, variable }: Setting = SETTINGS[name]
  if (flag === undefined) return variable ?? name
  return variable === undefined ? `--${flag}` : `--${flag} (${variable})`
}
