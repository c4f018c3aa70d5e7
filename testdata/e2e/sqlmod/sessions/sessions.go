// Package sessions takes PostgreSQL session locks on single pgx
// connections: the writes made in the lock's session are checked by the
// database, the writes through the pool are not.
package sessions

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/sqlmod/sessions/pglock"
)

// Conn locks a pgx connection.
func Conn(ctx context.Context, conn *pgx.Conn, pool *pgxpool.Pool) error {
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, 1).Scan(&ok); err != nil || !ok {
		return err
	}
	conn.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1)
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	tx.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1)
	tx.Commit(ctx)
	pool.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2) // finding: unfenced
	return nil
}

// Acquired locks a connection acquired from the pool through a helper.
func Acquired(ctx context.Context, pool *pgxpool.Pool) error {
	c, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	if err := pglock.Lock(ctx, c, 2); err != nil {
		return err
	}
	c.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1)
	c.Conn().Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1)
	other, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer other.Release()
	other.Exec(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2) // finding: unfenced
	return nil
}

// SQLConn locks a database/sql connection and writes in a transaction
// begun on it.
func SQLConn(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, 3); err != nil {
		return err
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1)
	db.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2) // finding: unfenced
	return tx.Commit()
}
