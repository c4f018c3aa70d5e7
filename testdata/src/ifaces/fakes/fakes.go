// Package fakes holds test doubles of the ports; they never count as
// implementations.
package fakes

import (
	"context"
	"database/sql"

	"ifaces/ports"
)

// Queue hands out jobs without a lease.
type Queue struct{}

// Next returns a fixed job.
func (Queue) Next(ctx context.Context) (ports.Job, error) { return ports.Job{ID: 1}, nil }

// Store writes without a token, as a test double may.
type Store struct{ DB *sql.DB }

// Complete writes the row directly.
func (s *Store) Complete(ctx context.Context, id int64) error { // want Complete:`fence:writes\(\(\*sql\.DB\)\.ExecContext jobs\)`
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
	return err
}

// Finish writes the row directly.
func (s *Store) Finish(ctx context.Context, id, tok int64) error { // want Finish:`fence:writes\(\(\*sql\.DB\)\.ExecContext jobs\)`
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
	return err
}

// MockNotifier writes without a token.
type MockNotifier struct{ DB *sql.DB }

// Notify writes a notification row.
func (n MockNotifier) Notify(ctx context.Context, id int64) error { // want Notify:`fence:writes\(\(\*sql\.DB\)\.ExecContext notifications\)`
	_, err := n.DB.ExecContext(ctx, `UPDATE notifications SET sent = true WHERE job_id = $1`, id)
	return err
}
