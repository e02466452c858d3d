// `npm run build` (and `prepack`): the package runs from compiled JavaScript in dist/, with the
// documents beside the modules that read them.
import { execFileSync } from 'node:child_process'
import { copyFileSync, cpSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { loadAdminDocument, loadDocument } from '../openapi/document-files.ts'
import { buildBrowser } from './build-browser.ts'
import { buildCjs } from './build-cjs.ts'
import { buildBundledModules } from './build-bundled.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url))

rmSync(`${root}dist`, { recursive: true, force: true })
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' })
copyFileSync(`${root}openapi/openapi.yaml`, `${root}dist/openapi/openapi.yaml`)
copyFileSync(`${root}openapi/admin.yaml`, `${root}dist/openapi/admin.yaml`)
copyFileSync(`${root}fixtures/seed.schema.json`, `${root}dist/fixtures/seed.schema.json`)
// The pages' own files, and the reference renderer beside them: the package needs no CDN and
// does not depend on the renderer's npm package (a development dependency)
cpSync(`${root}mock/face/public`, `${root}dist/mock/face/public`, { recursive: true })
const scalar = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js')
copyFileSync(scalar, `${root}dist/mock/face/public/scalar.js`)
// the PostgreSQL store reads its migrations at start, beside its compiled modules
cpSync(`${root}mock/store/postgres/migrations`, `${root}dist/mock/store/postgres/migrations`, {
  recursive: true,
})
writeFileSync(`${root}dist/openapi/openapi.json`, JSON.stringify(loadDocument(), null, 2) + '\n')
writeFileSync(`${root}dist/openapi/admin.json`, JSON.stringify(loadAdminDocument(), null, 2) + '\n')
// contacts-mock-kit/browser: one bundle, validators generated, fixtures as data (build-browser.ts)
await buildBrowser()
// the MCP SDK and faker: what the package uses of them, bundled (build-bundled.ts)
await buildBundledModules()
// require('contacts-mock-kit') and its Node entries, for CommonJS test runners (build-cjs.ts)
await buildCjs()
process.stdout.write('Built dist/\n')
