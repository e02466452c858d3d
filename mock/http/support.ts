// Helpers shared by the in-process HTTP tests (mock/http/*.test.ts), in one import. Not a test file.
export * from './support/bodies.ts'
export * from './support/client.ts'
export * from './support/hooks.ts'
export * from './support/problems.ts'
export * from './support/records.ts'
