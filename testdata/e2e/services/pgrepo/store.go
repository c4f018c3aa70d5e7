// Package pgrepo implements the ports on PostgreSQL through database/sql.
package pgrepo

import (
	"context"
	"database/sql"
	"errors"
)

// ErrStale is returned when a newer claim already wrote.
var ErrStale = errors.New("pgrepo: stale fencing token")

// Store is the PostgreSQL adapter.
type Store struct {
	db *sql.DB
}

// New returns a Store on db.
func New(db *sql.DB) *Store { return &Store{db: db} }

// Complete marks a job done: keyed by id only, so a worker that lost the
// claim still overwrites the result of the worker that replaced it.
func (s *Store) Complete(ctx context.Context, id int64, result string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET state = 'done', result = $2 WHERE id = $1`, id, result)
	return err
}

// Save stores a result only if no newer claim wrote first.
func (s *Store) Save(ctx context.Context, id, token int64, result string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE jobs SET result = $2, fence_token = $3
		WHERE id = $1 AND fence_token <= $3`, id, result, token)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrStale
	}
	return nil
}
