// Where the face's pages are: what the request listener, the core (which leaves these paths to
// the face) and the banner need of the face, without loading its pages (face-routes.ts, Express).

export const INSPECTOR_PATH = '/__inspector'
/** The data browser is a section of the inspector's page: the banner links to it by this id. */
export const DATA_BROWSER_ANCHOR = 'data-browser'

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
