// User relationships: one test file for the resource (the document and its validators are loaded
// once); the checks of each operation live in user-relationships/.
import './user-relationships/create.ts'
import './user-relationships/create-validation.ts'
import './user-relationships/read.ts'
import './user-relationships/update.ts'
import './user-relationships/delete.ts'
import './user-relationships/list.ts'
import './user-relationships/ownership.ts'
