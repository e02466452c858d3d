// The mock behind a proxy (faulty/proxy.ts) that rewrites the JSON answers of some documented
// statuses (`status:<operation>:<code>` rules): the shared way of the leak and miscount faults.
import type { OpenApiDocument } from '../../../openapi/document.ts'
import type { Rule } from '../../suite/rules/rule.ts'
import { startProxy } from '../faulty/proxy.ts'
import { bundledMock, operationFinder } from './header-faults.ts'
import type { FaultyServer } from './run-faulty.ts'

export type StatusRule = Extract<Rule, { kind: 'status' }>

type JsonObject = Record<string, unknown>

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Each answer of a rule's operation and status whose body is a JSON object goes out as `rewrite`
 * makes it (the same answer when it gives undefined); every other answer as the mock gave it.
 */
export function rewritingAnswers(
  document: OpenApiDocument,
  name: string,
  rules: readonly StatusRule[],
  rewrite: (body: JsonObject, rule: StatusRule) => JsonObject | undefined,
): FaultyServer {
  const operationOf = operationFinder(document)
  return {
    rules: [...rules],
    start: async (dir) => {
      const server = await bundledMock.start(dir)
      const proxy = await startProxy(server.url, {
        name,
        breaks: rules.map(({ id }) => id).join(', '),
        caughtBy: '',
        response: (res, req) => {
          const operation = operationOf(req)
          const rule = rules.find(
            (item) => item.operationId === operation && item.status === res.status,
          )
          if (rule === undefined || !String(res.headers['content-type']).includes('json'))
            return res
          const body: unknown = JSON.parse(res.body.toString('utf8'))
          const rewritten = isObject(body) ? rewrite(body, rule) : undefined
          return rewritten === undefined
            ? res
            : { ...res, body: Buffer.from(JSON.stringify(rewritten)) }
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
