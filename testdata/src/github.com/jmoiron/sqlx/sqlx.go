// Package sqlx synthesizes the part of github.com/jmoiron/sqlx that
// fencecheck's tests need, with the real signatures.
package sqlx

import (
	"context"
	"database/sql"
)

// DB wraps *sql.DB.
type DB struct {
	*sql.DB
}

// Tx wraps *sql.Tx.
type Tx struct {
	*sql.Tx
}

// Stmt wraps *sql.Stmt.
type Stmt struct {
	*sql.Stmt
}

// NamedExec executes a named query.
func (db *DB) NamedExec(query string, arg interface{}) (sql.Result, error) { return nil, nil }

// NamedExecContext executes a named query.
func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}

// MustExec executes query and panics on error.
func (db *DB) MustExec(query string, args ...interface{}) sql.Result { return nil }

// MustExecContext executes query and panics on error.
func (db *DB) MustExecContext(ctx context.Context, query string, args ...interface{}) sql.Result {
	return nil
}

// Rebind rewrites the placeholders of query for the driver.
func (db *DB) Rebind(query string) string { return query }

// Preparex prepares a statement.
func (db *DB) Preparex(query string) (*Stmt, error) { return nil, nil }

// Beginx starts a transaction.
func (db *DB) Beginx() (*Tx, error) { return nil, nil }

// NamedExec executes a named query in the transaction.
func (tx *Tx) NamedExec(query string, arg interface{}) (sql.Result, error) { return nil, nil }

// MustExec executes query in the transaction.
func (tx *Tx) MustExec(query string, args ...interface{}) sql.Result { return nil }

// Execer executes queries.
type Execer interface {
	Exec(query string, args ...any) (sql.Result, error)
}

// MustExec executes query on e and panics on error.
func MustExec(e Execer, query string, args ...interface{}) sql.Result { return nil }

// In expands the slice arguments of query into lists of placeholders.
func In(query string, args ...interface{}) (string, []interface{}, error) { return query, args, nil }
