import { HttpError } from '../shared/problem.ts'

/** A path of the document (`/api/v1/orgs/{org_id}/contacts`), ready to match request paths. */
export interface PathTemplate<T> {
  /** Literal segments as they are; a parameter's name in braces. */
  segments: readonly string[]
  value: T
}

export interface PathMatch<T> {
  value: T
  params: Record<string, string>
}

const isParameter = (segment: string): boolean => segment.startsWith('{') && segment.endsWith('}')

export function toTemplate<T>(documentPath: string, value: T): PathTemplate<T> {
  return { segments: documentPath.split('/'), value }
}

// As Express's router does: a parameter is decoded; a malformed escape is the client's error.
function decodeParameter(raw: string): string {
  if (!raw.includes('%')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    throw new HttpError(400, `The request could not be read: Failed to decode param '${raw}'`)
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
    template.segments.forEach((expected, index) => {
      if (isParameter(expected))
        params[expected.slice(1, -1)] = decodeParameter(segments[index] ?? '')
    })
    return { value: template.value, params }
  }
  return undefined
}
