// Package helpers writes job results for the workers of inventory/app. None
// of its writes is reported; with the inventory on, its facts say why a
// call of each is silent.
package helpers

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strconv"
	"strings"
)

// ErrStale reports that a newer claim wrote first.
var ErrStale = errors.New("stale")

// Results stores results.
type Results struct{ DB *sql.DB }

// SaveFenced writes the result only if no newer claim has written.
func (r *Results) SaveFenced(ctx context.Context, id int64, body string, tok int64) error { // want SaveFenced:`fence:silent\(fenced: \(\*sql\.DB\)\.ExecContext\)`
	res, err := r.DB.ExecContext(ctx, `INSERT INTO results (job_id, body, fence_token) VALUES ($1, $2, $3)
		ON CONFLICT (job_id) DO UPDATE SET body = EXCLUDED.body, fence_token = EXCLUDED.fence_token
		WHERE results.fence_token < EXCLUDED.fence_token`, id, body, tok)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrStale
	}
	return nil
}

// Annotate sets the columns cols names, in a statement built at run time.
func (r *Results) Annotate(ctx context.Context, id int64, cols map[string]string) error { // want Annotate:`fence:silent\(unjudged: \(\*sql\.DB\)\.ExecContext\)`
	var b strings.Builder
	b.WriteString("UPDATE results SET ")
	keys := make([]string, 0, len(cols))
	for k := range cols {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	args := []any{id}
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		args = append(args, cols[k])
		b.WriteString(k + " = $" + strconv.Itoa(len(args)))
	}
	b.WriteString(" WHERE job_id = $1")
	_, err := r.DB.ExecContext(ctx, b.String(), args...)
	return err
}

// Audit appends a row to the audit log.
func (r *Results) Audit(ctx context.Context, id int64, what string) error { // want Audit:`fence:silent\(notwrite: \(\*sql\.DB\)\.ExecContext\)`
	_, err := r.DB.ExecContext(ctx, `INSERT INTO audit (job_id, what) VALUES ($1, $2)`, id, what)
	return err
}

// Record calls Annotate: its fact names the path to the statement.
func (r *Results) Record(ctx context.Context, id int64) error { // want Record:`fence:silent\(unjudged: \(\*helpers\.Results\)\.Annotate → \(\*sql\.DB\)\.ExecContext\)`
	return r.Annotate(ctx, id, map[string]string{"state": "recorded"})
}
