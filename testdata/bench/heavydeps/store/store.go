// Package store claims jobs in Postgres with pgx and records results
// under a fencing token.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Jobs is the job table.
type Jobs struct{ Pool *pgxpool.Pool }

// Claim takes the next free job and returns its id and fencing token.
func (j *Jobs) Claim(ctx context.Context, worker string) (id, token int64, err error) {
	err = j.Pool.QueryRow(ctx, `UPDATE jobs SET holder = $1, fence_token = fence_token + 1,
		lease_until = now() + interval '30 seconds'
		WHERE id = (SELECT id FROM jobs WHERE lease_until < now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, fence_token`, worker).Scan(&id, &token)
	return id, token, err
}

// Finish records the result unless a newer claim took the job.
func (j *Jobs) Finish(ctx context.Context, id, token int64, result string) (bool, error) {
	tag, err := j.Pool.Exec(ctx, `UPDATE jobs SET result = $1 WHERE id = $2 AND fence_token <= $3`, result, id, token)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
