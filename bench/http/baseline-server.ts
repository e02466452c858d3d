// The yardstick of the benchmark: the least an Express 5 app can do to serve one contact by id.
// It runs as its own process, like the mock, so that each gets a core of its own.
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import express from 'express'

function main(): void {
  // started by bench/http/express.ts alone, with the file of one contact as JSON: no flags to read
  const [contactFile] = process.argv.slice(2)
  if (contactFile === undefined) throw new Error('the file of one contact (JSON) is required')
  const contact = JSON.parse(readFileSync(contactFile, 'utf8')) as { id?: unknown } | null
  if (typeof contact?.id !== 'string') throw new Error(`${contactFile} holds no contact with an id`)
  const contacts = new Map([[contact.id, contact]])

  const app = express()
  // The mock turns both off too: leave them on and the yardstick pays for work the mock skips.
  app.disable('x-powered-by')
  app.set('etag', false)
  // The mock's path, so both parse request lines of the same length.
  app.get('/api/v1/orgs/:org_id/contacts/:contact_id', (req, res) => {
    const found = contacts.get(req.params.contact_id)
    if (found === undefined) res.status(404).json({ detail: 'no such contact' })
    else res.json(found)
  })
  const server = app.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo
    // bench/http/express.ts waits for this line
    process.stdout.write(`Baseline listening on http://127.0.0.1:${String(port)}\n`)
  })
  process.once('SIGTERM', () => {
    server.close()
    server.closeIdleConnections()
    process.exit(0)
  })
}

main()
