// Package worker takes leases of package leases and writes after the
// checks that package makes.
package worker

import (
	"context"
	"database/sql"

	"preflight/leases"
)

// Run writes after checks made through package leases.
func Run(ctx context.Context, db *sql.DB, id int64) {
	l, err := leases.Acquire(ctx, "jobs")
	if err != nil {
		return
	}
	if l.Valid() {
		db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `after an ownership check`
	}
	leases.Finish(ctx, db, id, l) // want `call to leases.Finish writes jobs via \(\*sql\.DB\)\.ExecContext after an ownership check`
	if l.Remaining() > 0 {
		db.ExecContext(ctx, `UPDATE jobs SET state = 'late' WHERE id = $1`, id) // ok: Remaining is not a probe; reported by unfenced
	}
	leases.Save(ctx, db, id) // ok: no check; reported by unfenced
}

// Handle is a job handler: its context ends with the job's lease.
//
//fencecheck:handler
func Handle(ctx context.Context, db *sql.DB, id int64) {
	if leases.Alive(ctx) {
		db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `after an ownership check`
	}
}

// Plain checks a context that is not tied to the lease it takes.
func Plain(ctx context.Context, db *sql.DB, id int64) {
	if _, err := leases.Acquire(ctx, "jobs"); err != nil {
		return
	}
	if leases.Alive(ctx) {
		db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // ok: not a lease context; reported by unfenced
	}
}

// step keeps the context it runs under in a field.
type step struct {
	ctx context.Context
	db  *sql.DB
}

// finish checks the context it keeps, then writes.
func (s *step) finish(id int64) {
	if s.ctx.Err() != nil {
		return
	}
	s.db.ExecContext(s.ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `after an ownership check`
}

// HandleStep is a job handler that hands its context to a step, in a
// goroutine that runs another.
//
//fencecheck:handler
func HandleStep(ctx context.Context, db *sql.DB, id int64) {
	done := make(chan struct{})
	go func() {
		go func() {
			(&step{ctx: ctx, db: db}).finish(id)
			close(done)
		}()
	}()
	<-done
}

// other keeps a context that is not tied to the lease.
type other struct {
	ctx context.Context
	db  *sql.DB
}

// finish checks the context it keeps, then writes.
func (o *other) finish(id int64) {
	if o.ctx.Err() != nil {
		return
	}
	o.db.ExecContext(o.ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // ok: not a lease context; reported by unfenced
}

// PlainStep takes a lease and checks a background context.
func PlainStep(db *sql.DB, id int64) {
	if _, err := leases.Acquire(context.Background(), "jobs"); err != nil {
		return
	}
	(&other{ctx: context.Background(), db: db}).finish(id)
}
