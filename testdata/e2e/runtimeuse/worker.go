// Package runtimeuse uses fencecheck's runtime helpers, correctly and not.
package runtimeuse

import (
	"context"
	"database/sql"
	"time"

	"github.com/fencecheck/fencecheck/runtime/fence"
	"github.com/fencecheck/fencecheck/runtime/fencesql"
)

var jobs = fencesql.Table{Dialect: fencesql.Postgres, Name: "jobs"}

// Correct claims with the helper and writes with its token.
func Correct(ctx context.Context, db *sql.DB, id int64, result string) error {
	c, err := jobs.Claim(ctx, db, id, 30*time.Second)
	if err != nil {
		return err
	}
	if err := jobs.Update(ctx, db, id, c.Token, fencesql.Set("result", result)); err != nil {
		return err
	}
	return jobs.Release(ctx, db, id, c.Token)
}

// ClockToken hands the helper a token the claim did not issue.
func ClockToken(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := jobs.Claim(ctx, db, id, 30*time.Second); err != nil {
		return err
	}
	return jobs.Update(ctx, db, id, fence.Token(time.Now().UnixNano()), fencesql.Set("result", "r")) // finding: weakguard
}

// Discarded ignores the helper's ErrStale.
func Discarded(ctx context.Context, db *sql.DB, id int64) {
	c, err := jobs.Claim(ctx, db, id, 30*time.Second)
	if err != nil {
		return
	}
	jobs.Update(ctx, db, id, c.Token, fencesql.Set("result", "r")) // finding: uncheckedfence
}

// Plain writes beside the helper with no token.
func Plain(ctx context.Context, db *sql.DB, id int64) error {
	c, err := jobs.Claim(ctx, db, id, 30*time.Second)
	if err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id); err != nil { // finding: unfenced
		return err
	}
	return jobs.Release(ctx, db, id, c.Token)
}
