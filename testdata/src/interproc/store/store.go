// Package store is a helper package whose functions write to the database.
package store

import (
	"context"
	"database/sql"
)

// Store saves job results.
type Store struct{ DB *sql.DB }

// Save writes a result without a token.
func (s *Store) Save(ctx context.Context, id int64, result string) error { // want Save:`fence:writes\(\(\*store\.Store\)\.exec → \(\*sql\.DB\)\.ExecContext results\)`
	return s.exec(ctx, id, result)
}

func (s *Store) exec(ctx context.Context, id int64, result string) error { // want exec:`fence:writes\(\(\*sql\.DB\)\.ExecContext results\)`
	_, err := s.DB.ExecContext(ctx, `UPDATE results SET body = $2 WHERE job_id = $1`, id, result)
	return err
}

// SaveFenced writes a result only if the token is not older than the stored one.
func (s *Store) SaveFenced(ctx context.Context, id int64, result string, tok int64) error { // want SaveFenced:`fence:guarded\(3\)`
	_, err := s.DB.ExecContext(ctx, `UPDATE results SET body = $2, fence_token = $3 WHERE job_id = $1 AND fence_token <= $3`, id, result, tok)
	return err
}

// Append inserts an event, which cannot overwrite anything.
func (s *Store) Append(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `INSERT INTO events (job_id) VALUES ($1)`, id)
	return err
}

// Notify is a sink the catalogue does not know.
//
//fencecheck:sink
func Notify(ctx context.Context, id int64) error { return nil } // want Notify:`fence:sink`

// Cache writes a cache entry; replaying it is harmless.
//
//fencecheck:idempotent the cache is keyed by job and content
func (s *Store) Cache(ctx context.Context, id int64) error { // want Cache:`fence:idempotent`
	_, err := s.DB.ExecContext(ctx, `UPDATE cache SET v = 1 WHERE k = $1`, id)
	return err
}
