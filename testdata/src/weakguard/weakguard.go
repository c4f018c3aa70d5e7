// Package weakguard has guards that do not fence.
package weakguard

import (
	"context"
	"database/sql"
	"math/rand"
	"time"

	"github.com/google/uuid"

	"weakguard/helpers"
)

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $2 RETURNING fence_token`

const (
	upsertWrongWay = `INSERT INTO results (job_id, fence_token) VALUES ($1, $2)
		ON CONFLICT (job_id) DO UPDATE SET fence_token = EXCLUDED.fence_token
		WHERE EXCLUDED.fence_token < results.fence_token`
	upsertRightWay = `INSERT INTO results (job_id, fence_token) VALUES ($1, $2)
		ON CONFLICT (job_id) DO UPDATE SET fence_token = EXCLUDED.fence_token
		WHERE results.fence_token < EXCLUDED.fence_token`
)

func claim(ctx context.Context, db *sql.DB, id int64) (int64, error) {
	var tok int64
	err := db.QueryRowContext(ctx, claimSQL, "me", id).Scan(&tok)
	return tok, err
}

// check keeps results from being reported as unchecked.
func check(r sql.Result, err error) {
	if n, _ := r.RowsAffected(); n == 0 {
		panic("stale")
	}
}

// WrongWay compares in the direction that accepts older tokens.
func WrongWay(ctx context.Context, db *sql.DB, id int64) {
	tok, _ := claim(ctx, db, id)
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token > $2`, id, tok))  // want `\(\*sql\.DB\)\.ExecContext updates jobs with a guard that does not fence: fence_token > \$2 accepts older tokens`
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND $2 < fence_token`, id, tok))  // want `accepts older tokens`
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token <= $2`, id, tok)) // ok: right direction
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND $2 >= fence_token`, id, tok)) // ok: right direction, mirrored
	check(db.ExecContext(ctx, upsertWrongWay, id, tok)) // want `EXCLUDED\.fence_token < results\.fence_token accepts older tokens`
	check(db.ExecContext(ctx, upsertRightWay, id, tok)) // ok: right direction
}

// Constant compares with a constant token.
func Constant(ctx context.Context, db *sql.DB, id int64) {
	claim(ctx, db, id)
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token < 100`, id)) // want `the token is a constant`
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token < $2`, id, 7)) // want `the token is a constant`
}

// NotFromClaim uses tokens the claim did not issue.
func NotFromClaim(ctx context.Context, db *sql.DB, id int64) {
	claim(ctx, db, id)
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token < $2`, id, time.Now().UnixNano())) // want `the token comes from the clock`
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token < $2`, id, rand.Int63()))          // want `the token is random`
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND owner_token = $2`, id, uuid.NewString()))     // want `the token is random`
}

// Separate reads the token with its own query after taking a lock.
func Separate(ctx context.Context, db *sql.DB, id int64) {
	db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, id)
	var tok int64
	db.QueryRowContext(ctx, `SELECT nextval('fence_seq')`).Scan(&tok)
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token < $2`, id, tok)) // want `the token is read by a separate query`
}

// StateChecks check state and expiry instead of a token.
func StateChecks(ctx context.Context, db *sql.DB, id int64) {
	claim(ctx, db, id)
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND state = 'running'`, id)) // want `it checks state, which a newer claim passes too`
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND lease_until > now()`, id)) // want `it checks lease_until, which a newer claim passes too`
}

// Helper passes tokens to a guarded helper.
func Helper(ctx context.Context, db *sql.DB, id int64) error {
	tok, err := claim(ctx, db, id)
	if err != nil {
		return err
	}
	if err := helpers.Save(ctx, db, id, time.Now().Unix()); err != nil { // want `call to helpers\.Save writes with a guard that does not fence: the token comes from the clock`
		return err
	}
	return helpers.Save(ctx, db, id, tok) // ok: the claim's token
}

// Forward passes its token parameter on; its origin is the callers'.
func Forward(ctx context.Context, db *sql.DB, id, tok int64) error {
	claim(ctx, db, id)
	return helpers.Save(ctx, db, id, tok) // ok: the token's origin is unknown here
}
