// The documents as files: where they are, and reading them (Node only). What the documents say is
// read by document.ts, which runs anywhere.
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type * as Yaml from 'yaml'
import { bundleAdmin, type OpenApiDocument } from './document.ts'

let yaml: typeof Yaml | undefined
/**
 * The yaml package, loaded when a YAML file is first read or written: a start from the built
 * JSON documents needs none of it, and loading it took a tenth of a second at each start.
 */
export function loadYaml(): typeof Yaml {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml
  return yaml
}

export const DOCUMENT_PATH = fileURLToPath(new URL('./openapi.yaml', import.meta.url))

// The build writes the document as JSON beside the YAML: JSON loads in a fraction of the time.
const BUILT_JSON = fileURLToPath(new URL('./openapi.json', import.meta.url))

/** A document file as it is now (YAML, or JSON, which is YAML too). */
export function readDocumentFile(path: string): OpenApiDocument {
  const document = loadYaml().parse(readFileSync(path, 'utf8')) as unknown
  if (typeof document !== 'object' || document === null || !('paths' in document)) {
    throw new Error(`${path} is not an OpenAPI document (it has no paths)`)
  }
  return document as OpenApiDocument
}

export function loadDocument(path: string = DOCUMENT_PATH): OpenApiDocument {
  if (path === DOCUMENT_PATH && existsSync(BUILT_JSON)) {
    return JSON.parse(readFileSync(BUILT_JSON, 'utf8')) as OpenApiDocument
  }
  return loadYaml().parse(readFileSync(path, 'utf8')) as OpenApiDocument
}

export const ADMIN_DOCUMENT_PATH = fileURLToPath(new URL('./admin.yaml', import.meta.url))
const BUILT_ADMIN_JSON = fileURLToPath(new URL('./admin.json', import.meta.url))

/** The admin API's document (`/__admin`), with what it takes from the Contacts API's. */
export function loadAdminDocument(): OpenApiDocument {
  if (existsSync(BUILT_ADMIN_JSON)) {
    return JSON.parse(readFileSync(BUILT_ADMIN_JSON, 'utf8')) as OpenApiDocument
  }
  const admin = loadYaml().parse(readFileSync(ADMIN_DOCUMENT_PATH, 'utf8')) as OpenApiDocument
  return bundleAdmin(admin, loadDocument())
}
