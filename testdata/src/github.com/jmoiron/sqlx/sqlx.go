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

// Rows wraps *sql.Rows.
type Rows struct {
	*sql.Rows
}

// Row wraps *sql.Row.
type Row struct{}

// Scan copies the row's columns into dest.
func (r *Row) Scan(dest ...interface{}) error { return nil }

// ExecerContext executes with a context.
type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

// QueryerContext queries with a context.
type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error)
	QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row
}

type binder interface {
	DriverName() string
	Rebind(string) string
	BindNamed(string, interface{}) (string, []interface{}, error)
}

// ExtContext binds, queries and executes with a context.
type ExtContext interface {
	binder
	QueryerContext
	ExecerContext
}

// Named rewrites a query with named parameters to ? bindvars.
func Named(query string, arg interface{}) (string, []interface{}, error) { return query, nil, nil }

// BindNamed rewrites a query with named parameters for bindType.
func BindNamed(bindType int, query string, arg interface{}) (string, []interface{}, error) {
	return query, nil, nil
}
