// --fetch-module for the self-test: createMockFetch with the package's documents and fixtures, in
// memory, answering http://contacts.mock.
import { createMockFetch } from '../../../mock/fetch/node/fetch.ts'

const mock = createMockFetch({ baseUrl: 'http://contacts.mock' })

export const fetch = mock

export const close = (): Promise<void> => mock.close()
