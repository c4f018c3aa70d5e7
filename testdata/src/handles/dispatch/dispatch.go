// Package dispatch claims jobs and hands them to workers over channels.
package dispatch

import (
	"context"
	"database/sql"

	"interproc/leases"
)

// Dispatcher claims jobs and sends them to its workers.
type Dispatcher struct {
	db    *sql.DB
	jobs  chan int64
	audit chan int64
}

// Dispatch claims one job (a lease from another package) and sends it on.
func (d *Dispatcher) Dispatch(ctx context.Context) error {
	l, err := leases.Claim(ctx, d.db, "dispatcher")
	if err != nil {
		return err
	}
	d.jobs <- l.JobID
	d.audit <- l.JobID
	return nil
}

// Requeue sends on the audit channel without any lease.
func (d *Dispatcher) Requeue(id int64) {
	d.audit <- id
}

// Work processes the jobs the dispatcher claimed: every send on jobs runs
// under a lease, so each received job is processed under it.
func (d *Dispatcher) Work(ctx context.Context) {
	for id := range d.jobs {
		d.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
		d.finish(ctx, id)
	}
	d.db.ExecContext(ctx, `UPDATE workers SET idle = true WHERE id = 1`) // ok: the channel is closed, nothing is held
}

// finish is called for each received job.
func (d *Dispatcher) finish(ctx context.Context, id int64) {
	d.db.ExecContext(ctx, `UPDATE results SET final = true WHERE job_id = $1`, id) // want `updates results under a lease`
}

// Audit receives from a channel that is also sent on outside any lease.
func (d *Dispatcher) Audit(ctx context.Context) {
	for id := range d.audit {
		d.db.ExecContext(ctx, `UPDATE audit SET seen = true WHERE job_id = $1`, id) // ok: audit is also sent on outside any lease
	}
}

// Pool claims a job and hands it to a worker goroutine over a local
// channel.
func Pool(ctx context.Context, db *sql.DB) error {
	ch := make(chan int64)
	go consume(ctx, db, ch)
	defer close(ch)
	var id int64
	if err := db.QueryRowContext(ctx, `UPDATE jobs SET locked_by = 'pool', locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM jobs WHERE locked_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id); err != nil {
		return err
	}
	ch <- id
	return nil
}

// consume processes what Pool sends.
func consume(ctx context.Context, db *sql.DB, ch <-chan int64) {
	for id := range ch {
		db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `updates jobs under a lease`
	}
}

// Mixed sends on a local channel before claiming anything, and after.
func Mixed(ctx context.Context, db *sql.DB) error {
	ch := make(chan int64, 2)
	go func() {
		for id := range ch {
			db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // ok: the channel is also sent on outside any lease
		}
	}()
	ch <- 0
	l, err := leases.Claim(ctx, db, "mixed")
	if err != nil {
		return err
	}
	ch <- l.JobID
	close(ch)
	return nil
}

// Closure hands claimed jobs to a goroutine that captures the channel.
func Closure(ctx context.Context, db *sql.DB) error {
	ch := make(chan int64, 1)
	go func() {
		id := <-ch
		db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `updates jobs under a lease`
	}()
	l, err := leases.Claim(ctx, db, "closure")
	if err != nil {
		return err
	}
	ch <- l.JobID
	return nil
}

// Selector claims jobs (a lease from another package) and hands them to a
// worker that receives in a select.
type Selector struct {
	db    *sql.DB
	tasks chan int64
	mixed chan int64
}

// Claim claims one job and sends it on both channels.
func (s *Selector) Claim(ctx context.Context) error {
	l, err := leases.Claim(ctx, s.db, "selector")
	if err != nil {
		return err
	}
	s.tasks <- l.JobID
	select {
	case s.mixed <- l.JobID:
	case <-ctx.Done():
	}
	return nil
}

// Nudge sends on mixed without any lease.
func (s *Selector) Nudge() { s.mixed <- 0 }

// Work receives claimed jobs in a select with a way out.
func (s *Selector) Work(ctx context.Context) {
	for {
		select {
		case id := <-s.tasks:
			s.db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext deletes from jobs under a lease without a fencing token`
		case id := <-s.mixed:
			s.db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id) // ok: mixed is also sent on outside any lease
		case <-ctx.Done():
			s.db.ExecContext(ctx, `UPDATE workers SET idle = true WHERE id = 1`) // ok: this case received nothing
			return
		}
	}
}

// Exported is a channel code outside the package may send on.
type Exported struct {
	DB    *sql.DB
	Tasks chan int64
}

// Claim claims one job and sends it.
func (e *Exported) Claim(ctx context.Context) error {
	l, err := leases.Claim(ctx, e.DB, "exported")
	if err != nil {
		return err
	}
	e.Tasks <- l.JobID
	return nil
}

// Work receives from the exported channel.
func (e *Exported) Work(ctx context.Context) {
	select {
	case id := <-e.Tasks:
		e.DB.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id) // ok: anyone may send on Tasks
	case <-ctx.Done():
	}
}
