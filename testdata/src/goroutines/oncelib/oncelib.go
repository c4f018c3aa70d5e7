// Package oncelib has a pool whose flusher starts once, and a per-call
// writer, both for callers in other packages.
package oncelib

import (
	"context"
	"database/sql"
	"sync/atomic"
)

// Pool flushes for all of its users.
type Pool struct {
	db      *sql.DB
	running int32
}

// Ensure starts the pool's flusher unless it runs.
func (p *Pool) Ensure(ctx context.Context) {
	if atomic.CompareAndSwapInt32(&p.running, 0, 1) {
		go p.flush(ctx)
	}
}

// flush runs for the whole pool.
func (p *Pool) flush(ctx context.Context) {
	p.db.ExecContext(ctx, `UPDATE buffers SET flushed_at = now() WHERE id = 1`)
}

// Kick starts a write for the caller's job.
func (p *Pool) Kick(ctx context.Context, id int64) {
	go p.mark(ctx, id)
}

// mark writes the caller's job.
func (p *Pool) mark(ctx context.Context, id int64) {
	p.db.ExecContext(ctx, `UPDATE jobs SET state = 'kicked' WHERE id = $1`, id)
}
