// The tools, one entry each: name, what an agent reads of it, its input and output schemas, and
// what it does. Sandboxes, snapshots and faults are the admin API's (openapi/admin.yaml), their
// schemas the document's; api_request, requests_recent and contract_run are their own modules.
import type { components } from '../../openapi/admin-types.ts'
import {
  API_REQUEST_INPUT,
  API_REQUEST_OUTPUT,
  recentRequests,
  REQUESTS_RECENT_INPUT,
  REQUESTS_RECENT_OUTPUT,
  sendApiRequest,
  type ApiRequestInput,
  type RecentInput,
} from './api-requests.ts'
import {
  CONTRACT_RUN_INPUT,
  CONTRACT_RUN_OUTPUT,
  type ContractRunInput,
  type ContractRunner,
} from './contract-run.ts'
import { callAdmin, type MockLink } from './mock-link.ts'
import { MAX_OUTPUT_BYTES, takeWithin } from './output-bounds.ts'
import { describeSandbox, type Sandboxes } from './sandboxes.ts'
import {
  adminSchema,
  compileCheck,
  objectOf,
  portable,
  SANDBOX_NAME,
  TRUNCATED,
  withProperties,
  type JsonSchema,
} from './tool-schemas.ts'

type Schemas = components['schemas']

export interface ToolContext {
  link: MockLink
  sandboxes: Sandboxes
  contracts: ContractRunner
  signal: AbortSignal
  onProgress: (done: number) => void
}

export interface ToolSpec {
  name: string
  title: string
  description: string
  inputSchema: JsonSchema
  outputSchema: JsonSchema
  /** What the tool changes (MCP's hints, for the client's confirmations). */
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; openWorldHint?: boolean }
  /** Runs on arguments checked against inputSchema (a ToolError says what is wrong). */
  run: (input: unknown, context: ToolContext) => Promise<object>
}

/** A tool whose run takes the type its input schema describes, once checked against it. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- I is the schema's type, stated beside it
function tool<I>(
  spec: Omit<ToolSpec, 'run'> & { run: (input: I, context: ToolContext) => Promise<object> },
): ToolSpec {
  const inputSchema = portable(spec.inputSchema)
  const outputSchema = portable(spec.outputSchema)
  const check = compileCheck<I>(inputSchema, `The arguments of ${spec.name} are not valid`)
  return {
    ...spec,
    inputSchema,
    outputSchema,
    run: (input, context) => spec.run(check(input ?? {}), context),
  }
}

const NO_INPUT = objectOf({})

const SANDBOX = withProperties(
  adminSchema('OrgCreated'),
  { identities: { type: 'string', description: 'The resource with these identities.' } },
  ['identities'],
)
const ORG_REQUEST = adminSchema('OrgRequest')
// the org's default name (Sandbox) is not the sandbox's: each gets a name of its own
const { default: _orgName, ...ORG_NAME } =
  (ORG_REQUEST['properties'] as Record<string, JsonSchema>)['name'] ?? {}
const SANDBOX_CREATE_INPUT = withProperties(ORG_REQUEST, {
  name: {
    ...ORG_NAME,
    description: 'The sandbox’s name, also its org’s (default sandbox-1, sandbox-2, ...).',
  },
})
const SNAPSHOT_NAME = objectOf({ name: adminSchema('SnapshotName') }, ['name'])
const FAULT_ID = objectOf({
  id: {
    type: 'string',
    pattern: '^[a-z0-9-]{1,64}$',
    description: 'The rule to remove (fault_list lists them); none removes every rule.',
  },
})

/** A list of the admin API's, within the answer's bound. */
function boundList<K extends string>(key: K, items: readonly unknown[]) {
  const { kept, truncated } = takeWithin(items, MAX_OUTPUT_BYTES - 100)
  return { [key]: kept, truncated } as Record<K, unknown[]> & { truncated: boolean }
}

