// Package v4 exercises pgx v4, whose handles the catalogue reads like
// v5's.
package v4

import (
	"context"

	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

const claim = `UPDATE jobs SET lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $1 RETURNING fence_token`

// Pool writes through a pool after a claim.
func Pool(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	var tok int64
	if err := pool.QueryRow(ctx, claim, id).Scan(&tok); err != nil {
		return err
	}
	pool.Exec(ctx, `UPDATE jobs SET result = $2 WHERE id = $1`, id, "r")                           // want `\(\*pgxpool\.Pool\)\.Exec updates jobs under a lease without a fencing token`
	pool.Exec(ctx, `UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token = $3`, id, "r", tok) // ok: guarded by token compare
	return nil
}

// Tx writes through a pgx.Tx after a claim.
func Tx(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	var tok int64
	if err := pool.QueryRow(ctx, claim, id).Scan(&tok); err != nil {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	tx.Exec(ctx, `DELETE FROM results WHERE job_id = $1`, id)                           // want `\(pgx\.Tx\)\.Exec deletes from results under a lease`
	tx.Exec(ctx, `DELETE FROM results WHERE job_id = $1 AND fence_token < $2`, id, tok) // ok: guarded by token compare
	return tx.Commit(ctx)
}

// Batch queues statements on a connection after a claim.
func Batch(ctx context.Context, conn *pgx.Conn, id int64) {
	var tok int64
	conn.QueryRow(ctx, claim, id).Scan(&tok)
	b := &pgx.Batch{}
	b.Queue(`UPDATE jobs SET result = 'r' WHERE id = $1`, id)                            // want `\(\*pgx\.Batch\)\.Queue updates jobs under a lease`
	b.Queue(`UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token <= $2`, id, tok) // ok: guarded by token compare
}

// Unleased writes with no claim.
func Unleased(ctx context.Context, pool *pgxpool.Pool, id int64) {
	pool.Exec(ctx, `UPDATE jobs SET result = $2 WHERE id = $1`, id, "r") // ok: no lease is held
}
