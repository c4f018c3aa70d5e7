// Package pgxlock takes PostgreSQL session locks on a caller's pgx
// connection and writes through a caller's transaction.
package pgxlock

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Lock takes a session lock on the connection under c: it is held by c's
// session until the session ends or unlocks it.
func Lock(ctx context.Context, c *pgxpool.Conn, key int64) error { // want Lock:`fence:acquire,locks\(1\)`
	_, err := c.Conn().Exec(ctx, `SELECT pg_advisory_lock($1)`, key)
	return err
}

// TryLock tries to take a session lock on conn.
func TryLock(ctx context.Context, conn *pgx.Conn, key int64) (bool, error) { // want TryLock:`fence:acquire,locks\(1\)`
	var ok bool
	err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, key).Scan(&ok)
	return ok, err
}

// Save writes a result through tx.
func Save(ctx context.Context, tx pgx.Tx, id int64) error { // want Save:`fence:writes\(\(pgx\.Tx\)\.Exec results\),at\(pgxlock\.go:28\),writesthrough\(1\)`
	_, err := tx.Exec(ctx, `UPDATE results SET body = 'b' WHERE job_id = $1`, id)
	return err
}
