// Package results stores job results in Cassandra for its callers, who
// hold the lease: Save fences with a lightweight transaction and returns
// its applied flag, Overwrite does not fence.
package results

import (
	"context"

	"github.com/gocql/gocql"
)

// Store writes the results table.
type Store struct {
	Session *gocql.Session
}

// Save records result when fence is newer than the stored one, and
// reports whether it was applied.
func (s *Store) Save(ctx context.Context, id, result string, fence int64) (bool, error) {
	return s.Session.Query(`UPDATE results SET result = ?, fence = ? WHERE id = ? IF fence < ?`, result, fence, id, fence).
		WithContext(ctx).ScanCAS()
}

// Overwrite records result whoever holds the job.
func (s *Store) Overwrite(ctx context.Context, id, result string) error {
	return s.Session.Query(`UPDATE results SET result = ? WHERE id = ?`, result, id).WithContext(ctx).Exec()
}
