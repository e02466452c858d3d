// The orval 8 configuration generated-client.test.ts runs `orval --config` with: one file of fetch
// functions, each answering its status and data. The document, the output file and the mock's
// URL (orval's paths are relative) come from ORVAL_INPUT, ORVAL_OUTPUT and ORVAL_BASE_URL.
import { defineConfig } from 'orval'

const required = (name: string): string => {
  const value = process.env[name]
  if (value === undefined || value === '') throw new Error(`orval.config.ts needs ${name}`)
  return value
}

export default defineConfig({
  contacts: {
    input: { target: required('ORVAL_INPUT') },
    output: {
      target: required('ORVAL_OUTPUT'),
      client: 'fetch',
      mode: 'single',
      baseUrl: required('ORVAL_BASE_URL'),
      // Each write takes JSON, a urlencoded form and multipart, whose schemas differ (a form lists
      // its fields as sent): given all three, orval 8 types the body as their union and sends it
      // as JSON text with no Content-Type (text/plain, a 415). Asked for JSON alone, it sets it.
      override: { contentType: { include: ['application/json'] } },
    },
  },
})
