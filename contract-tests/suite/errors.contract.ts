// What every operation answers to requests it cannot take: unknown paths and methods, bodies and
// query strings it refuses, the order of those checks, and CORS. One test file for the concern
// (the document and its validators are loaded once); the checks live in errors/.
import './errors/routing.ts'
import './errors/bodies.ts'
import './errors/decoding.ts'
import './errors/queries.ts'
import './errors/order-of-checks.ts'
import './errors/cors.ts'
