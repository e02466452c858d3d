// `contacts-mock` serving: the process shell around serve(), its request log, banner and signals.
import { EXIT } from './command-line.ts'
import { isIP } from 'node:net'
import { pino } from 'pino'
import { isLoopbackAddress } from './listen-address.ts'
import type { Access } from '../app.ts'
import type { MockConfig } from './options.ts'
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

/** Serves the mock until a signal; resolves once it listens (the signals end the process). */
export async function runServeCommand(config: MockConfig): Promise<undefined> {
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
