// Package checks writes after lease checks built from several clock
// comparisons, and keys statements by lists of placeholders.
package checks

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"
)

const claim = `UPDATE jobs SET locked_by = $2, lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $1 RETURNING fence_token`

// Lease is a claim and its deadline.
type Lease struct {
	until time.Time
}

// Valid reports whether the deadline has not passed, the deadline itself
// included.
func (l Lease) Valid() bool {
	now := time.Now()
	return l.until.After(now) || l.until.Equal(now)
}

// AtDeadline compares the deadline with the clock for equality alone.
func (l Lease) AtDeadline() bool { return l.until.Equal(time.Now()) }

// Covers compares the deadline with another time: no clock is read.
func (l Lease) Covers(t time.Time) bool { return l.until.After(t) || l.until.Equal(t) }

// Probes writes after the checks.
func Probes(ctx context.Context, db *sql.DB, l Lease, id int64, at time.Time) error {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, id, "w").Scan(&tok); err != nil {
		return err
	}
	if l.Valid() {
		db.ExecContext(ctx, `UPDATE jobs SET result = 'a' WHERE id = $1`, id) // finding: preflight
	}
	if !l.AtDeadline() {
		db.ExecContext(ctx, `UPDATE jobs SET result = 'b' WHERE id = $1`, id) // finding: unfenced
	}
	if l.Covers(at) {
		db.ExecContext(ctx, `UPDATE jobs SET result = 'c' WHERE id = $1`, id) // finding: unfenced
	}
	return nil
}

// Lists claims the tasks it selected by a list of placeholders, then
// writes them.
func Lists(ctx context.Context, db *sql.DB, names string) error {
	rows, err := db.QueryContext(ctx, `SELECT id FROM tasks WHERE claimed_at IS NULL LIMIT 10`)
	if err != nil {
		return err
	}
	var ids []any
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	n := len(ids)
	list := strings.Repeat("?,", n)[:2*n-1]
	db.ExecContext(ctx, fmt.Sprintf("UPDATE tasks SET claimed_at = ? WHERE id IN (%s)", list), append([]any{time.Now()}, ids...)...)
	db.ExecContext(ctx, fmt.Sprintf("UPDATE tasks SET result = 'x' WHERE id IN (%s)", list), ids...) // finding: unfenced
	ps := make([]string, 0, n)
	for i := range ids {
		ps = append(ps, "$"+strconv.Itoa(i+1))
	}
	db.ExecContext(ctx, "DELETE FROM tasks WHERE id IN ("+strings.Join(ps, ", ")+")", ids...) // finding: unfenced
	return nil
}

// Filled claims by a list the caller gives as text: no claim is
// recognised, so nothing is held.
func Filled(ctx context.Context, db *sql.DB, idList string) error {
	rows, err := db.QueryContext(ctx, `SELECT id FROM tasks WHERE claimed_at IS NULL LIMIT 10`)
	if err != nil {
		return err
	}
	rows.Close()
	db.ExecContext(ctx, fmt.Sprintf("UPDATE tasks SET claimed_at = ? WHERE id IN (%s)", idList), time.Now())
	db.ExecContext(ctx, fmt.Sprintf("UPDATE tasks SET result = 'x' WHERE id IN (%s)", idList))
	return nil
}
