// Package temporal declares activities and registers them itself: every
// exported method of a registered struct, a registered method value and a
// registered function run under the activity's lease, even though none of
// them calls the activity package.
package temporal

import (
	"context"
	"database/sql"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

// Activities is registered as a struct.
type Activities struct{ DB *sql.DB }

// Charge is an activity.
func (a *Activities) Charge(ctx context.Context, id int64) error {
	_, err := a.DB.ExecContext(ctx, `UPDATE invoices SET state = 'charged' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates invoices under a lease without a fencing token`
	return err
}

// Refund is an activity too: every exported method is.
func (a *Activities) Refund(ctx context.Context, id int64) error {
	return a.undo(ctx, id)
}

// undo is called from an activity, so it runs under its lease.
func (a *Activities) undo(ctx context.Context, id int64) error {
	_, err := a.DB.ExecContext(ctx, `DELETE FROM charges WHERE invoice_id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext deletes from charges under a lease`
	return err
}

// cleanup is unexported, so it is not an activity, and no activity calls it.
func (a *Activities) cleanup(ctx context.Context) {
	a.DB.ExecContext(ctx, `DELETE FROM charges WHERE state = 'void'`) // ok: unexported methods are not activities
}

// Ledger is registered through one method value.
type Ledger struct{ DB *sql.DB }

// Post is registered as a method value.
func (l *Ledger) Post(ctx context.Context, id int64) error {
	_, err := l.DB.ExecContext(ctx, `UPDATE ledger SET posted = true WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates ledger under a lease`
	return err
}

// Reverse is not registered: only Post is.
func (l *Ledger) Reverse(ctx context.Context, id int64) error {
	_, err := l.DB.ExecContext(ctx, `UPDATE ledger SET posted = false WHERE id = $1`, id) // ok: this method is not registered
	return err
}

// Unused is never registered.
type Unused struct{ DB *sql.DB }

// Drop writes, but Unused is not registered.
func (u *Unused) Drop(ctx context.Context, id int64) error {
	_, err := u.DB.ExecContext(ctx, `DELETE FROM invoices WHERE id = $1`, id) // ok: not registered
	return err
}

// Expire is registered as a function.
func Expire(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE invoices SET state = 'expired' WHERE id = $1`, id) // want `updates invoices under a lease`
	return err
}

// Start registers the activities.
func Start(c client.Client, db *sql.DB) worker.Worker {
	w := worker.New(c, "billing", worker.Options{})
	w.RegisterActivity(&Activities{DB: db})
	l := &Ledger{DB: db}
	w.RegisterActivityWithOptions(l.Post, activity.RegisterOptions{Name: "post"})
	w.RegisterActivity(Expire)
	a := &Activities{DB: db}
	a.cleanup(context.Background())
	return w
}
