// Package composed claims rows in two steps that sit in two functions of
// the package: one selects free or expired rows and returns their keys,
// the other marks rows claimed by key. The caller that runs both in order,
// with the selected keys, holds the lease after the marking call.
package composed

import (
	"context"
	"database/sql"
	"time"
)

// findFree selects tasks nobody holds, or whose claim expired.
func findFree(ctx context.Context, db *sql.DB) ([]int64, error) {
	rows, err := db.QueryContext(ctx, `SELECT id FROM tasks WHERE claimed_at IS NULL OR claimed_at < $1 LIMIT 10`, time.Now().Add(-5*time.Minute))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// markClaimed marks tasks claimed now.
func markClaimed(ctx context.Context, db *sql.DB, ids []int64) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET claimed_at = now() WHERE id = ANY($1)`, ids)
	return err
}

// markAudits marks audit rows with the same column.
func markAudits(ctx context.Context, db *sql.DB, ids []int64) error {
	_, err := db.ExecContext(ctx, `UPDATE audit SET claimed_at = now() WHERE id = ANY($1)`, ids)
	return err
}

// Run selects free tasks, marks them claimed, then writes their results.
func Run(ctx context.Context, db *sql.DB) error {
	ids, err := findFree(ctx, db)
	if err != nil {
		return err
	}
	if err := markClaimed(ctx, db, ids); err != nil { // ok: the claim itself
		db.ExecContext(ctx, `UPDATE workers SET idle = idle + 1`) // ok: the claim failed
		return err
	}
	for _, id := range ids {
		db.ExecContext(ctx, `UPDATE tasks SET result = 'x' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates tasks under a lease without a fencing token`
	}
	return nil
}

// RunCopied copies the selected keys into a slice of its own first.
func RunCopied(ctx context.Context, db *sql.DB) error {
	free, err := findFree(ctx, db)
	if err != nil {
		return err
	}
	ids := make([]int64, len(free))
	for i, id := range free {
		ids[i] = id
	}
	if err := markClaimed(ctx, db, ids); err != nil {
		return err
	}
	db.ExecContext(ctx, `DELETE FROM tasks WHERE id = ANY($1)`, ids) // want `\(\*sql\.DB\)\.ExecContext deletes from tasks under a lease without a fencing token`
	return nil
}

// OtherTable selects free tasks but marks audit rows: no claim.
func OtherTable(ctx context.Context, db *sql.DB) error {
	ids, err := findFree(ctx, db)
	if err != nil {
		return err
	}
	markAudits(ctx, db, ids)
	db.ExecContext(ctx, `UPDATE tasks SET result = 'x' WHERE id = ANY($1)`, ids) // ok: no lease is held
	return nil
}

// MarkOnly marks rows it did not select: no claim.
func MarkOnly(ctx context.Context, db *sql.DB, ids []int64) error {
	if err := markClaimed(ctx, db, ids); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE tasks SET result = 'x' WHERE id = ANY($1)`, ids) // ok: no lease is held
	return nil
}

// OtherKeys selects free tasks but marks the keys it was given: no claim.
func OtherKeys(ctx context.Context, db *sql.DB, ids []int64) error {
	if _, err := findFree(ctx, db); err != nil {
		return err
	}
	markClaimed(ctx, db, ids)
	db.ExecContext(ctx, `UPDATE tasks SET result = 'x' WHERE id = ANY($1)`, ids) // ok: no lease is held
	return nil
}

// findStuck selects running tasks whose claim expired and that have not
// failed yet.
func findStuck(ctx context.Context, db *sql.DB) ([]int64, error) {
	rows, err := db.QueryContext(ctx, `SELECT id FROM tasks WHERE failed_at IS NULL AND claimed_at < $1`, time.Now().Add(-time.Hour))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	return ids, nil
}

// markFailed marks tasks failed now.
func markFailed(ctx context.Context, db *sql.DB, ids []int64) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET failed_at = now(), state = 'failed' WHERE id = ANY($1)`, ids)
	return err
}

// Reap marks stuck tasks failed: it sets no column the selection tested
// for a lease, so it claims nothing.
func Reap(ctx context.Context, db *sql.DB) error {
	ids, err := findStuck(ctx, db)
	if err != nil {
		return err
	}
	markFailed(ctx, db, ids)
	db.ExecContext(ctx, `UPDATE tasks SET note = 'reaped' WHERE id = ANY($1)`, ids) // ok: no lease is held
	return nil
}
