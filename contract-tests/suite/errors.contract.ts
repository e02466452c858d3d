// What every operation answers to requests it cannot take: unknown paths and methods, bodies and
// query strings it refuses, the order of those checks (each adjacent pair of stages), the statuses
// of the server's condition, CORS, what the server refuses before any operation and how it reads
// multipart. One test file for the concern (the document and its validators are loaded once); the
// checks live in errors/.
import './errors/routing.ts'
import './errors/bodies.ts'
import './errors/decoding.ts'
import './errors/queries.ts'
import './errors/order-of-checks.ts'
import './errors/order-pairs.ts'
import './errors/simulated-statuses.ts'
import './errors/cors.ts'
import './errors/server-guards.ts'
