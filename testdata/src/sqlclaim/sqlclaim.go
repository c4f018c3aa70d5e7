// Package sqlclaim exercises database/sql claims and writes.
package sqlclaim

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '30 seconds', fence_token = fence_token + 1
	WHERE id = (SELECT id FROM jobs WHERE state = 'queued' ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
	RETURNING id, fence_token`

// claim takes a job's lease and returns its id and token.
func claim(ctx context.Context, db *sql.DB, worker string) (id, tok int64, err error) {
	err = db.QueryRowContext(ctx, claimSQL, worker).Scan(&id, &tok)
	return id, tok, err
}

// Unfenced writes the result with no token predicate.
func Unfenced(ctx context.Context, db *sql.DB) error {
	var id, tok int64
	if err := db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1`, id, "done") // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token \(a worker that lost the lease can overwrite newer state\)`
	return err
}

// Fenced writes the result with a token predicate: ok.
func Fenced(ctx context.Context, db *sql.DB) error {
	var id, tok int64
	if err := db.QueryRowContext(ctx, claimSQL, "w1").Scan(&id, &tok); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token <= $3`, id, "done", tok) // ok: guarded by token compare
	return err
}

// ViaLocalClaim uses a claim helper of the same package.
func ViaLocalClaim(ctx context.Context, db *sql.DB) error {
	id, tok, err := claim(ctx, db, "w2")
	if err != nil {
		db.Exec(`UPDATE jobs SET attempts = attempts + 1 WHERE id = $1`, id) // ok: the claim failed, no lease is held
		return err
	}
	db.Exec(`DELETE FROM results WHERE job_id = $1`, id) // want `\(\*sql\.DB\)\.Exec deletes from results under a lease without a fencing token`
	db.Exec(`DELETE FROM results WHERE job_id = $1 AND fence_token < $2`, id, tok) // ok: guarded by token compare
	return nil
}

// Placeholders covers each placeholder style, guarded and not.
func Placeholders(ctx context.Context, db *sql.DB, tok int64) {
	id, _, _ := claim(ctx, db, "w3")
	db.Exec(`UPDATE jobs SET result = ? WHERE id = ?`, "r", id)                         // want `updates jobs under a lease`
	db.Exec(`UPDATE jobs SET result = ? WHERE id = ? AND fence_token <= ?`, "r", id, tok) // ok: guarded by token compare
	db.Exec(`UPDATE jobs SET result = ?1 WHERE id = ?2`, "r", id)                       // want `updates jobs under a lease`
	db.Exec(`UPDATE jobs SET result = ?1 WHERE id = ?2 AND ?3 >= fence_token`, "r", id, tok) // ok: guarded by token compare
	db.Exec(`UPDATE jobs SET result = :r WHERE id = :id`, sql.Named("r", "r"), sql.Named("id", id)) // want `updates jobs under a lease`
	db.Exec(`UPDATE jobs SET result = :r WHERE id = :id AND fence_token < :tok`, sql.Named("r", "r"), sql.Named("id", id), sql.Named("tok", tok)) // ok: guarded by token compare
	db.Exec(`UPDATE jobs SET result = @r WHERE id = @id`, sql.Named("r", "r"), sql.Named("id", id)) // want `updates jobs under a lease`
	db.Exec(`UPDATE jobs SET result = @r WHERE id = @id AND fence_token < @tok`, sql.Named("r", "r"), sql.Named("id", id), sql.Named("tok", tok)) // ok: guarded by token compare
}

// Upserts covers ON CONFLICT and ON DUPLICATE KEY.
func Upserts(ctx context.Context, db *sql.DB) {
	id, tok, _ := claim(ctx, db, "w4")
	db.Exec(`INSERT INTO results (job_id, body) VALUES ($1, $2) ON CONFLICT (job_id) DO UPDATE SET body = EXCLUDED.body`, id, "b") // want `\(\*sql\.DB\)\.Exec upserts into results under a lease`
	db.Exec(`INSERT INTO results (job_id, body, fence_token) VALUES ($1, $2, $3)
		ON CONFLICT (job_id) DO UPDATE SET body = EXCLUDED.body, fence_token = EXCLUDED.fence_token
		WHERE results.fence_token < EXCLUDED.fence_token`, id, "b", tok) // ok: guarded by token compare
	db.Exec(`INSERT INTO results (job_id, body) VALUES (?, ?) ON DUPLICATE KEY UPDATE body = VALUES(body)`, id, "b") // want `upserts into results under a lease`
	db.Exec(`INSERT INTO results (job_id, body, fence_token) VALUES (?, ?, ?)
		ON DUPLICATE KEY UPDATE body = IF(VALUES(fence_token) >= fence_token, VALUES(body), body)`, id, "b", tok) // ok: guarded by token compare
	db.Exec(`INSERT INTO events (job_id, kind) VALUES ($1, 'done')`, id)                           // ok: a plain insert appends
	db.Exec(`INSERT INTO results (job_id) VALUES ($1) ON CONFLICT (job_id) DO NOTHING`, id)       // ok: cannot overwrite
}

// Sprintf builds the statement with a constant format.
func Sprintf(ctx context.Context, db *sql.DB, table string) {
	id, tok, _ := claim(ctx, db, "w5")
	db.Exec(fmt.Sprintf("UPDATE %s SET result = $2 WHERE id = $1", table), id, "r")                          // want `\(\*sql\.DB\)\.Exec updates under a lease without a fencing token`
	db.Exec(fmt.Sprintf("UPDATE %s SET result = $2 WHERE id = $1 AND fence_token <= $3", table), id, "r", tok) // ok: guarded by token compare
	db.Exec("UPDATE jobs SET result = $2 "+"WHERE id = $1", id, "r")                                      // want `updates jobs under a lease`
	db.Exec(fmt.Sprintf("UPDATE jobs SET %s = $2 WHERE id = $1 AND fence_token <= %d", "result", 3), id, "r") // ok: a constant token is the weakguard rule's business
}

// Unresolvable text is not guessed at.
func Unresolvable(ctx context.Context, db *sql.DB, query string) {
	claim(ctx, db, "w6")
	db.Exec(query, 1) // ok: the text is not known statically
}

// Released writes after releasing the lease.
func Released(ctx context.Context, db *sql.DB) {
	id, _, _ := claim(ctx, db, "w7")
	db.Exec(`UPDATE jobs SET state = 'done', locked_by = NULL, lease_until = NULL WHERE id = $1`, id) // want `updates jobs under a lease`
	db.Exec(`UPDATE stats SET done = done + 1 WHERE id = 1`)                                       // ok: the lease was released above
}

// StateOnly checks state, which does not fence: the weakguard rule's business.
func StateOnly(ctx context.Context, db *sql.DB) {
	id, _, _ := claim(ctx, db, "w8")
	db.Exec(`UPDATE jobs SET result = $2 WHERE id = $1 AND state = 'running'`, id, "r") // ok: reported by weakguard, not unfenced
}

// OwnerEquality compares the column the claim set: an owner-token check.
func OwnerEquality(ctx context.Context, db *sql.DB) {
	id, _, _ := claim(ctx, db, "w9")
	db.Exec(`UPDATE jobs SET result = $2 WHERE id = $1 AND locked_by = $3`, id, "r", "w9") // ok: owner-token equality on a column the claim set
}

// CRUD runs without any lease.
func CRUD(ctx context.Context, db *sql.DB) {
	db.Exec(`UPDATE users SET name = $2 WHERE id = $1`, 1, "n") // ok: no lease is held
	db.Exec(`DELETE FROM sessions WHERE id = $1`, 2)            // ok: no lease is held
}

var mu sync.Mutex

// Mutex holds an in-process lock, which is not a lease.
func Mutex(ctx context.Context, db *sql.DB) {
	mu.Lock()
	defer mu.Unlock()
	db.Exec(`UPDATE counters SET n = n + 1 WHERE id = $1`, 1) // ok: sync.Mutex is not a lease
}

// Prepared statements carry their text.
func Prepared(ctx context.Context, db *sql.DB) {
	id, tok, _ := claim(ctx, db, "w10")
	stmt, _ := db.PrepareContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1`)
	stmt.ExecContext(ctx, id, "r") // want `\(\*sql\.Stmt\)\.ExecContext updates jobs under a lease`
	guarded, _ := db.Prepare(`UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token <= $3`)
	guarded.Exec(id, "r", tok) // ok: guarded by token compare
}

