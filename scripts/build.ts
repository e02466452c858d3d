// `npm run build` (and `prepack`): the package runs from compiled JavaScript in dist/, with the
// documents beside the modules that read them.
import { execFileSync } from 'node:child_process'
import { copyFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { loadAdminDocument, loadDocument } from '../openapi/document.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url))

rmSync(`${root}dist`, { recursive: true, force: true })
execFileSync(process.execPath, [tsc, '-p', `${root}tsconfig.build.json`], { stdio: 'inherit' })
copyFileSync(`${root}openapi/openapi.yaml`, `${root}dist/openapi/openapi.yaml`)
copyFileSync(`${root}openapi/admin.yaml`, `${root}dist/openapi/admin.yaml`)
copyFileSync(`${root}fixtures/seed.schema.json`, `${root}dist/fixtures/seed.schema.json`)
writeFileSync(`${root}dist/openapi/openapi.json`, JSON.stringify(loadDocument(), null, 2) + '\n')
writeFileSync(`${root}dist/openapi/admin.json`, JSON.stringify(loadAdminDocument(), null, 2) + '\n')
process.stdout.write('Built dist/\n')
