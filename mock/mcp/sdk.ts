// What the MCP server takes of the official SDK (@modelcontextprotocol/sdk), in one module. The
// SDK is a development dependency: `npm run build` replaces this module's compiled file by a
// bundle of what it exports (scripts/build-bundled.ts), about 240 KB with the zod it needs, where
// depending on the SDK would install some 20 MB of its own dependencies (hono, jose, express...).
// Ajv stays outside the bundle: it is a dependency of the package already.
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
export { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
export {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
export type {
  CallToolResult,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  ServerNotification,
  Tool,
} from '@modelcontextprotocol/sdk/types.js'
