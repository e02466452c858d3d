// The document the checks hold the target to, loaded once per test process: the runner's parsed
// copy (env.ts's documentFile) when it left one, else openapi/openapi.yaml itself.
import { readFileSync } from 'node:fs'
import { type OpenApiDocument } from '../../../openapi/document.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import { configuredEnv } from './env.ts'

const parsedCopy = configuredEnv()?.documentFile

export const contractDocument: OpenApiDocument =
  parsedCopy === undefined
    ? loadDocument()
    : (JSON.parse(readFileSync(parsedCopy, 'utf8')) as OpenApiDocument)
