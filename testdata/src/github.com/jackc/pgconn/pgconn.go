// Package pgconn synthesizes the part of github.com/jackc/pgconn (pgx v4's
// connection layer) that fencecheck's tests need, with the real
// signatures.
package pgconn

// CommandTag is the status text a statement returns.
type CommandTag []byte

// RowsAffected returns the number of rows the statement affected.
func (ct CommandTag) RowsAffected() int64 { return 0 }
