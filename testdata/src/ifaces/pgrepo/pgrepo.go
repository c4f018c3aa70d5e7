// Package pgrepo implements the ports on PostgreSQL.
package pgrepo

import (
	"context"
	"database/sql"

	"ifaces/ports"
)

// Queue claims jobs with a claim UPDATE.
type Queue struct{ DB *sql.DB }

// Next claims the next job.
func (q *Queue) Next(ctx context.Context) (ports.Job, error) { // want Next:`fence:acquire,claims\(fence_token,locked_by,locked_until\)`
	var j ports.Job
	err := q.DB.QueryRowContext(ctx, `UPDATE jobs SET locked_by = 'w', locked_until = now() + interval '1 minute', fence_token = fence_token + 1
		WHERE id = (SELECT id FROM jobs WHERE locked_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, fence_token`).Scan(&j.ID, &j.Token)
	return j, err
}

// Store finishes jobs.
type Store struct{ DB *sql.DB }

// Complete marks a job done without a token.
func (s *Store) Complete(ctx context.Context, id int64) error { // want Complete:`fence:writes\(\(\*sql\.DB\)\.ExecContext jobs\)`
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
	return err
}

// Finish marks a job done if tok is still the job's token.
func (s *Store) Finish(ctx context.Context, id, tok int64) error { // want Finish:`fence:guarded\(2\)`
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1 AND fence_token = $2`, id, tok)
	return err
}

// FencedStore finishes jobs with a token in both methods.
type FencedStore struct{ DB *sql.DB }

// Complete appends a completion event, which cannot overwrite anything.
func (s FencedStore) Complete(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO completions (job_id) VALUES ($1)`, id)
	return err
}

// Finish marks a job done if tok is still the job's token.
func (s FencedStore) Finish(ctx context.Context, id, tok int64) error { // want Finish:`fence:guarded\(2\)`
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1 AND fence_token = $2`, id, tok)
	return err
}
