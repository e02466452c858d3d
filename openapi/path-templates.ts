// The one path matcher: the mock routes every request with it, and the response check and the
// contract suite find a response's operation with it, so both sides agree on what a path names.

/** A path of the document (`/api/v1/orgs/{org_id}/contacts`), ready to match request paths. */
export interface PathTemplate<T> {
  /** Literal segments as they are; a parameter's name in braces. */
  segments: readonly string[]
  value: T
}

export interface PathMatch<T> {
  value: T
  params: Record<string, string>
  /** A parameter's text that is no valid escape (`%E0%A4%A`), left as sent: the mock's 400. */
  undecodable?: string
}

const isParameter = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}')

export function toTemplate<T>(documentPath: string, value: T): PathTemplate<T> {
  return { segments: documentPath.split('/'), value }
}

// As Express's router does: a parameter is decoded; a malformed escape is reported, not thrown,
// since only the mock's caller knows how to answer it.
function decodeParameter(raw: string): string | undefined {
  if (!raw.includes('%')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    return undefined
  }
}

/**
 * Finds the document path a request path names, the way Express's router matched them before
 * (case-sensitive, one trailing slash allowed, a parameter never empty) but with one look at the
 * segments instead of a regular expression per route: this is every API request's first step.
 */
export function matchPath<T>(
  templates: readonly PathTemplate<T>[],
  path: string,
): PathMatch<T> | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  const segments = trimmed.split('/')
  for (const template of templates) {
    if (template.segments.length !== segments.length) continue
    let matches = true
    for (let index = 0; index < segments.length && matches; index++) {
      const expected = template.segments[index] ?? ''
      const actual = segments[index] ?? ''
      matches = isParameter(expected) ? actual !== '' : expected === actual
    }
    if (!matches) continue
    const params: Record<string, string> = {}
    let undecodable: string | undefined
    for (let index = 0; index < segments.length; index++) {
      const expected = template.segments[index] ?? ''
      if (!isParameter(expected)) continue
      const raw = segments[index] ?? ''
      const decoded = decodeParameter(raw)
      if (decoded === undefined) undecodable ??= raw
      params[expected.slice(1, -1)] = decoded ?? raw
    }
    const { value } = template
    return undecodable === undefined ? { value, params } : { value, params, undecodable }
  }
  return undefined
}
