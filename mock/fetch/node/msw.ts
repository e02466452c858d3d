// `contacts-mock-kit/msw` in Node: createHandlers on a mock made with the package's documents and
// fixtures (or the options createMockFetch takes), for `setupServer` in Vitest or Jest.
import { createHandlers as createCoreHandlers, type MockHandlers } from '../msw.ts'
import type { MockFetch } from '../mock-fetch.ts'
import { createMockFetch, type CreateMockFetchOptions } from './fetch.ts'

export type { HandlersOptions, MockHandlers } from '../msw.ts'

export interface CreateHandlersOptions extends CreateMockFetchOptions {
  /** A mock to answer through (one your tests also call); by default a new one of these options. */
  mock?: MockFetch
}

/**
 * MSW handlers answering the mock's API: `setupServer(...createHandlers())`. Without `baseUrl`
 * they answer on any origin; `handlers.mock` is the mock (reset, snapshots, orgs, tokens).
 */
export function createHandlers(options: CreateHandlersOptions = {}): MockHandlers {
  const { mock, ...mockOptions } = options
  return createCoreHandlers({
    mock: mock ?? createMockFetch(mockOptions),
    ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
  })
}
