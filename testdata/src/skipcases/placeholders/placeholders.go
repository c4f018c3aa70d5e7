package placeholders // want `analysed`

import (
	"database/sql"
	"strings"
)

// Row is a row.
type Row struct{ Name sql.NullString }

// Marks builds a list of n placeholders: its SQL text is a list the
// engine exports.
func Marks(n int) string { return strings.TrimSuffix(strings.Repeat("?,", n), ",") }
