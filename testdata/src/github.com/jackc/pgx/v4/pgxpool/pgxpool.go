// Package pgxpool synthesizes the part of github.com/jackc/pgx/v4/pgxpool
// that fencecheck's tests need, with the real signatures.
package pgxpool

import (
	"context"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
)

// Pool is a connection pool.
type Pool struct{}

// Exec executes sql on some connection of the pool.
func (p *Pool) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return nil, nil
}

// Query runs sql.
func (p *Pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }

// QueryRow runs sql and returns one row.
func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row { return nil }

// Begin starts a transaction.
func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

// Acquire returns a connection of the pool.
func (p *Pool) Acquire(ctx context.Context) (c *Conn, err error) { return nil, nil }

// SendBatch sends a batch.
func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return nil }

// Conn is a connection taken from the pool.
type Conn struct{}

// Exec executes sql on this connection.
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return nil, nil
}

// QueryRow runs sql on this connection.
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row { return nil }

// Release returns the connection to the pool.
func (c *Conn) Release() {}

// Begin starts a transaction on this connection.
func (c *Conn) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }

// Conn returns the underlying *pgx.Conn.
func (c *Conn) Conn() *pgx.Conn { return nil }
