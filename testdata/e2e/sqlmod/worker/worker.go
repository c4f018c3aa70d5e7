// Package worker claims jobs with pgx and database/sql and writes results.
package worker

import (
	"context"
	"database/sql"
	"errors"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/sqlmod/store"
)

var errStale = errors.New("stale fencing token")

const claim = `UPDATE jobs SET locked_by = $2, lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $1 RETURNING fence_token`

// RunSQL claims with database/sql.
func RunSQL(ctx context.Context, db *sql.DB, id int64) error {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, id, "w").Scan(&tok); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id)                            // finding: unfenced
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token <= $2`, id, tok) // finding: uncheckedfence
	r, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token <= $2`, id, tok)
	if err != nil {
		return err
	}
	if n, _ := r.RowsAffected(); n == 0 {
		return errStale
	}
	store.Save(ctx, db, id, "r")            // finding: unfenced
	store.SaveFenced(ctx, db, id, "r", tok) // finding: uncheckedfence
	if err := store.SaveFenced(ctx, db, id, "r", tok); err != nil {
		return err
	}
	db.ExecContext(ctx, `INSERT INTO events (job_id) VALUES ($1)`, id)
	return nil
}

// RunPgx claims with a pgx pool and writes in a transaction.
func RunPgx(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	var tok int64
	if err := pool.QueryRow(ctx, claim, id, "w").Scan(&tok); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM results WHERE job_id = $1`, id); err != nil { // finding: unfenced
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO results (job_id, body, fence_token) VALUES ($1, 'r', $2)
			ON CONFLICT (job_id) DO UPDATE SET body = EXCLUDED.body, fence_token = EXCLUDED.fence_token
			WHERE results.fence_token < EXCLUDED.fence_token`, id, tok)
		if err == nil && tag.RowsAffected() == 0 {
			return errStale
		}
		return err
	})
}

var mu sync.Mutex

// Counter holds only an in-process mutex.
func Counter(ctx context.Context, db *sql.DB) {
	mu.Lock()
	defer mu.Unlock()
	db.ExecContext(ctx, `UPDATE counters SET n = n + 1 WHERE id = 1`)
}

// CRUD runs without a lease.
func CRUD(ctx context.Context, pool *pgxpool.Pool) {
	pool.Exec(ctx, `UPDATE users SET name = $2 WHERE id = $1`, 1, "n")
}
