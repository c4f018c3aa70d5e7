// Package pglock takes PostgreSQL session locks on a caller's pgx
// connection.
package pglock

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Lock takes a session lock on the connection under c.
func Lock(ctx context.Context, c *pgxpool.Conn, key int64) error {
	_, err := c.Conn().Exec(ctx, `SELECT pg_advisory_lock($1)`, key)
	return err
}
