// --fetch-module for the self-test: MSW's setupServer with createHandlers, answering
// http://contacts.mock; the platform's fetch is the target, as the code of an app would call it.
import { setupServer } from 'msw/node'
import { createHandlers } from '../../../mock/fetch/node/msw.ts'

export const baseUrl = 'http://contacts.mock'

// The handlers take the API's paths and pass the rest on (an app's other requests, the network)
export const limits = ['api-paths-only']

const handlers = createHandlers({ baseUrl })
const server = setupServer(...handlers)
// setupServer intercepts this whole process, the runner's own requests to the relay too: those
// go on; one for the mock's origin that no handler took would be a defect.
server.listen({
  onUnhandledRequest: (request, print) => {
    if (new URL(request.url).origin === baseUrl) print.error()
  },
})

// looked up at each call: setupServer replaced globalThis.fetch with its own
export const fetch = (input: string, init?: RequestInit): Promise<Response> =>
  globalThis.fetch(input, init)

export async function close(): Promise<void> {
  server.close()
  await handlers.mock.close()
}
