// Package localfacts writes through a local interface: the function that
// calls it exports the write, naming the implementation.
package localfacts

import (
	"context"
	"database/sql"
)

// Store saves jobs.
type Store interface {
	Save(ctx context.Context, id int64) error
}

// pgStore writes without a token.
type pgStore struct{ db *sql.DB }

// Save marks the job done.
func (s pgStore) Save(ctx context.Context, id int64) error { // want Save:`fence:writes\(\(\*sql\.DB\)\.ExecContext jobs\)`
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
	return err
}

// Finish saves through the interface.
func Finish(ctx context.Context, s Store, id int64) error { // want Finish:`fence:writes\(\(localfacts\.Store\)\.Save → \(localfacts\.pgStore\)\.Save → \(\*sql\.DB\)\.ExecContext jobs\)`
	return s.Save(ctx, id)
}
