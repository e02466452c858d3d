// `contacts-mock mcp`'s flags, each with its variable (an MCP client's configuration sets either),
// read with node:util's parseArgs as `contacts-mock`'s own are.
import { parseArgs } from 'node:util'

export class McpUsageError extends Error {}

export interface McpConfig {
  /** A running mock to attach to; none: the mock runs in this process. */
  url: string | undefined
  /** That mock's --admin-token, when it has one. */
  adminToken: string | undefined
  /** Where everything the server writes goes; none: a temporary folder removed at the exit. */
  dataDir: string | undefined
  /** contract_run may send the suite to a base URL of another machine. */
  allowRemoteContract: boolean
}

const OPTIONS = {
  url: {
    value: 'URL',
    env: 'MOCK_URL',
    help: 'attach to this running mock instead of starting one',
  },
  'admin-token': {
    value: 'TOKEN',
    env: 'ADMIN_TOKEN',
    help: "the attached mock's --admin-token (a variable keeps it out of process lists)",
  },
  'data-dir': {
    value: 'DIR',
    env: 'MCP_DATA_DIR',
    help: 'the folder for the data file, its snapshots and the contract runs’ reports; nothing is written elsewhere (default: a temporary folder, removed at the exit)',
  },
  'allow-remote-contract': {
    env: 'MCP_ALLOW_REMOTE_CONTRACT',
    help: 'let contract_run check a base URL that is not this machine (by default only loopback)',
  },
} as const

export const MCP_USAGE = [
  'Usage: contacts-mock mcp [flags]   (npx contacts-mock-kit mcp; in this repository: npm start -- mcp)',
  'An MCP server over stdio for coding agents: sandboxes, requests, faults, the contract suite',
  '(docs/with-a-coding-agent.md).',
  ...Object.entries(OPTIONS).map(([flag, spec]) => {
    const named = 'value' in spec ? `--${flag} ${spec.value}` : `--${flag}`
    return `  ${named.padEnd(27)} ${spec.help} (${spec.env})`
  }),
  'Flags win over the environment variables in parentheses.',
].join('\n')

export type McpCommandLine = { kind: 'help' } | { kind: 'serve'; config: McpConfig }

/** Reads the flags after `mcp`; a McpUsageError says what it cannot read. */
export function readMcpCommandLine(argv: string[], env: NodeJS.ProcessEnv): McpCommandLine {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        help: { type: 'boolean' },
        url: { type: 'string' },
        'admin-token': { type: 'string' },
        'data-dir': { type: 'string' },
        'allow-remote-contract': { type: 'boolean' },
      },
    }))
  } catch (error) {
    throw new McpUsageError((error as Error).message.split('. ')[0] ?? String(error))
  }
  if (values['help'] === true) return { kind: 'help' }
  const read = (flag: 'url' | 'admin-token' | 'data-dir'): string | undefined => {
    const given = values[flag]
    const value = typeof given === 'string' ? given : env[OPTIONS[flag].env]
    return value === '' ? undefined : value
  }
  const url = read('url')
  if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) {
    throw new McpUsageError(`--url must be an http:// or https:// URL, got '${url}'.`)
  }
  const switchEnv = (env[OPTIONS['allow-remote-contract'].env] ?? '').trim().toLowerCase()
  return {
    kind: 'serve',
    config: {
      url: url?.replace(/\/+$/, ''),
      adminToken: read('admin-token'),
      dataDir: read('data-dir'),
      allowRemoteContract:
        values['allow-remote-contract'] === true || ['1', 'true', 'yes'].includes(switchEnv),
    },
  }
}
