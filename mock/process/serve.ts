import { once } from 'node:events'
import { unwatchFile, watchFile, type Stats } from 'node:fs'
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Logger } from 'pino'
import type { LogLine } from './request-log.ts'
import { DEFAULT_SEED } from '../../fixtures/identities.ts'
import type { OpenApiDocument } from '../../openapi/document.ts'
import {
  DOCUMENT_PATH,
  loadAdminDocument,
  loadDocument,
  readDocumentFile,
} from '../../openapi/document-files.ts'
import type { Access } from '../app.ts'
import type { MockConfig } from './options.ts'
import { createApp } from './node-app.ts'
import { createHttpServer, type ServerTimeouts } from './create-server.ts'
import { createFaultBook } from '../faults/fault-book.ts'
import { loadFaultRules } from './fault-file.ts'
import { faultTargetsOf } from '../faults/fault-targets.ts'
import type { Data } from '../shared/data.ts'
import type { StorageEngine } from '../store/repositories.ts'
import { openEngine } from '../store/open-engine.ts'
import { HttpError, problemReply } from '../shared/problem.ts'
import { writeReply } from './node-http.ts'
import { createShutdown, GRACE_MS } from './shutdown.ts'
import { StartupError } from '../shared/startup-error.ts'

/** What serving takes: the options of the table (options.ts), and what only code can give. */
export interface ServeOptions
  extends
    ServerTimeouts,
    Pick<MockConfig, 'port' | 'host' | 'dbFile'>,
    Partial<
      Pick<
        MockConfig,
        | 'store'
        | 'poolSize'
        | 'recover'
        | 'validateResponses'
        | 'seed'
        | 'delay'
        | 'faultsFile'
        | 'noFaults'
        | 'noInspector'
        | 'tokenTtlMs'
        | 'documentFile'
        | 'watch'
      >
    > {
  /** The data a new data file, and a reset, start from. */
  createData: () => Data | Promise<Data>
  logger?: Logger
  /** Writes the request log instead of `logger` (see createApp). */
  requestLog?: LogLine
  access?: Access
  /** Where to say what happened after the start (a reloaded document). */
  onNote?: (line: string) => void
}

export interface Served {
  /** `http://host:port`, the port the system picked when asked for 0. */
  url: string
  server: Server
  engine: StorageEngine
  /** What the start had to say (a recovered journal). */
  notes: string[]
  /** Lets the requests in flight finish, then writes the snapshot and releases the data file. */
  close: () => Promise<void>
}

/** The port is taken a moment before the data file is open. */
function answerStarting(req: IncomingMessage, res: ServerResponse): void {
  const starting = new HttpError(503, 'The mock is starting; send it again in a moment.', {
    headers: { 'Retry-After': '1' },
  })
  writeReply(req, res, problemReply(starting))
}

async function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  server.listen(port, host)
  try {
    await once(server, 'listening')
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `Port ${String(port)} on ${host} is already in use. Stop what uses it, or start ` +
          'with another --port (--port 0 picks a free one).'
        : `Cannot listen on ${host}:${String(port)}: ${(error as Error).message}`
    throw new StartupError(reason, { cause: error })
  }
  return server.address() as AddressInfo
}

/**
 * Serves the mock: the port is taken first (a port in use leaves no data file behind), then the
 * data file is opened and the app answers. Shared by the `contacts-mock` command and `startMock()`.
 */
export async function serve(options: ServeOptions): Promise<Served> {
  const documentPath = options.documentFile ?? DOCUMENT_PATH
  const document = options.documentFile ? readDocumentFile(options.documentFile) : loadDocument()
  const faults = createFaultBook(faultTargetsOf(document), {
    seed: options.seed ?? DEFAULT_SEED,
    delay: options.delay,
  })
  if (
    options.noFaults === true &&
    (options.faultsFile !== undefined || options.delay !== undefined)
  ) {
    throw new StartupError('--no-faults cannot go with --faults or --delay.')
  }
  if (options.faultsFile !== undefined) {
    loadFaultRules(options.faultsFile, loadAdminDocument(), faults)
  }
  const shutdown = createShutdown()
  // the port is taken before the data file is opened, and the app made
  const ready: { app?: RequestListener } = {}
  const server = createHttpServer(
    shutdown.wrap((req, res) => {
      if (ready.app) ready.app(req, res)
      else answerStarting(req, res)
    }),
    options,
  )
  const address = await listen(server, options.port, options.host)
  let opened
  try {
    opened = await openEngine(options.createData, { ...options, document })
  } catch (error) {
    server.close()
    throw error
  }
  const { engine, close, notes } = opened
  const makeApp = (current: OpenApiDocument): RequestListener =>
    createApp({
      engine,
      createData: options.createData,
      document: current,
      // a user's or a watched document is compiled at once: its errors show at the start, or
      // refuse a reload; the package's own is known to compile
      compileOnFirstUse: options.documentFile === undefined && options.watch !== true,
      faults: options.noFaults === true ? 'off' : faults,
      ...(options.noInspector === true && { recorder: 'off' as const }),
      logger: options.logger,
      requestLog: options.requestLog,
      validateResponses: options.validateResponses,
      access: options.access,
    })
  try {
    ready.app = makeApp(document)
  } catch (error) {
    // the port and the data file are open by now: a start that fails lets both go, or the
    // process would print its reason and never exit
    server.close()
    await close()
    const reason = error instanceof Error ? error.message : String(error)
    throw new StartupError(`The document ${documentPath} cannot be served: ${reason}`, {
      cause: error,
    })
  }
  // --watch: the document is polled (editors save by renaming, which a file watch can miss); a
  // version that does not load or compile is said, and the previous one stays in use
  const reload = (current: Stats, previous: Stats): void => {
    if (current.mtimeMs === previous.mtimeMs) return
    try {
      ready.app = makeApp(readDocumentFile(documentPath))
      options.onNote?.(`Reloaded ${documentPath}: the validators follow it, the data is kept.`)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      options.onNote?.(`${documentPath} did not load (${reason}); the previous one stays in use.`)
    }
  }
  if (options.watch === true) watchFile(documentPath, { interval: 250 }, reload)
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  return {
    url: `http://${host}:${String(address.port)}`,
    server,
    engine,
    notes,
    async close() {
      unwatchFile(documentPath, reload)
      const unfinished = await shutdown.drain(server)
      // said, so that a client's reset is explained (a slow machine, a stalled upload)
      if (unfinished > 0) {
        const requests = unfinished === 1 ? '1 request was' : `${String(unfinished)} requests were`
        options.onNote?.(
          `${requests} still in flight when the ${String(GRACE_MS / 1000)} s to finish them had passed: ` +
            'their connections were closed, unanswered.',
        )
      }
      await close()
    },
  }
}
