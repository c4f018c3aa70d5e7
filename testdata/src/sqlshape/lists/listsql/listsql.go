// Package listsql builds the SQL text package lists runs: lists of
// placeholders and a statement keyed by one.
package listsql

import (
	"database/sql"
	"fmt"
	"strings"
)

// Placeholders returns n placeholders separated by commas.
func Placeholders(n int) string { // want Placeholders:`fence:sql`
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// ClaimTasks returns the statement that claims the n tasks selected
// before it.
func ClaimTasks(n int) string { // want ClaimTasks:`fence:sql`
	return fmt.Sprintf("UPDATE tasks SET claimed_at = ? WHERE id IN (%s)", Placeholders(n))
}

// Joined joins what the caller gives: not placeholders.
func Joined(parts []string) string {
	return strings.Join(parts, ", ")
}

// Keep uses database/sql so the package is analysed.
var Keep *sql.DB
