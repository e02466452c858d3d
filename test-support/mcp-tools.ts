/** The tools `contacts-mock mcp` offers, sorted: what the issue asks for, as both its tests expect. */
export const MCP_TOOL_NAMES = [
  'api_request',
  'contract_run',
  'fault_clear',
  'fault_list',
  'fault_set',
  'requests_recent',
  'sandbox_create',
  'sandbox_reset',
  'snapshot_list',
  'snapshot_restore',
  'snapshot_save',
]
