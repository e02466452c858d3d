// `contacts-mock mcp`'s flags, each with its variable (an MCP client's configuration sets either),
// read by the table of the project's one command-line module, as `contacts-mock`'s own are.
import {
  helpText,
  mustBe,
  optional,
  option,
  parseCommandLine,
  switchOption,
  text,
  type CommandSpec,
  type Parse,
  type ValuesOf,
} from '../process/command-line.ts'

const toMockUrl: Parse<string> = (value, name) =>
  /^https?:\/\/[^/]/.test(value)
    ? value.replace(/\/+$/, '')
    : mustBe(name, 'an http:// or https:// URL', value)

const OPTIONS = {
  url: option({
    flag: 'url',
    value: 'URL',
    env: 'MOCK_URL',
    parse: optional(toMockUrl),
    default: undefined,
    help: 'attach to this running mock instead of starting one',
  }),
  adminToken: option({
    flag: 'admin-token',
    value: 'TOKEN',
    env: 'ADMIN_TOKEN',
    parse: optional(text),
    default: undefined,
    help: "the attached mock's --admin-token (a variable keeps it out of process lists)",
  }),
  dataDir: option({
    flag: 'data-dir',
    value: 'DIR',
    env: 'MCP_DATA_DIR',
    parse: optional(text),
    default: undefined,
    help: 'the folder for the data file, its snapshots and the contract runs’ reports; nothing is written elsewhere',
    shows: 'a temporary folder, removed at the exit',
  }),
  allowRemoteContract: switchOption({
    flag: 'allow-remote-contract',
    env: 'MCP_ALLOW_REMOTE_CONTRACT',
    help: 'let contract_run check a base URL that is not this machine (by default only loopback)',
  }),
}

export type McpConfig = ValuesOf<typeof OPTIONS>

export const MCP_COMMAND: CommandSpec<typeof OPTIONS> = {
  name: 'contacts-mock mcp',
  usage: [
    'Usage: contacts-mock mcp [flags]   (npx contacts-mock-kit mcp; in this repository: npm start -- mcp)',
    'An MCP server over stdio for coding agents: sandboxes, requests, faults, the contract suite',
    '(docs/with-a-coding-agent.md).',
  ].join('\n'),
  options: OPTIONS,
}

export const MCP_USAGE = helpText(MCP_COMMAND)

export type McpCommandLine = { kind: 'help' } | { kind: 'serve'; config: McpConfig }

/** Reads the flags after `mcp`; a UsageError says what it cannot read. */
export function readMcpCommandLine(argv: string[], env: NodeJS.ProcessEnv): McpCommandLine {
  const read = parseCommandLine(MCP_COMMAND, argv, env)
  return read.kind === 'run' ? { kind: 'serve', config: read.values } : { kind: 'help' }
}
