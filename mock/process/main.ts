#!/usr/bin/env node
// `contacts-mock` (and `npm start`): reads the command line, then loads what the command needs
// alone: `--version`, `--help`, `mcp` and `pull` do not load the mock's server.
import { EXIT, packageVersion, usageLine, UsageError } from './command-line.ts'
import { commandOf, readCommandLine } from './options.ts'
import { StartupError } from '../shared/startup-error.ts'

async function main(argv: string[]): Promise<number | undefined> {
  const request = readCommandLine(argv, process.env)
  if (request.kind === 'help') {
    process.stdout.write(`${request.text}\n`)
    return EXIT.ok
  }
  if (request.kind === 'version') {
    process.stdout.write(`${packageVersion(import.meta.url)}\n`)
    return EXIT.ok
  }
  if (request.kind === 'mcp') {
    // the MCP server for coding agents (mock/mcp/), loaded only for it
    const { runMcpCommand } = await import('../mcp/mcp-command.ts')
    process.exit(await runMcpCommand(request.config, packageVersion(import.meta.url)))
  }
  if (request.kind === 'pull') {
    // loaded for a pull only: the mock's start does not pay for it
    const { runPull } = await import('../pull/pull.ts')
    const { loadDocument } = await import('../../openapi/document-files.ts')
    const io = { document: loadDocument(), stdout: process.stdout, stderr: process.stderr }
    return runPull(request.config, io)
  }
  // the mock itself (serve-command.ts)
  const { runServeCommand } = await import('./serve-command.ts')
  return runServeCommand(request.config)
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${usageLine(commandOf(process.argv.slice(2)), error)}\n`)
      process.exitCode = EXIT.usage
    } else {
      const message = error instanceof StartupError ? error.message : String(error)
      process.stderr.write(`The mock could not start: ${message}\n`)
      process.exitCode = EXIT.failed
    }
  },
)
