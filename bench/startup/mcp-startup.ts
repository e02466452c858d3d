// `contacts-mock mcp` of the compiled package, from spawn to its first tool answer over stdio, as a
// coding agent's client starts it: the SDK's own Client, and sandbox_create first (what the
// server's instructions tell an agent to call first), its mock started in the process meanwhile.
// The median of a few starts, each on a fresh data folder.
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { StepInputs } from '../harness/entry-point.ts'
import { medianBy } from '../harness/measurement.ts'
import { readMemory } from '../harness/processes.ts'
import type { McpStartup } from '../results/results.ts'

const SAMPLES = 5
export const MCP_FIRST_TOOL = 'sandbox_create'

type Sample = Pick<McpStartup, 'startupMs' | 'initializedMs' | 'rssReady'>

async function sampleOnce(inputs: StepInputs, index: number): Promise<Sample> {
  const dataDir = mkdtempSync(join(inputs.dir, `mcp-${String(index)}-`))
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [inputs.pkg.mockEntry, 'mcp', '--data-dir', dataDir],
    cwd: dataDir,
    stderr: 'ignore',
  })
  const client = new Client({ name: 'contacts-mock-bench', version: '1.0.0' })
  const started = performance.now()
  try {
    await client.connect(transport)
    const initializedMs = performance.now() - started
    const answer = await client.callTool({ name: MCP_FIRST_TOOL, arguments: {} })
    const startupMs = performance.now() - started
    if (answer.isError === true) {
      throw new Error(`${MCP_FIRST_TOOL} failed: ${JSON.stringify(answer.content)}`)
    }
    const { pid } = transport
    return { startupMs, initializedMs, rssReady: pid === null ? 0 : readMemory(pid).rss }
  } finally {
    await client.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function measureMcpStartup(inputs: StepInputs): Promise<McpStartup> {
  const samples: Sample[] = []
  for (let index = 1; index <= SAMPLES; index++) {
    const sample = await sampleOnce(inputs, index)
    inputs.log(
      `  contacts-mock mcp #${String(index)}: initialized in ${sample.initializedMs.toFixed(0)} ms, ` +
        `${MCP_FIRST_TOOL} answered at ${sample.startupMs.toFixed(0)} ms, ` +
        `RSS ${(sample.rssReady / 1e6).toFixed(0)} MB`,
    )
    samples.push(sample)
  }
  const middle = medianBy(samples, (sample) => sample.startupMs)
  return { server: `contacts-mock mcp, to its first tool answer`, samples: SAMPLES, ...middle }
}
