import express, { type RequestHandler } from 'express'
import type { OpenApiDocument } from '../../openapi/document.ts'
import { guardAdmin, type AdminAccess } from '../pipeline/access/admin-guard.ts'
import { createAssets } from './assets.ts'
import { createDocumentFiles } from './document-files.ts'
import { sendHtml } from './html.ts'
import { renderInspectorPage } from './inspector-page.ts'
import { createInspectorRoutes } from './inspector-routes.ts'
import { createProblemPages } from './problem-pages.ts'
import type { Recorder } from './recorder.ts'
import { renderReferencePage } from './reference-page.ts'

export const INSPECTOR_PATH = '/__inspector'

export interface FaceDeps {
  document: OpenApiDocument
  adminDocument: OpenApiDocument
  access: AdminAccess
  recorder: Recorder
}

/** The inspector shows request bodies: it is guarded as the admin API is (no CORS, no other site). */
export const isInspectorPath = (path: string): boolean => {
  const lower = path.toLowerCase()
  return lower === INSPECTOR_PATH || lower.startsWith(`${INSPECTOR_PATH}/`)
}

const DOCUMENTS = new Set(['/openapi.json', '/openapi.yaml', '/admin.json', '/admin.yaml'])

/** The paths of the face; the API's are under /api/ and never get this far. */
export const isFacePath = (path: string): boolean =>
  path === '/' ||
  DOCUMENTS.has(path) ||
  path === '/problems' ||
  path.startsWith('/problems/') ||
  path.startsWith('/__assets/') ||
  isInspectorPath(path)

/** The admin API's guard in front of the inspector (it shows request bodies). */
const guardAs =
  (access: AdminAccess): RequestHandler =>
  (req, _res, next) => {
    guardAdmin({ method: req.method, headers: req.headers }, access)
    next()
  }

/** The pages a person opens in a browser: reference, documents, problem types, inspector. */
export function createFace(deps: FaceDeps): RequestHandler {
  const router = express.Router({ caseSensitive: true })
  const reference = renderReferencePage()
  router.get('/', (_req, res) => {
    sendHtml(res, reference)
  })
  for (const [path, serve] of Object.entries(
    createDocumentFiles(deps.document, deps.adminDocument),
  )) {
    router.get(path, serve)
  }
  const problems = createProblemPages(deps.document, deps.adminDocument)
  router.get('/problems', problems.index)
  router.get('/problems/:slug', problems.page)
  router.get('/__assets/:name', createAssets())

  // The page itself holds no data, so it needs no token (a browser cannot send one with a
  // navigation); what it shows comes from the routes below, which need the admin API's.
  const inspector = renderInspectorPage(deps.document)
  router.use(INSPECTOR_PATH, guardAs({}))
  router.get(INSPECTOR_PATH, (_req, res) => {
    sendHtml(res, inspector)
  })
  router.use(INSPECTOR_PATH, guardAs(deps.access))
  const routes = createInspectorRoutes(deps.recorder)
  router.get(`${INSPECTOR_PATH}/requests`, routes.list)
  router.delete(`${INSPECTOR_PATH}/requests`, routes.clear)
  router.get(`${INSPECTOR_PATH}/requests/:id`, routes.one)
  router.get(`${INSPECTOR_PATH}/events`, routes.events)
  return (req, res, next) => {
    if (isFacePath(req.path)) router(req, res, next)
    else next()
  }
}
