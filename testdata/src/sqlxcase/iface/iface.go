// Package iface runs SQL through the project's own interface, which embeds
// sqlx.ExtContext, with the text passed through Rebind and sqlx.Named: the
// calls are read as on *sqlx.DB.
package iface

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// DB is the project's database handle.
type DB interface {
	sqlx.ExtContext
}

const claim = `UPDATE jobs SET lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = ? RETURNING fence_token`

// Finish claims a job through the interface and writes its result.
func Finish(ctx context.Context, db DB, id int64) error {
	var tok int64
	if err := db.QueryRowxContext(ctx, db.Rebind(claim), id).Scan(&tok); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, db.Rebind(`UPDATE jobs SET result = 'r' WHERE id = ?`), id); err != nil { // want `\(sqlx\.ExecerContext\)\.ExecContext updates jobs under a lease without a fencing token`
		return err
	}
	q, args, err := sqlx.Named(`UPDATE jobs SET state = 'done' WHERE id = :id AND fence_token = :tok`, map[string]any{"id": id, "tok": tok})
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, db.Rebind(q), args...) // ok: guarded by the token compare
	return err
}

// Report writes with no claim.
func Report(ctx context.Context, db DB, id int64) error {
	_, err := db.ExecContext(ctx, db.Rebind(`UPDATE jobs SET reported = true WHERE id = ?`), id) // ok: no lease is held
	return err
}
