// Package store persists job results.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// ErrStale reports that a newer claim has written first.
var ErrStale = errors.New("stale fencing token")

// Results stores results.
type Results struct{ DB *sql.DB }

// Save overwrites the job's result.
func (r *Results) Save(ctx context.Context, jobID int64, body string) error {
	_, err := r.DB.ExecContext(ctx, `
		INSERT INTO results (job_id, body) VALUES ($1, $2)
		ON CONFLICT (job_id) DO UPDATE SET body = EXCLUDED.body`, jobID, body)
	return err
}

// SaveFenced writes the result only if no newer claim has written.
func (r *Results) SaveFenced(ctx context.Context, jobID int64, body string, token int64) error {
	res, err := r.DB.ExecContext(ctx, `
		INSERT INTO results (job_id, body, fence_token) VALUES ($1, $2, $3)
		ON CONFLICT (job_id) DO UPDATE SET body = EXCLUDED.body, fence_token = EXCLUDED.fence_token
		WHERE results.fence_token < EXCLUDED.fence_token`, jobID, body, token)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrStale
	}
	return nil
}

// Tag sets the result's columns that tags names, in a statement built at
// run time.
func (r *Results) Tag(ctx context.Context, jobID int64, tags map[string]string) error {
	var b strings.Builder
	args := []any{jobID}
	b.WriteString("UPDATE results SET ")
	for i, col := range slices.Sorted(maps.Keys(tags)) {
		if i > 0 {
			b.WriteString(", ")
		}
		args = append(args, tags[col])
		fmt.Fprintf(&b, "%s = $%d", col, len(args))
	}
	b.WriteString(" WHERE job_id = $1")
	_, err := r.DB.ExecContext(ctx, b.String(), args...)
	return err
}
