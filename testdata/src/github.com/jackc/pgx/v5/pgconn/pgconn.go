// Package pgconn synthesizes the part of github.com/jackc/pgx/v5/pgconn
// that fencecheck's tests need.
package pgconn

// CommandTag is the result of an Exec.
type CommandTag struct{ s string }

// RowsAffected returns the number of rows affected.
func (ct CommandTag) RowsAffected() int64 { return 0 }

// StatementDescription describes a prepared statement.
type StatementDescription struct{ Name, SQL string }
