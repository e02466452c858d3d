// The mock as Node's request listener: the core for the API and the admin API, Express for the
// pages a person opens (reference, documents, problem types, inspector; node-pages.ts, loaded with
// the first of them), the inspector's recorder and the request log following the core's life cycle.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { loadAdminDocument, loadDocument } from '../../openapi/document-files.ts'
import type { OpenApiDocument } from '../../openapi/document.ts'
import { createMock, type MockDeps } from '../app.ts'
import { isFacePath, isInspectorPath } from '../face/face-paths.ts'
import { createRecorder, type Recorder } from '../face/recorder.ts'
import { createRequestReader, writeReply } from './node-http.ts'
import { logLineOf, type LogLine } from './request-log.ts'

export interface AppDeps extends Omit<MockDeps, 'document' | 'adminDocument' | 'isPagePath'> {
  /** Another version of the Contacts API's document; the bundled one by default. */
  document?: OpenApiDocument
  /** The request log (one line per request) and the mock's own errors. */
  logger?: Logger | undefined
  /** Writes the request log instead of `logger` (the readable format); errors stay the logger's. */
  requestLog?: LogLine | undefined
  /** Where the inspector's requests are recorded (by default a ring of the last 500); 'off': none. */
  recorder?: Recorder | 'off'
}

/** The mock as Node's request listener (`http.createServer(app)`, supertest's `request(app)`). */
export type App = (req: IncomingMessage, res: ServerResponse) => void

export function createApp(deps: AppDeps): App {
  const document = deps.document ?? loadDocument()
  const adminDocument = loadAdminDocument()
  const { core, bodyLimit } = createMock({
    ...deps,
    document,
    adminDocument,
    // the package's own document is known to compile: each validator is compiled when first used
    compileOnFirstUse: deps.compileOnFirstUse ?? deps.document === undefined,
    pages: { isPage: isFacePath, isGuarded: isInspectorPath },
  })
  const recorder = deps.recorder === 'off' ? undefined : (deps.recorder ?? createRecorder())
  if (recorder) core.lifecycle.on('response:mocked', recorder.note)
  const log = deps.requestLog ?? (deps.logger && logLineOf(deps.logger))
  if (log) {
    core.lifecycle.on('response:mocked', (x, reply) => {
      log(x.request.method, x.request.url, reply.status, x.startedAt, reply)
    })
  }
  // the pages, and Express with them, on the first page asked for (node-pages.ts)
  let pages: Promise<App> | undefined
  const loadPages = (): Promise<App> =>
    (pages ??= import('./node-pages.ts').then(({ createPages }) =>
      createPages({
        document,
        adminDocument,
        access: deps.access ?? {},
        recorder: recorder ?? createRecorder(0),
      }),
    ))
  const readRequest = createRequestReader(bodyLimit)
  return (req, res) => {
    const started = performance.now()
    core
      .handle(readRequest(req, res))
      .then(async (reply) => {
        if (reply !== undefined) {
          writeReply(req, res, reply)
          return
        }
        if (log) {
          res.once('finish', () => {
            log(req.method ?? '', req.url ?? '', res.statusCode, started)
          })
        }
        const app = await loadPages()
        app(req, res)
      })
      .catch((error: unknown) => {
        // a listener of the life cycle failed, or the pages did not load: the answer may be half
        // written
        deps.logger?.error({ err: error }, 'request failed')
        res.destroy()
      })
  }
}
