// Package queue claims jobs: it takes a job's lease and issues the next
// fencing token in one statement.
package queue

import (
	"context"
	"database/sql"
)

// Job is a claimed job.
type Job struct {
	ID      int64
	Payload string
	// Token is the fencing token issued by this claim.
	Token int64
}

// Claim takes the lease of the oldest queued (or abandoned) job.
func Claim(ctx context.Context, db *sql.DB, worker string) (*Job, error) {
	var j Job
	err := db.QueryRowContext(ctx, `
		UPDATE jobs
		   SET locked_by = $1,
		       lease_until = now() + interval '30 seconds',
		       fence_token = fence_token + 1
		 WHERE id = (SELECT id FROM jobs
		              WHERE state = 'queued' OR lease_until < now()
		              ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, payload, fence_token`, worker).Scan(&j.ID, &j.Payload, &j.Token)
	if err != nil {
		return nil, err
	}
	return &j, nil
}
