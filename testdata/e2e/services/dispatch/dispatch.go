// Package dispatch claims jobs in one goroutine and hands them to workers
// over a channel.
package dispatch

import (
	"context"
	"database/sql"
	"errors"
)

// ErrStale reports that a newer claim wrote first.
var ErrStale = errors.New("dispatch: stale fencing token")

type claimed struct {
	id, token int64
}

// Dispatcher claims jobs and feeds its workers.
type Dispatcher struct {
	db   *sql.DB
	work chan claimed
}

// New returns a dispatcher.
func New(db *sql.DB) *Dispatcher { return &Dispatcher{db: db, work: make(chan claimed)} }

// Run starts the workers and polls for jobs.
func (d *Dispatcher) Run(ctx context.Context, workers int) {
	for i := 0; i < workers; i++ {
		go d.process(ctx)
	}
	d.poll(ctx)
}

// poll claims jobs and sends them to the workers.
func (d *Dispatcher) poll(ctx context.Context) {
	for {
		var c claimed
		err := d.db.QueryRowContext(ctx, `UPDATE jobs SET lease_until = now() + interval '30s',
			fence_token = fence_token + 1
			WHERE id = (SELECT id FROM jobs WHERE lease_until < now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING id, fence_token`).Scan(&c.id, &c.token)
		if err != nil {
			return
		}
		d.work <- c
	}
}

// process handles claimed jobs.
func (d *Dispatcher) process(ctx context.Context) {
	for c := range d.work {
		if _, err := d.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, c.id); err != nil { // finding: unfenced
			continue
		}
		_ = d.finish(ctx, c)
	}
}

// finish stores the result with the claim's token.
func (d *Dispatcher) finish(ctx context.Context, c claimed) error {
	res, err := d.db.ExecContext(ctx, `UPDATE jobs SET result = 'ok', fence_token = $2
		WHERE id = $1 AND fence_token <= $2`, c.id, c.token) // ok: fenced and checked (inventory: fenced)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return ErrStale
	}
	return nil
}

// Notifier sends ids on a channel that code without a lease sends on too.
type Notifier struct {
	db     *sql.DB
	events chan int64
}

// Claimed announces a claimed job.
func (n *Notifier) Claimed(ctx context.Context) error {
	var id int64
	if err := n.db.QueryRowContext(ctx, `UPDATE jobs SET lease_until = now() + interval '30s',
		fence_token = fence_token + 1 WHERE id = 1 RETURNING id`).Scan(&id); err != nil {
		return err
	}
	n.events <- id
	return nil
}

// Manual announces an id nobody claimed.
func (n *Notifier) Manual(id int64) { n.events <- id }

// Listen records every announced id.
func (n *Notifier) Listen(ctx context.Context) {
	for id := range n.events {
		_, _ = n.db.ExecContext(ctx, `UPDATE jobs SET announced = true WHERE id = $1`, id) // ok: the channel also carries ids sent without a lease (inventory: unscoped)
	}
}
