// Package app passes stream's options where queue's are wanted, and
// writes under a lease without a fencing token.
package app

import (
	"context"
	"database/sql"

	"example.com/definediface/queue"
	"example.com/definediface/stream"
)

// Options mixes both packages' options.
func Options() []queue.ReaderOption {
	var named queue.ReaderOption = stream.WithName("jobs")
	var back stream.ConsumerOption = named
	return []queue.ReaderOption{named, queue.WithBatch(10), back, stream.WithBatch(5)}
}

// Run claims a job and writes its result without the token.
func Run(ctx context.Context, db *sql.DB, id int64) int {
	r := queue.NewReader(Options()...)
	var tok int64
	if err := db.QueryRowContext(ctx, `UPDATE jobs SET locked_by = 'w', lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $1 RETURNING fence_token`, id).Scan(&tok); err != nil {
		return 0
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // finding: unfenced
	return r.Batch()
}
