// Generated faults for the documented answers with a body (`status:<operation>:<2xx>` rules of the
// catalogue): a proxy (faulty/proxy.ts) in front of the mock that adds a property the document
// does not have (decision 18: responses are closed) to the operation's answers with that status,
// named after the operation, so a failure shows whose answer leaked it.
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { catalogueOf } from '../../suite/rules/catalogue.ts'
import type { Rule } from '../../suite/rules/rule.ts'
import { startProxy } from '../faulty/proxy.ts'
import { bundledMock, operationFinder } from './header-faults.ts'
import type { FaultyServer } from './run-faulty.ts'

export type StatusRule = Extract<Rule, { kind: 'status' }>

/** `leaked_by_getContact`: the property added to the rule's answers. */
export const leakedProperty = (rule: StatusRule): string => `leaked_by_${rule.operationId ?? ''}`

/** A 2xx with a body: 204 has none. */
const hasBody = ({ status }: StatusRule): boolean => status >= 200 && status < 300 && status !== 204

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The mock behind a proxy that adds a leaked property to each 2xx JSON answer with a body. */
export function leakingFields(document: OpenApiDocument): FaultyServer {
  const operationOf = operationFinder(document)
  const rules = catalogueOf(document).filter(
    (rule): rule is StatusRule => rule.kind === 'status' && hasBody(rule),
  )
  return {
    rules,
    start: async (dir) => {
      const server = await bundledMock.start(dir)
      const proxy = await startProxy(server.url, {
        name: 'generated-leaks',
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
          if (!isObject(body)) return res
          const leaked = { ...body, [leakedProperty(rule)]: 'x' }
          return { ...res, body: Buffer.from(JSON.stringify(leaked)) }
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
