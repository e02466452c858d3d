#!/usr/bin/env node
// `contacts-mock` (and `npm start`): the process shell around serve().
import { isIP } from 'node:net'
import { pino } from 'pino'
import { isLoopbackAddress } from './listen-address.ts'
import type { Access } from '../app.ts'
import { packageVersion, usageLine, UsageError } from './command-line.ts'
import { commandOf, readCommandLine, type MockConfig } from './options.ts'
import { loadSeedFile, SeedError } from '../../fixtures/seed-file.ts'
import { loadDocument } from '../../openapi/document-files.ts'
import { bannerOf } from './banner.ts'
import type { Data } from '../shared/data.ts'
import { serve } from './serve.ts'
import { StartupError } from '../shared/startup-error.ts'
import { generateFixtures } from './generate-fixtures.ts'
import { createLogDestination } from './request-log.ts'
import {
  chooseColours,
  chooseLogFormat,
  readableErrorsOf,
  readableLogLineOf,
} from './request-log-readable.ts'

const EXIT = { ok: 0, failed: 1, usage: 2 } as const
/** How long the request log may take at the exit to write what is left (then it is dropped). */
const LOG_CLOSE_MS = 1000

/** Who may reach the mock, from the flags (see host-check.ts and admin-guard.ts). */
function accessOf(config: MockConfig): Access {
  return {
    // the name the mock was told to listen on is its own
    allowedHosts: [...config.allowedHosts, ...(isIP(config.host) === 0 ? [config.host] : [])],
    adminToken: config.adminToken,
    exposed: !isLoopbackAddress(config.host),
  }
}

/** What a new data file starts from and a reset restores: the --data file, or the fixtures. */
function seedOf(config: MockConfig): () => Promise<Data> {
  const { dataFile, seed } = config
  if (dataFile === undefined) return () => generateFixtures(seed)
  let data: Data
  try {
    data = loadSeedFile(dataFile, loadDocument())
  } catch (error) {
    if (!(error instanceof SeedError)) throw error
    throw new StartupError(`The seed file ${dataFile} is not valid:\n${error.message}`)
  }
  return () => Promise.resolve(structuredClone(data))
}

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
    const io = { document: loadDocument(), stdout: process.stdout, stderr: process.stderr }
    return runPull(request.config, io)
  }
  const { config } = request
  // The request log goes out asynchronously: writing it never holds up an answer, nor an exit.
  const destination = config.quiet ? undefined : createLogDestination()
  const readable = chooseLogFormat(config.logFormat, process.stdout.isTTY) === 'pretty'
  const logger =
    destination &&
    pino(
      { base: undefined, timestamp: pino.stdTimeFunctions.isoTime },
      readable ? { write: readableErrorsOf(destination.write) } : destination,
    )
  const requestLog =
    destination && readable
      ? readableLogLineOf(destination.write, chooseColours(process.stdout.isTTY, process.env))
      : undefined
  const access = accessOf(config)
  const served = await serve({
    ...config,
    createData: seedOf(config),
    logger,
    ...(requestLog && { requestLog }),
    access,
    onNote: (line) => process.stderr.write(`${line}\n`),
  })
  for (const note of served.notes) process.stderr.write(`${note}\n`)
  process.stdout.write(bannerOf(served.url, access, await served.engine.describe()))

  // process.stderr does not block on a pipe as fs.writeSync does: what a pipe nobody reads does
  // not take waits in the process and is lost at the exit, which it never holds up
  const say = (note: string | undefined): void => {
    if (note !== undefined) process.stderr.write(`${note}\n`)
  }
  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) {
      say(destination?.closeNow())
      // every acknowledged write is already in the journal, which the next start replays
      process.stderr.write(`${signal} again: exiting now; nothing acknowledged is lost.\n`)
      process.exit(EXIT.failed)
    }
    stopping = true
    process.stdout.write(`${signal}: finishing requests in flight and pending writes…\n`)
    const exit = async (code: number): Promise<void> => {
      say(await destination?.close(LOG_CLOSE_MS))
      process.exit(code)
    }
    served.close().then(
      () => exit(EXIT.ok),
      (error: unknown) => {
        process.stderr.write(`Could not finish writing: ${String(error)}\n`)
        return exit(EXIT.failed)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  return undefined
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
