// Package acts declares Temporal activities as methods of a struct. It
// never imports the Temporal SDK: another package registers the struct, so
// here its methods are ordinary functions and nothing is reported.
package acts

import (
	"context"
	"database/sql"
)

// Activities are registered by registration/wiring.
type Activities struct{ DB *sql.DB }

// Capture marks a payment captured without a fencing token.
func (a *Activities) Capture(ctx context.Context, id int64) error {
	return a.mark(ctx, id)
}

// mark writes the state.
func (a *Activities) mark(ctx context.Context, id int64) error {
	_, err := a.DB.ExecContext(ctx, `UPDATE payments SET state = 'captured' WHERE id = $1`, id) // ok: not a handler in this package; reported where the struct is registered
	return err
}

// Lookup only reads.
func (a *Activities) Lookup(ctx context.Context, id int64) (string, error) {
	var s string
	err := a.DB.QueryRowContext(ctx, `SELECT state FROM payments WHERE id = $1`, id).Scan(&s)
	return s, err
}

// Readers are activities that only read.
type Readers struct{ DB *sql.DB }

// Count counts payments.
func (r *Readers) Count(ctx context.Context) (int, error) {
	var n int
	err := r.DB.QueryRowContext(ctx, `SELECT count(*) FROM payments`).Scan(&n)
	return n, err
}

// Archive is an activity registered as a function.
func Archive(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `DELETE FROM payments WHERE id = $1`, id) // ok: not a handler in this package
	return err
}

// Unregistered writes but is never registered.
func Unregistered(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `DELETE FROM refunds WHERE id = $1`, id) // ok: not a handler anywhere
	return err
}
