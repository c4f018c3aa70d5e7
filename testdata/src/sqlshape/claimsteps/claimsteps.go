// Package claimsteps offers the two steps of a claim as separate methods:
// one selects stale tasks, the other marks tasks taken by a worker. Their
// facts say so, for the callers that compose them.
package claimsteps

import (
	"context"
	"database/sql"
	"time"
)

// Task is a unit of work.
type Task struct {
	ID      int64
	Payload string
}

// Store keeps tasks.
type Store struct{ db *sql.DB }

// FindStale selects tasks whose heartbeat is older than a minute.
func (s *Store) FindStale(ctx context.Context) ([]Task, error) { // want FindStale:`fence:free\(tasks\.heartbeat_at\)`
	rows, err := s.db.QueryContext(ctx, `SELECT id, payload FROM tasks WHERE heartbeat_at < $1 LIMIT 20`, time.Now().Add(-time.Minute))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Task
	for rows.Next() {
		var t Task
		if err := rows.Scan(&t.ID, &t.Payload); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// array passes a slice of keys to the driver.
func array(ids []int64) any { return ids }

// Take marks tasks taken by worker.
func (s *Store) Take(ctx context.Context, worker string, ids []int64) error { // want Take:`fence:writes\(\(\*sql\.DB\)\.ExecContext tasks\),at\(claimsteps\.go:\d+\),marks\(tasks\.heartbeat_at,tasks\.worker;key=2\)`
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET worker = $1, heartbeat_at = now() WHERE id = ANY($2)`, worker, array(ids))
	return err
}

// Watch marks audit rows watched by worker.
func (s *Store) Watch(ctx context.Context, worker string, ids []int64) error { // want Watch:`fence:writes\(\(\*sql\.DB\)\.ExecContext audit\),at\(claimsteps\.go:\d+\),marks\(audit\.heartbeat_at,audit\.worker;key=2\)`
	_, err := s.db.ExecContext(ctx, `UPDATE audit SET worker = $1, heartbeat_at = now() WHERE id = ANY($2)`, worker, array(ids))
	return err
}

// Complete stores a task's result.
func (s *Store) Complete(ctx context.Context, id int64, result string) error { // want Complete:`fence:writes\(\(\*sql\.DB\)\.ExecContext tasks\)`
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET result = $1 WHERE id = $2`, result, id)
	return err
}
