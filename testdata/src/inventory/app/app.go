// Package app claims jobs and writes under their lease: every kind of call
// the inventory lists.
package app

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"example.org/notify"
	"github.com/bsm/redislock"
	"inventory/helpers"
)

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '30 seconds', fence_token = fence_token + 1
	WHERE id = (SELECT id FROM jobs WHERE state = 'queued' ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
	RETURNING id, fence_token`

// Store is implemented elsewhere.
type Store interface {
	Put(ctx context.Context, id int64) error
}

// Run claims a job and writes under its lease.
func Run(ctx context.Context, db *sql.DB, r *helpers.Results, store Store, hook func(context.Context) error) error {
	var id, tok int64
	if err := db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok); err != nil { // want `lease scope: lease taken here by \(\*sql\.DB\)\.QueryRowContext`
		return err
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1`, id, "r")                                        // want `^\(\*sql\.DB\)\.ExecContext updates jobs: reported \(unfenced\): nothing conditions the write on the lease`
	res, err := db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token <= $3`, id, "r", tok) // want `updates jobs: fenced: the sink compares the token in the statement \(fence_token <= \$3\) \(the token is tok\), and the rejection is checked`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	db.ExecContext(ctx, `UPDATE jobs SET note = 'x' WHERE id = $1 AND state = 'running'`, id) // want `reported \(weakguard\): its guard does not fence: it checks state`
	r.SaveFenced(ctx, id, "r", tok)                                                           // want `^call to \(\*helpers\.Results\)\.SaveFenced: fenced: via \(\*sql\.DB\)\.ExecContext at helpers\.go:\d+: the sink compares the token in the statement \(results\.fence_token < EXCLUDED\.fence_token\)`
	r.Annotate(ctx, id, map[string]string{"a": "b"})                                          // want `unjudged: .*at helpers\.go:\d+: the SQL text is built at run time \(returned by \(\*strings\.Builder\)\.String\)`
	r.Record(ctx, id)                                                                         // want `unjudged: via \(\*helpers\.Results\)\.Annotate → \(\*sql\.DB\)\.ExecContext at helpers\.go`
	r.Audit(ctx, id, "done")                                                                  // want `notwrite: .*an INSERT of a new row into audit appends`
	db.ExecContext(ctx, query(id))                                                            // want `^call to \(\*sql\.DB\)\.ExecContext: unjudged: the SQL text is built at run time`
	db.ExecContext(ctx, `DELETE FROM results WHERE created_at < now() - interval '30 days'`)  // want `cleanup: a cleanup of rows of results selected by age alone`
	hook(ctx)                                                                                 // want `^call to a function value: unjudged: the function value's body is not known here`
	store.Put(ctx, id)                                                                        // want `^call to \(app\.Store\)\.Put: unjudged: no implementation of \(app\.Store\)\.Put is visible here`
	notify.Send(ctx, "ops", "done")                                                           // want `^call to notify\.Send: unjudged: example\.org/notify is outside the analysed module, not in the catalogue, and exported no facts`
	archive(ctx, db, id)                                                                      // want `^call to app\.archive: idempotent: calls app\.archive, marked //fencecheck:idempotent archiving twice keeps one copy`
	return finish(ctx, db, id)
}

// Notify sends under a lease through an interface of another module.
func Notify(ctx context.Context, db *sql.DB, s notify.Sender) error {
	var id, tok int64
	if err := db.QueryRowContext(ctx, claimSQL, "w3").Scan(&id, &tok); err != nil { // want `lease scope: lease taken here by \(\*sql\.DB\)\.QueryRowContext`
		return err
	}
	return s.Send(ctx, "ops", "claimed") // want `^call to \(notify\.Sender\)\.Send: unjudged: its implementations \(\(notify\.Client\)\.Send …\) are outside the analysed module, not in the catalogue, and exported no facts$`
}

// finish runs under Run's lease.
func finish(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `^\(\*sql\.DB\)\.ExecContext updates jobs: reported \(unfenced\)`
	return err
}

// query builds a statement at run time.
func query(id int64) string {
	var b strings.Builder
	b.WriteString("UPDATE jobs SET seen = true WHERE id = ")
	b.WriteString(strings.Repeat("9", int(id%3)))
	return b.String()
}

// archive copies the job.
//
//fencecheck:idempotent archiving twice keeps one copy
func archive(ctx context.Context, db *sql.DB, id int64) {
	db.ExecContext(ctx, `UPDATE jobs SET archived = true WHERE id = $1`, id)
}

// Refresh rebuilds a cache under a lease.
//
//fencecheck:handler
//fencecheck:idempotent the cache is rebuilt from the source of truth
func Refresh(ctx context.Context, db *sql.DB) { // want `^lease scope: handler Refresh runs under a lease$`
	db.ExecContext(ctx, `UPDATE cache SET v = 1 WHERE k = 'a'`) // want `idempotent: in app\.Refresh, marked //fencecheck:idempotent the cache is rebuilt from the source of truth`
}

// Locked writes in the transaction that holds the row lock.
func Locked(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT n FROM counters WHERE id = $1 FOR UPDATE`, 1).Scan(&n); err != nil { // want `lease scope: lease taken here by \(\*sql\.Tx\)\.QueryRowContext`
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE counters SET n = $2 WHERE id = $1`, 1, n+1); err != nil { // want `^\(\*sql\.Tx\)\.ExecContext updates counters: lock: it runs on tx, the transaction or session that holds the lock \(taken by \(\*sql\.Tx\)\.QueryRowContext\)`
		return err
	}
	return tx.Commit()
}

// Peek claims a job and returns it: its scope holds no write.
func Peek(ctx context.Context, db *sql.DB) (int64, error) {
	var id, tok int64
	err := db.QueryRowContext(ctx, claimSQL, "w2").Scan(&id, &tok) // want `lease scope: lease taken here by \(\*sql\.DB\)\.QueryRowContext`
	return id, err
}

// Publish writes under a Redis lock taken by key.
func Publish(ctx context.Context, rc redislock.RedisClient, db *sql.DB) error {
	l, err := redislock.Obtain(ctx, rc, "lock/reports", time.Minute, nil) // want `lease scope: lease taken here by redislock\.Obtain`
	if err != nil {
		return err
	}
	defer l.Release(ctx)
	_, err = db.ExecContext(ctx, `UPDATE reports SET published = true WHERE id = 1`) // want `reported \(unfenced\)`
	return err
}
