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
import { INSPECTOR_PATH, isFacePath } from './face-paths.ts'
import { renderReferencePage } from './reference-page.ts'

export interface FaceDeps {
  document: OpenApiDocument
  adminDocument: OpenApiDocument
  access: AdminAccess
  recorder: Recorder
}

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
