package store

import (
	"context"
	"database/sql"
	"time"
)

// FindStale selects jobs whose claim is older than five minutes, the first
// step of a claim its caller completes with Take.
func FindStale(ctx context.Context, db *sql.DB) ([]int64, error) {
	rows, err := db.QueryContext(ctx, `SELECT id FROM jobs WHERE claimed_at IS NULL OR claimed_at < $1 LIMIT 10`, time.Now().Add(-5*time.Minute))
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

// Take marks jobs claimed now.
func Take(ctx context.Context, db *sql.DB, ids []int64) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET claimed_at = now() WHERE id = ANY($1)`, ids)
	return err
}
