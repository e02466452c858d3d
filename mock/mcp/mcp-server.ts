// The MCP server: the tools and resources of tools.ts and resources.ts behind the SDK's protocol.
// Its schemas are JSON Schemas taken from the documents, so the server answers tools/list and
// tools/call itself (the SDK's registerTool takes zod schemas) and checks each call's answer
// against the tool's outputSchema and its bound before it leaves.
import { createContractRunner } from './contract-run.ts'
import { ToolError, type MockLink } from './mock-link.ts'
import { jsonBytes, MAX_OUTPUT_BYTES } from './output-bounds.ts'
import { IDENTITIES_TEMPLATE, listResources, readResource } from './resources.ts'
import { createSandboxes } from './sandboxes.ts'
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpServer,
  ReadResourceRequestSchema,
  type CallToolResult,
} from './sdk.ts'
import { compileCheck } from './tool-schemas.ts'
import { TOOLS } from './tools.ts'

export interface McpServerOptions {
  /** The mock, once it is up: the server answers the handshake while it starts. */
  link: Promise<MockLink>
  /** Where the contract runs write their reports. */
  runsDir: string
  allowRemoteContract: boolean
  version: string
}

const INSTRUCTIONS = [
  'A stateful mock of the Contacts API with a contract suite.',
  'Start with sandbox_create: an isolated org with two users and their tokens; give each task its own.',
  'api_request sends a request as one of its users and tells the document’s verdict; requests_recent lists what the mock answered, with field errors.',
  'fault_set simulates failures (statuses, delays, broken connections); contract_run checks a server against the document.',
  'Resources: the OpenAPI document, its decisions, each sandbox’s identities.',
].join(' ')

const textOf = (message: string): CallToolResult => ({
  content: [{ type: 'text', text: message }],
  isError: true,
})

export function createMcpServer(options: McpServerOptions) {
  const server = new McpServer(
    { name: 'contacts-mock-kit', title: 'Contacts mock', version: options.version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  )
  // made once the mock is up; a call before that waits for it
  const ready = options.link.then((link) => ({
    link,
    sandboxes: createSandboxes(link),
  }))
  const contracts = ready.then(({ link, sandboxes }) =>
    createContractRunner({
      mockUrl: link.url,
      sandboxes,
      runsDir: options.runsDir,
      allowRemote: options.allowRemoteContract,
    }),
  )
  // a mock that did not start is said by the command, and by each call that waited for it
  ready.catch(() => undefined)
  contracts.catch(() => undefined)
  const outputChecks = new Map(
    TOOLS.map((tool) => [
      tool.name,
      compileCheck<Record<string, unknown>>(
        tool.outputSchema,
        `${tool.name} answered what its outputSchema refuses`,
      ),
    ]),
  )

  const { server: protocol } = server
  protocol.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map(({ run: _run, ...tool }) => tool),
  }))
  protocol.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = TOOLS.find((item) => item.name === request.params.name)
    if (tool === undefined) return textOf(`There is no tool ${request.params.name}.`)
    const progressToken = extra._meta?.progressToken
    let told = 0
    const onProgress = (done: number): void => {
      // a progress notification a second at most: a client that asked for them keeps waiting
      if (progressToken === undefined || Date.now() - told < 1000) return
      told = Date.now()
      void extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken, progress: done, message: `${String(done)} checks done` },
      })
    }
    try {
      const { link, sandboxes } = await ready
      const context = {
        link,
        sandboxes,
        contracts: await contracts,
        signal: extra.signal,
        onProgress,
      }
      const answer = await tool.run(request.params.arguments, context)
      const check = outputChecks.get(tool.name)
      if (check === undefined) throw new Error(`${tool.name} has no output check`)
      const checked = check(answer)
      const bytes = jsonBytes(checked)
      if (bytes > MAX_OUTPUT_BYTES) {
        return textOf(
          `${tool.name}'s answer (${String(bytes)} bytes) is over the bound; narrow it.`,
        )
      }
      return {
        content: [{ type: 'text', text: JSON.stringify(checked) }],
        structuredContent: checked,
      }
    } catch (error) {
      if (error instanceof ToolError) return textOf(error.message)
      throw error
    }
  })
  protocol.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: listResources((await ready).sandboxes),
  }))
  protocol.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [IDENTITIES_TEMPLATE],
  }))
  protocol.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { link, sandboxes } = await ready
    return readResource(request.params.uri, link, sandboxes)
  })

  return {
    server,
    async close(): Promise<void> {
      ;(await contracts.catch(() => undefined))?.stopAll()
      await server.close()
    },
  }
}
