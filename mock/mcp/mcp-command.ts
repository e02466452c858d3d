// `contacts-mock mcp`: the MCP server on stdin and stdout, with the mock started in a thread of
// this process on a free loopback port (its data file in the data folder), or attached to with
// --url. Stdout carries the protocol alone: what the process has to say goes to stderr.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { EXIT } from '../process/command-line.ts'
import type { McpConfig } from '../process/options.ts'
import type { MockLink } from './mock-link.ts'
import { startMockThread } from './mock-thread.ts'

/** The data folder: the one given (made if need be), or a temporary one removed at the exit. */
function dataFolderOf(config: McpConfig): { dir: string; remove: () => void } {
  if (config.dataDir !== undefined) {
    const dir = resolve(config.dataDir)
    mkdirSync(dir, { recursive: true })
    return {
      dir,
      remove: () => {
        // the user's folder: kept
      },
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'contacts-mock-mcp-'))
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Runs the server until its client goes (stdin ends) or a signal; resolves with the exit code. */
export async function runMcpCommand(config: McpConfig, version: string): Promise<number> {
  const folder = dataFolderOf(config)
  // the mock starts in its thread while the client says hello: the first tool call waits for it
  const mock =
    config.url === undefined
      ? startMockThread({ dbFile: join(folder.dir, 'db.json'), host: '127.0.0.1' })
      : undefined

  // a failure to start is told below, once the server is made; until then it waits, handled
  mock?.catch(() => undefined)
  // the server's modules load once the mock's thread has started, beside it
  const { createMcpServer } = await import('./mcp-server.ts')
  const { StdioServerTransport } = await import('./sdk.ts')
  const link: Promise<MockLink> = mock
    ? mock.then(({ url }) => ({ url }))
    : Promise.resolve({ url: config.url ?? '', adminToken: config.adminToken })
  const mcp = createMcpServer({
    link,
    runsDir: join(folder.dir, 'contract-runs'),
    allowRemoteContract: config.allowRemoteContract,
    version,
  })

  let finished: (code: number) => void = () => undefined
  const done = new Promise<number>((resolveExit) => {
    finished = resolveExit
  })
  let closing = false
  const close = async (code: number): Promise<void> => {
    if (closing) return
    closing = true
    await mcp.close().catch(() => undefined)
    await (await mock?.catch(() => undefined))?.close()
    folder.remove()
    finished(code)
  }
  mock?.catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    process.stderr.write(`contacts-mock mcp: the mock could not start: ${message}\n`)
    void close(EXIT.failed)
  })
  const transport = new StdioServerTransport()
  transport.onclose = () => void close(EXIT.ok)
  // the client closes stdin when it is done with the server
  process.stdin.once('end', () => void close(EXIT.ok))
  process.once('SIGINT', () => void close(EXIT.ok))
  process.once('SIGTERM', () => void close(EXIT.ok))
  await mcp.server.connect(transport)
  return done
}