// Closure writes inside a function literal created under the lease.
func Closure(ctx context.Context, db *sql.DB) {
	id, _, _ := claim(ctx, db, "w11")
	save := func() {
		db.Exec(`UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `updates jobs under a lease`
	}
	save()
}

// svc runs its SQL through small wrappers that take the text as a parameter.
type svc struct{ db *sql.DB }

func (s *svc) exec(ctx context.Context, q string, args ...any) error {
	_, err := s.db.ExecContext(ctx, q, args...) // ok: the text is the caller's; calls are judged at the call
	return err
}

func (s *svc) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return s.db.QueryRowContext(ctx, q, args...)
}

// Wrapped claims and writes through the wrappers.
func (s *svc) Wrapped(ctx context.Context) error {
	var id, tok int64
	if err := s.queryRow(ctx, claimSQL, "w12").Scan(&id, &tok); err != nil {
		return err
	}
	if err := s.exec(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id); err != nil { // want `\(\*sqlclaim\.svc\)\.exec updates jobs under a lease without a fencing token`
		return err
	}
	return s.exec(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token <= $2`, id, tok) // ok: guarded by token compare
}

// NotWrappedLease writes through the wrapper with no lease.
func (s *svc) NotWrappedLease(ctx context.Context) error {
	return s.exec(ctx, `UPDATE users SET seen = now() WHERE id = $1`, 1) // ok: no lease is held
}
