// Package pgqueue claims jobs on PostgreSQL. It is kept apart from the
// store so the store's writes are summarised in facts rather than reported
// as a queue library's own API.
package pgqueue

import (
	"context"
	"database/sql"

	"ifaces/ports"
)

// Queue claims jobs with a claim UPDATE.
type Queue struct{ DB *sql.DB }

// Next claims the next job.
func (q *Queue) Next(ctx context.Context) (ports.Job, error) { // want Next:`fence:acquire,claims\(fence_token,locked_by,locked_until\)`
	var j ports.Job
	err := q.DB.QueryRowContext(ctx, `UPDATE jobs SET locked_by = 'w', locked_until = now() + interval '1 minute', fence_token = fence_token + 1
		WHERE id = (SELECT id FROM jobs WHERE locked_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, fence_token`).Scan(&j.ID, &j.Token)
	return j, err
}
