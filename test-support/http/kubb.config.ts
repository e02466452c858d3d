// The Kubb 4 configuration generated-client.test.ts runs `kubb generate --config` with: a fetch
// client bundled into the output (so the generated folder needs no node_modules), answers in full
// (status and data: Kubb's fetch client does not throw on an error status). The document and the
// output folder come from KUBB_INPUT and KUBB_OUTPUT.
import { defineConfig } from '@kubb/core'
import { pluginClient } from '@kubb/plugin-client'
import { pluginOas } from '@kubb/plugin-oas'
import { pluginTs } from '@kubb/plugin-ts'

const required = (name: string): string => {
  const value = process.env[name]
  if (value === undefined || value === '') throw new Error(`kubb.config.ts needs ${name}`)
  return value
}

export default defineConfig({
  root: '.',
  input: { path: required('KUBB_INPUT') },
  output: { path: required('KUBB_OUTPUT'), clean: true, format: false, lint: false },
  plugins: [
    pluginOas({ generators: [] }),
    pluginTs(),
    pluginClient({ client: 'fetch', bundle: true, dataReturnType: 'full' }),
  ],
})
