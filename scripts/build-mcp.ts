// The MCP server's part of the official SDK (`contacts-mock mcp`, mock/mcp/): tsc compiles
// mock/mcp/sdk.ts to imports of @modelcontextprotocol/sdk, a development dependency, because the
// SDK and its dependencies (zod, hono, jose, express-rate-limit...) would grow a user's install by
// some 20 MB. Its compiled file is replaced here by one ES module with what the server uses of the
// SDK and zod inside, minified, and beside it their licences; Ajv, which the package depends on
// already, stays outside. Run by `npm run build`, after tsc.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
export const MCP_SDK_BUNDLE = join(ROOT, 'dist/mock/mcp/sdk.js')
const MCP_SDK_LICENCES = join(ROOT, 'dist/mock/mcp/sdk.licenses.txt')
/** Dependencies of the package: imported from node_modules, never bundled. */
const EXTERNAL = ['ajv', 'ajv/*', 'ajv-formats']

/** `node_modules/@scope/name/...` or `node_modules/name/...`: the package's folder. */
const packageFolderOf = (input: string): string | undefined =>
  /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]

export async function buildMcpSdk(): Promise<void> {
  const result = await build({
    entryPoints: [join(ROOT, 'mock/mcp/sdk.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    minify: true,
    external: EXTERNAL,
    outfile: MCP_SDK_BUNDLE,
    allowOverwrite: true,
    metafile: true,
    banner: {
      js: `// What mock/mcp/ uses of @modelcontextprotocol/sdk, bundled by scripts/build-mcp.ts; licences: sdk.licenses.txt`,
    },
    logLevel: 'silent',
  })
  // an ES module bundle cannot require(): a CommonJS dependency inside would fail at run time
  const text = readFileSync(MCP_SDK_BUNDLE, 'utf8')
  if (text.includes('Dynamic require of')) {
    throw new Error('A CommonJS module is bundled into dist/mock/mcp/sdk.js: it cannot load')
  }
  const folders = [
    ...new Set(
      Object.keys(result.metafile.inputs).flatMap((input) => packageFolderOf(input) ?? []),
    ),
  ].sort()
  const licences = folders.map((folder) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as {
      name: string
      version: string
      license?: string
    }
    const file = ['LICENSE', 'LICENSE.md', 'license', 'LICENCE'].find((name) =>
      existsSync(join(ROOT, folder, name)),
    )
    const text = file === undefined ? '' : readFileSync(join(ROOT, folder, file), 'utf8').trim()
    return `${manifest.name} ${manifest.version} (${manifest.license ?? 'see its package'})\n\n${text}`
  })
  writeFileSync(MCP_SDK_LICENCES, `${licences.join(`\n\n${'-'.repeat(72)}\n\n`)}\n`)
}
