// Package reports is the reporting service the queue handlers delegate to.
package reports

import (
	"context"
	"database/sql"
)

// Service publishes and archives reports.
type Service struct {
	DB *sql.DB
}

// Publish marks a report published, keyed by id only.
func (s *Service) Publish(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE reports SET published = true WHERE id = $1`, id)
	return err
}

// Archive moves a report to the archive, keyed by id only.
func (s *Service) Archive(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE reports SET archived = true WHERE id = $1`, id)
	return err
}

// MarkQueued records that a report job was enqueued.
func (s *Service) MarkQueued(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE reports SET queued = true WHERE id = $1`, id)
	return err
}
