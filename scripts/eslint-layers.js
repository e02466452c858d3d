// The direction of the mock's dependencies, as a lint rule: each folder of mock/ is a layer that
// may import only the layers below it; the transport-free core imports no Node module; nothing
// that ships imports test support. docs/architecture.md draws the same layers.
import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Top to bottom: each layer, and the layers it may import (besides itself). */
export const LAYERS = [
  {
    // contacts-mock's command line: the mock's process, a pull, or the MCP server (`contacts-mock mcp`)
    name: 'main',
    path: 'mock/process/main.ts',
    may: [
      'mcp',
      'pull',
      'process',
      'app',
      'face',
      'pipeline',
      'handlers',
      'admin',
      'faults',
      'store',
      'shared',
    ],
  },
  // the MCP server talks to the mock over HTTP: it starts one (startMock) and knows no internals
  { name: 'mcp', path: 'mock/mcp/', may: ['process', 'face', 'shared'] },
  {
    name: 'fetch',
    path: 'mock/fetch/',
    may: ['app', 'pipeline', 'handlers', 'admin', 'faults', 'store', 'shared'],
  },
  {
    name: 'process',
    path: 'mock/process/',
    may: ['pull', 'app', 'face', 'pipeline', 'handlers', 'admin', 'faults', 'store', 'shared'],
  },
  // `contacts-mock pull`: a client of a deployment, not a part of the mock's answers
  { name: 'pull', path: 'mock/pull/', may: ['shared'] },
  {
    name: 'app',
    path: 'mock/app.ts',
    may: ['pipeline', 'handlers', 'admin', 'faults', 'store', 'shared'],
  },
  { name: 'face', path: 'mock/face/', may: ['pipeline', 'shared'] },
  { name: 'pipeline', path: 'mock/pipeline/', may: ['handlers', 'faults', 'store', 'shared'] },
  { name: 'handlers', path: 'mock/handlers/', may: ['faults', 'store', 'shared'] },
  { name: 'faults', path: 'mock/faults/', may: ['shared'] },
  { name: 'store', path: 'mock/store/', may: ['shared'] },
  { name: 'shared', path: 'mock/shared/', may: [] },
]

/** The core: it runs where there is no Node (a fetch function, a service worker). */
const CORE = ['fetch', 'app', 'pipeline', 'handlers', 'faults', 'shared']
const CORE_STORE = ['mock/store/repositories.ts', 'mock/store/store-error.ts']
const NODE_ONLY = /^(node:|express$|cors$|pino$|pg$)/

/** What the package holds (bench/ and scripts/ are the repository's tools, not shipped). */
const SHIPPED = /^(mock|openapi|fixtures|contract-tests)\//

/** Test support and tests: what ships never imports them. */
const TEST_ONLY = [
  /^test-support\//,
  /^mock\/test\//,
  /\.test\.ts$/,
  /^contract-tests\/self-test\//,
]

const layerOf = (file) => LAYERS.find((layer) => file === layer.path || file.startsWith(layer.path))
const isTest = (file) => TEST_ONLY.some((pattern) => pattern.test(file))
const isCore = (file) => {
  // the fetch function's Node entries (the documents' files, faker, a data file)
  if (file.startsWith('mock/fetch/node/')) return false
  const layer = layerOf(file)
  if (layer && CORE.includes(layer.name)) return true
  // memory's engine is the core's; its disk is Node's
  if (file.startsWith('mock/store/memory/') && !file.startsWith('mock/store/memory/disk/'))
    return true
  return CORE_STORE.includes(file)
}

// An import or export statement with its module, or a dynamic import; `import type` is erased.
const STATEMENT =
  /\b(import|export)\s+(type\s)?[^'";]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g
const reachCache = new Map()

/**
 * What Node-only module a file outside mock/ (the fixtures, the documents' helpers) brings into
 * the core that imports it, following its own relative imports; undefined when none.
 */
function nodeImportOf(file, seen = new Set()) {
  if (reachCache.has(file)) return reachCache.get(file)
  if (seen.has(file)) return undefined
  seen.add(file)
  let text
  try {
    text = readFileSync(resolve(ROOT, file), 'utf8')
  } catch {
    return undefined
  }
  let found
  for (const [, , typeOnly, fromSpecifier, dynamicSpecifier] of text.matchAll(STATEMENT)) {
    const specifier = fromSpecifier ?? dynamicSpecifier ?? ''
    if (typeOnly !== undefined) continue
    if (NODE_ONLY.test(specifier)) found = `${file} imports ${specifier}`
    else if (specifier.startsWith('.')) {
      const target = relative(ROOT, resolve(dirname(resolve(ROOT, file)), specifier))
      if (!target.startsWith('mock/')) found = nodeImportOf(target, seen)
    }
    if (found !== undefined) break
  }
  reachCache.set(file, found)
  return found
}

/** `import type` and `export type` are erased: they carry no module to run. */
const typeOnly = (node) => node.importKind === 'type' || node.exportKind === 'type'

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], messages: { edge: '{{ why }}' } },
  create(context) {
    const importer = relative(ROOT, context.filename)
    if (isTest(importer)) return {}
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return
      const report = (why) => context.report({ node, messageId: 'edge', data: { why } })
      if (!specifier.startsWith('.')) {
        if (isCore(importer) && NODE_ONLY.test(specifier)) {
          report(`${importer} is the transport-free core: it may not import ${specifier}`)
        }
        return
      }
      const target = relative(ROOT, resolve(dirname(context.filename), specifier))
      if (SHIPPED.test(importer) && isTest(target)) {
        report(`${importer} ships: it may not import test support (${target})`)
        return
      }
      if (isCore(importer) && !target.startsWith('mock/') && !typeOnly(node)) {
        const reached = nodeImportOf(target)
        if (reached !== undefined) {
          report(`${importer} is the transport-free core: through ${target}, ${reached}`)
          return
        }
      }
      if (isCore(importer) && target.startsWith('mock/') && !isCore(target) && !typeOnly(node)) {
        report(`${importer} is the transport-free core: it may not import ${target}`)
        return
      }
      const from = layerOf(importer)
      const to = layerOf(target)
      if (!from || !to || from === to || from.may.includes(to.name)) return
      report(`${from.name} may not import ${to.name} (${target}): dependencies point down`)
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    }
  },
}

export const layersPlugin = { rules: { direction: rule } }
