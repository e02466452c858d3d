// Helpers shared by the in-process HTTP tests (mock/http/*.test.ts), in one import. Not a test file.
export * from './http/bodies.ts'
export * from './http/client.ts'
export * from './http/hooks.ts'
export * from './http/problems.ts'
export * from './http/records.ts'
