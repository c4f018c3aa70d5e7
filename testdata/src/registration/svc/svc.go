// Package svc is a service River workers delegate to.
package svc

import (
	"context"
	"database/sql"
)

// Service finishes jobs.
type Service struct{ DB *sql.DB }

// Finish marks a job done without a fencing token.
func (s *Service) Finish(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE orders SET state = 'done' WHERE job_id = $1`, id)
	return err
}

// Load only reads.
func (s *Service) Load(ctx context.Context, id int64) (string, error) {
	var st string
	err := s.DB.QueryRowContext(ctx, `SELECT state FROM orders WHERE job_id = $1`, id).Scan(&st)
	return st, err
}
