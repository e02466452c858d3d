// Generated faults for the headers the document names (`header:<operation>:<status>:<name>` rules
// of the catalogue): a proxy (faulty/proxy.ts) in front of a server that drops the header from the
// operation's answers with that status. One rule per operation and server, as one check may look
// at every header of an operation's answers and name only the first one missing.
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { modelOf } from '../../../openapi/document-model.ts'
import { createResources, releaseResources } from '../../runner/resources.ts'
import { startMock } from '../../runner/target/servers.ts'
import { catalogueOf } from '../../suite/rules/catalogue.ts'
import { EVERY_PATH, type Rule } from '../../suite/rules/rule.ts'
import { startProxy, type ProxyRequest } from '../faulty/proxy.ts'
import type { FaultyServer } from './run-faulty.ts'

export type HeaderRule = Extract<Rule, { kind: 'header' }>

/** The operationId a request names, by the document's paths; undefined for no operation. */
export function operationFinder(
  document: OpenApiDocument,
): (req: ProxyRequest) => string | undefined {
  const { findOperation } = modelOf(document)
  return ({ method, url }) =>
    findOperation(method, new URL(url, 'http://proxy').pathname)?.operationId
}

/** The bundled mock, as the runner starts it, for header faults beyond the relaxed copies. */
export const bundledMock: FaultyServer = {
  rules: [],
  start: async () => {
    const resources = createResources()
    return { url: await startMock(resources), stop: () => releaseResources(resources) }
  },
}

/**
 * `inner` behind a proxy that drops each rule's header where the rule wants it: the rules of
 * both. Header checks (a 401, a simulated status, a 201) send valid requests, so what a relaxed
 * copy lets through more does not reach them.
 */
export function droppingHeaders(
  document: OpenApiDocument,
  inner: FaultyServer,
  rules: readonly HeaderRule[],
): FaultyServer {
  if (rules.length === 0) return inner
  const operationOf = operationFinder(document)
  return {
    rules: [...inner.rules, ...rules],
    start: async (dir) => {
      const server = await inner.start(dir)
      const proxy = await startProxy(server.url, {
        name: 'generated-header-faults',
        breaks: rules.map(({ id }) => id).join(', '),
        caughtBy: '',
        response: (res, req) => {
          const operation = operationOf(req)
          const dropped = rules.filter(
            (rule) =>
              rule.status === res.status &&
              (rule.operationId === EVERY_PATH || rule.operationId === operation),
          )
          const names = new Set(dropped.map(({ header }) => header.toLowerCase()))
          const headers = Object.entries(res.headers).filter(([name]) => !names.has(name))
          return { ...res, headers: Object.fromEntries(headers) }
        },
      })
      return {
        url: proxy.url,
        stop: async () => {
          await proxy.close()
          await server.stop()
        },
      }
    },
  }
}

/** Every header rule of the document, in groups of one per operation. */
export function headerGroups(document: OpenApiDocument): HeaderRule[][] {
  const groups: HeaderRule[][] = []
  for (const rule of catalogueOf(document)) {
    if (rule.kind !== 'header') continue
    const group = groups.find(
      (rules) => !rules.some((item) => item.operationId === rule.operationId),
    )
    if (group === undefined) groups.push([rule])
    else group.push(rule)
  }
  return groups
}
