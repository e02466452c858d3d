// Authentication and organization isolation. One test file per resource or concern, so the
// document and its validators are loaded once for all of its checks; the checks live in access/.
import './access/every-operation.ts'
import './access/cross-org-records.ts'
