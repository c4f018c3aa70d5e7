// Package leasetable takes named leases in a lease table: an upsert that
// updates the row only when the stored lease expired, or an update
// conditioned on a free or expired holder, with the row count checked.
package leasetable

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
)

var errHeld = errors.New("lease held elsewhere")

const (
	upsertLease = `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO UPDATE SET holder = $2, expires_at = $3 WHERE leases.expires_at < now()`
	updateLease = `UPDATE leases SET holder = $1, expires_at = now() + interval '30 seconds'
		WHERE name = $2 AND (holder IS NULL OR expires_at < now())`
)

// Upsert takes the lease with an upsert through database/sql.
func Upsert(ctx context.Context, db *sql.DB, name, me string) error {
	res, err := db.ExecContext(ctx, upsertLease, name, me, time.Now().Add(time.Minute))
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		db.ExecContext(ctx, `UPDATE stats SET misses = misses + 1 WHERE name = $1`, name) // ok: the claim failed
		return errHeld
	}
	db.ExecContext(ctx, `UPDATE reports SET body = $1 WHERE name = $2`, "b", name) // want `unfenced: \(\*sql\.DB\)\.ExecContext updates reports`
	return nil
}

// Update takes the lease with a conditional update through database/sql.
func Update(ctx context.Context, db *sql.DB, name, me string) error {
	res, err := db.ExecContext(ctx, updateLease, me, name)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errHeld
	}
	db.ExecContext(ctx, `DELETE FROM reports WHERE name = $1`, name) // want `unfenced: \(\*sql\.DB\)\.ExecContext deletes from reports`
	return nil
}

// Pool takes the lease through a pgx pool.
func Pool(ctx context.Context, pool *pgxpool.Pool, name, me string) error {
	tag, err := pool.Exec(ctx, updateLease, me, name)
	if err != nil || tag.RowsAffected() == 0 {
		pool.Exec(ctx, `UPDATE stats SET misses = misses + 1 WHERE name = $1`, name) // ok: the claim failed
		return errHeld
	}
	pool.Exec(ctx, `UPDATE reports SET body = $1 WHERE name = $2`, "b", name) // want `unfenced: \(\*pgxpool\.Pool\)\.Exec updates reports`
	return nil
}

// Conn takes the lease through a pgx connection.
func Conn(ctx context.Context, conn *pgx.Conn, name, me string) error {
	tag, err := conn.Exec(ctx, upsertLease, name, me, time.Now().Add(time.Minute))
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errHeld
	}
	conn.Exec(ctx, `UPDATE reports SET body = $1 WHERE name = $2`, "b", name) // want `unfenced: \(\*pgx\.Conn\)\.Exec updates reports`
	return nil
}

// Tx takes the lease in a pgx transaction; the lease outlives it.
func Tx(ctx context.Context, pool *pgxpool.Pool, name, me string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, updateLease, me, name)
	if err != nil {
		tx.Rollback(ctx)
		return err
	}
	if tag.RowsAffected() == 0 {
		tx.Rollback(ctx)
		return errHeld
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	pool.Exec(ctx, `UPDATE reports SET body = $1 WHERE name = $2`, "b", name) // want `unfenced: \(\*pgxpool\.Pool\)\.Exec updates reports`
	return nil
}

// Batch queues the acquisition and reads its row count from the batch.
func Batch(ctx context.Context, pool *pgxpool.Pool, name, me string) error {
	b := &pgx.Batch{}
	b.Queue(updateLease, me, name)
	br := pool.SendBatch(ctx, b)
	tag, err := br.Exec()
	br.Close()
	if err != nil || tag.RowsAffected() == 0 {
		return errHeld
	}
	pool.Exec(ctx, `UPDATE reports SET body = $1 WHERE name = $2`, "b", name) // want `unfenced: \(\*pgxpool\.Pool\)\.Exec updates reports`
	return nil
}

// Sqlx takes the lease through sqlx.
func Sqlx(ctx context.Context, db *sqlx.DB, name, me string) error {
	res := db.MustExec(updateLease, me, name)
	if n, _ := res.RowsAffected(); n == 0 {
		return errHeld
	}
	db.MustExec(`UPDATE reports SET body = $1 WHERE name = $2`, "b", name) // want `unfenced: \(\*sqlx\.DB\)\.MustExec updates reports`
	return nil
}

// Unconditional sets the holder whatever the row holds: that is a write,
// not a claim, and no lease is held after it.
func Unconditional(ctx context.Context, db *sql.DB, name, me string) {
	db.ExecContext(ctx, `UPDATE leases SET holder = $1 WHERE name = $2`, me, name)
	db.ExecContext(ctx, `UPDATE reports SET body = $1 WHERE name = $2`, "b", name) // ok: no lease is held
}

// Fenced takes the lease with a token the upsert increments and returns,
// and writes with it.
func Fenced(ctx context.Context, db *sql.DB, name, me string) error {
	var tok int64
	err := db.QueryRowContext(ctx, `INSERT INTO leases (name, holder, expires_at, fence) VALUES ($1, $2, now() + interval '1 minute', 1)
		ON CONFLICT (name) DO UPDATE SET holder = $2, expires_at = now() + interval '1 minute', fence = leases.fence + 1
		WHERE leases.expires_at < now() RETURNING fence`, name, me).Scan(&tok)
	if err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, `UPDATE reports SET body = $1, fence = $3 WHERE name = $2 AND fence < $3`, "b", name, tok) // ok: fenced
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errHeld
	}
	return nil
}
