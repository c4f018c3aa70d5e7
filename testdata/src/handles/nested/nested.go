// Package nested builds objects that carry the lease inside goroutines
// nested in goroutines, from captured variables.
package nested

import (
	"context"
	"database/sql"

	"interproc/leases"
)

// Msg is a message a handler is given.
type Msg struct{ ID int64 }

// Worker hands the writers it builds to code it does not know.
type Worker struct {
	db    *sql.DB
	out   func(*Writer)
	log   func(*Plain)
	rel   func(*Remote)
	built func(*Built)
}

// Writer is made only under a lease, from the message a handler was given.
type Writer struct {
	db *sql.DB
	id int64
}

// Done is called by whoever Worker.out hands the writer to.
func (w *Writer) Done(ctx context.Context) {
	w.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, w.id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
}

// Plain is made only under a lease, but from nothing of it.
type Plain struct {
	db *sql.DB
	id int64
}

// Done writes a row Plain names; no lease is known to be held when it runs.
func (p *Plain) Done(ctx context.Context) {
	p.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, p.id) // ok: a Plain carries nothing of the lease
}

// Remote is made only under a lease taken in another package, from the
// claimed job's id.
type Remote struct {
	db *sql.DB
	id int64
}

// Done is called by whoever Worker.rel hands the value to.
func (r *Remote) Done(ctx context.Context) {
	r.db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, r.id) // want `deletes from jobs under a lease without a fencing token`
}

// fixed is an id that comes from no lease.
var fixed int64 = 7

// Handle is run by a job queue under a lease.
//
//fencecheck:handler
func (wk *Worker) Handle(ctx context.Context, msg *Msg) error {
	go func() {
		go func() {
			wk.out(&Writer{db: wk.db, id: msg.ID})
			wk.log(&Plain{db: nil, id: fixed})
		}()
	}()
	return nil
}

// Claim takes a lease through another package, then builds a Remote two
// goroutines down.
func (wk *Worker) Claim(ctx context.Context) error {
	l, err := leases.Claim(ctx, wk.db, "nested")
	if err != nil {
		return err
	}
	go func() {
		go func() { wk.rel(&Remote{db: wk.db, id: l.JobID}) }()
	}()
	return nil
}

// Built is made by a constructor the handler calls with the message's
// id, and the sweeper calls with an id of its own.
type Built struct {
	db *sql.DB
	id int64
}

// newBuilt makes a Built.
func newBuilt(db *sql.DB, id int64) *Built { return &Built{db: db, id: id} }

// Done is called by whoever Worker.built hands the value to.
func (b *Built) Done(ctx context.Context) {
	b.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, b.id) // ok: a Built is also made from an id no lease gave
}

// HandleBuilt is run by a job queue under a lease.
//
//fencecheck:handler
func (wk *Worker) HandleBuilt(ctx context.Context, msg *Msg) error {
	go func() { wk.built(newBuilt(wk.db, msg.ID)) }()
	return nil
}

// Sweep builds one outside any lease.
func (wk *Worker) Sweep() { wk.built(newBuilt(wk.db, fixed)) }
