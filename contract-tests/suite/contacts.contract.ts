// Contacts: one test file for the resource (the document and its validators are loaded once);
// the checks of each operation live in contacts/.
import './contacts/create.ts'
import './contacts/create-validation.ts'
import './contacts/create-unknown-fields.ts'
import './contacts/create-refused.ts'
import './contacts/read.ts'
import './contacts/update.ts'
import './contacts/update-validation.ts'
import './contacts/delete.ts'
import './contacts/delete-refused.ts'
import './contacts/list.ts'
import './contacts/search.ts'
