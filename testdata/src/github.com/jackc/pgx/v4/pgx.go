// Package pgx synthesizes the part of github.com/jackc/pgx/v4 that
// fencecheck's tests need, with the real signatures.
package pgx

import (
	"context"

	"github.com/jackc/pgconn"
)

// Row is one row of a QueryRow.
type Row interface {
	Scan(dest ...any) error
}

// Rows is the result of a Query.
type Rows interface {
	Close()
	Next() bool
	Scan(dest ...any) error
}

// Conn is a single PostgreSQL connection.
type Conn struct{}

// Exec executes sql.
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return nil, nil
}

// Query runs sql and returns rows.
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (Rows, error) { return nil, nil }

// QueryRow runs sql and returns one row.
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row { return nil }

// Begin starts a transaction.
func (c *Conn) Begin(ctx context.Context) (Tx, error) { return nil, nil }

// Tx is a transaction.
type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	SendBatch(ctx context.Context, b *Batch) BatchResults
	Exec(ctx context.Context, sql string, arguments ...any) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) Row
	Conn() *Conn
	BeginFunc(ctx context.Context, f func(Tx) error) (err error)
}

// Batch queues statements.
type Batch struct{}

// Queue queues a statement.
func (b *Batch) Queue(query string, arguments ...any) {}

// BatchResults are the results of a batch.
type BatchResults interface {
	Exec() (pgconn.CommandTag, error)
	Close() error
}
