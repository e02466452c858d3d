// The app of test-app.ts on a real port, for the tests of the pages and the inspector.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AppDeps } from '../mock/process/node-app.ts'
import { createTestApp } from './test-app.ts'

export interface ServedApp {
  url: string
  close: () => Promise<void>
}

/** `seen` hears of every request that reaches the server, preflights included. */
export async function serveTestApp(
  deps: Partial<AppDeps> = {},
  seen: (req: IncomingMessage) => void = () => undefined,
): Promise<ServedApp> {
  const testApp = await createTestApp(deps)
  const server = createServer((req, res) => {
    seen(req)
    testApp.app(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve()
        })
      })
      await testApp.close()
    },
  }
}
