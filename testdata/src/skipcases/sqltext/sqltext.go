package sqltext // want `analysed`

import "database/sql"

// Row is a row of the jobs table.
type Row struct{ Owner sql.NullString }

// FinishQuery returns the SQL text a caller runs: the package may export
// it as a fact, so it is built though it runs no statement itself.
func FinishQuery() string { return `UPDATE jobs SET done = true WHERE id = $1` }
