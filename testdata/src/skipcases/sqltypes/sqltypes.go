package sqltypes // want `skipped`

import "database/sql"

// Name returns the name a nullable column holds.
func Name(n sql.NullString) string {
	if !n.Valid {
		return ""
	}
	return n.String
}