export const TOOLS: ToolSpec[] = [
  tool<Partial<Schemas['OrgRequest']>>({
    name: 'sandbox_create',
    title: 'Create a sandbox',
    description:
      'Creates an isolated sandbox: a new organization of the mock with two users (each with a bearer token and a password) and `contacts` contacts, groups and relationships that depend only on `seed`. A sandbox sees only its own data: give each agent or task its own. Answers its org_id and users; the same are in the resource contacts-mock://sandboxes/NAME/identities.',
    inputSchema: SANDBOX_CREATE_INPUT,
    outputSchema: SANDBOX,
    annotations: { readOnlyHint: false, destructiveHint: false },
    run: async (input, { sandboxes }) => describeSandbox(await sandboxes.create(input)),
  }),
  tool<{ sandbox: string }>({
    name: 'sandbox_reset',
    title: 'Reset a sandbox',
    description:
      'Puts one sandbox back as it was created: its organization is deleted and made again from the same seed (the same names, groups and relationships) with new ids and tokens, which it answers. Other sandboxes are untouched.',
    inputSchema: objectOf({ sandbox: SANDBOX_NAME }, ['sandbox']),
    outputSchema: SANDBOX,
    annotations: { readOnlyHint: false, destructiveHint: true },
    run: async ({ sandbox }, { sandboxes }) => describeSandbox(await sandboxes.reset(sandbox)),
  }),
  tool<Schemas['SnapshotRequest']>({
    name: 'snapshot_save',
    title: 'Save a snapshot',
    description:
      'Saves the whole mock’s data (every sandbox) durably under a name; a snapshot of the same name is replaced.',
    inputSchema: adminSchema('SnapshotRequest'),
    outputSchema: adminSchema('Snapshot'),
    annotations: { readOnlyHint: false, destructiveHint: false },
    run: async (input, { link, sandboxes }) => {
      const snapshot = await callAdmin<Schemas['Snapshot']>(
        link,
        'POST',
        '/__admin/snapshots',
        input,
      )
      sandboxes.saved(input.name)
      return snapshot ?? {}
    },
  }),
  tool<{ name: string }>({
    name: 'snapshot_restore',
    title: 'Restore a snapshot',
    description:
      'Replaces the whole mock’s data by a snapshot’s: every sandbox is as it was then, and those created since are gone. Answers the sandboxes there are now.',
    inputSchema: SNAPSHOT_NAME,
    outputSchema: objectOf(
      { restored: adminSchema('SnapshotName'), sandboxes: { type: 'array', items: SANDBOX_NAME } },
      ['restored', 'sandboxes'],
    ),
    annotations: { readOnlyHint: false, destructiveHint: true },
    run: async ({ name }, { link, sandboxes }) => {
      await callAdmin(link, 'POST', `/__admin/snapshots/${encodeURIComponent(name)}/restore`, {})
      const now = await sandboxes.restored(name)
      return { restored: name, sandboxes: now.map((sandbox) => sandbox.name) }
    },
  }),
  tool<Record<string, never>>({
    name: 'snapshot_list',
    title: 'List the snapshots',
    description: 'The named snapshots, with when each was saved and its size.',
    inputSchema: NO_INPUT,
    outputSchema: withProperties(adminSchema('SnapshotList'), { truncated: TRUNCATED }, [
      'truncated',
    ]),
    annotations: { readOnlyHint: true },
    run: async (_input, { link }) => {
      const list = await callAdmin<Schemas['SnapshotList']>(link, 'GET', '/__admin/snapshots')
      return boundList('snapshots', list?.snapshots ?? [])
    },
  }),
  tool<ApiRequestInput>({
    name: 'api_request',
    title: 'Send an API request',
    description:
      'Sends one request of the Contacts API (/api/...) as a user of a sandbox (its bearer token) and answers the status, headers and body, with the document’s verdict on the request as the inspector recorded it: valid, invalid with its field errors, refused, failed or simulated. {org_id} in the path is the sandbox’s org. A body over 32 KB comes back cut (truncated: true): narrow it with limit or page.',
    inputSchema: API_REQUEST_INPUT,
    outputSchema: API_REQUEST_OUTPUT,
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    run: (input, { link, sandboxes, signal }) => sendApiRequest(link, sandboxes, input, signal),
  }),
  tool<RecentInput>({
    name: 'requests_recent',
    title: 'The last requests',
    description:
      'The last requests the mock answered (what its inspector shows), newest first, each with the document’s verdict and its field errors; filter by sandbox, status (422 or "4xx"), operation (an operationId) or verdict.',
    inputSchema: REQUESTS_RECENT_INPUT,
    outputSchema: REQUESTS_RECENT_OUTPUT,
    annotations: { readOnlyHint: true },
    run: (input, { link, sandboxes }) => recentRequests(link, sandboxes, input),
  }),
  tool<Schemas['FaultRuleInput']>({
    name: 'fault_set',
    title: 'Add a fault rule',
    description:
      'Adds a fault rule, tried after the existing ones from the next request on: for the requests it matches (an operationId, a method and document path, or every request), with its probability and at most `times` times, it waits delay_ms, then answers respond.status (a problem the operation declares) or breaks the connection (respond.network: reset, empty, hang), before the request is handled (when: before, nothing stored) or after (when: after, the write is stored). Rules apply to every sandbox.',
    inputSchema: adminSchema('FaultRuleInput'),
    outputSchema: adminSchema('FaultRule'),
    annotations: { readOnlyHint: false, destructiveHint: false },
    run: async (input, { link }) => (await callAdmin(link, 'POST', '/__admin/faults', input)) ?? {},
  }),
  tool<{ id?: string }>({
    name: 'fault_clear',
    title: 'Remove fault rules',
    description: 'Removes one fault rule by its id, or every rule; answers the ids removed.',
    inputSchema: FAULT_ID,
    outputSchema: objectOf(
      { removed: { type: 'array', items: { type: 'string' } }, truncated: TRUNCATED },
      ['removed', 'truncated'],
    ),
    annotations: { readOnlyHint: false, destructiveHint: true },
    run: async ({ id }, { link }) => {
      if (id !== undefined) {
        await callAdmin(link, 'DELETE', `/__admin/faults/${id}`)
        return { removed: [id], truncated: false }
      }
      const list = await callAdmin<Schemas['FaultRuleList']>(link, 'GET', '/__admin/faults')
      await callAdmin(link, 'DELETE', '/__admin/faults')
      return boundList('removed', list?.rules.map((rule) => rule.id) ?? [])
    },
  }),
  tool<Record<string, never>>({
    name: 'fault_list',
    title: 'List the fault rules',
    description: 'The fault rules in the order they are tried, with how often each has fired.',
    inputSchema: NO_INPUT,
    outputSchema: withProperties(adminSchema('FaultRuleList'), { truncated: TRUNCATED }, [
      'truncated',
    ]),
    annotations: { readOnlyHint: true },
    run: async (_input, { link }) => {
      const list = await callAdmin<Schemas['FaultRuleList']>(link, 'GET', '/__admin/faults')
      return boundList('rules', list?.rules ?? [])
    },
  }),
  tool<ContractRunInput>({
    name: 'contract_run',
    title: 'Run the contract suite',
    description:
      'Runs the contract suite (contacts-contract) against a base URL, by default this mock, with a sandbox’s identities: read-only unless read_only is false, stopped after deadline_seconds. Answers the counts, the summary per rule and the failed checks; the full reports stay in the data folder. Only this machine unless the server was started with --allow-remote-contract. It takes a minute or more: the client is told the progress.',
    inputSchema: CONTRACT_RUN_INPUT,
    outputSchema: CONTRACT_RUN_OUTPUT,
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    run: (input, { contracts, signal, onProgress }) => contracts.run(input, { signal, onProgress }),
  }),
]
