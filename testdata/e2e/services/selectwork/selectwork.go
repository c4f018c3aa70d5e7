// Package selectwork claims jobs, hands them to workers that receive in a
// select, and builds result writers two goroutines down.
package selectwork

import (
	"context"
	"database/sql"

	"github.com/redis/go-redis/v9"
)

// Pool claims jobs and feeds its workers.
type Pool struct {
	db    *sql.DB
	rdb   *redis.Client
	tasks chan int64
	hints chan int64
	out   func(*Result)
}

// New returns a pool.
func New(db *sql.DB, rdb *redis.Client, out func(*Result)) *Pool {
	return &Pool{db: db, rdb: rdb, tasks: make(chan int64), hints: make(chan int64), out: out}
}

// Claim claims one job and sends it to the workers.
func (p *Pool) Claim(ctx context.Context) error {
	var id int64
	if err := p.db.QueryRowContext(ctx, `UPDATE jobs SET lease_until = now() + interval '30s'
		WHERE id = (SELECT id FROM jobs WHERE lease_until < now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id); err != nil {
		return err
	}
	p.tasks <- id
	go func() {
		go func() { p.out(&Result{rdb: p.rdb, id: id}) }()
	}()
	return nil
}

// Hint sends a job id with no lease.
func (p *Pool) Hint(id int64) { p.hints <- id }

// Work receives claimed jobs, and hints, in a select.
func (p *Pool) Work(ctx context.Context) {
	for {
		select {
		case id := <-p.tasks:
			p.db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id) // finding: unfenced
		case id := <-p.hints:
			p.db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id) // ok: hints are sent outside any lease
		case <-ctx.Done():
			return
		}
	}
}

// Result is made only under the lease, with the claimed job's id.
type Result struct {
	rdb *redis.Client
	id  int64
}

// Store is called by whoever the pool hands the result to.
func (r *Result) Store(ctx context.Context, v string) error {
	return r.rdb.Set(ctx, "result", v, 0).Err() // finding: unfenced
}
