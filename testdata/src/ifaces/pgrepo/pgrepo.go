// Package pgrepo implements the ports on PostgreSQL.
package pgrepo

import (
	"context"
	"database/sql"
)

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
