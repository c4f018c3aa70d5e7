// Package mailer holds asynq handlers registered by another package: a
// ProcessTask method (a handler in its own right) and a method of the
// handler shape under another name (a handler only by registration).
package mailer

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
)

// Mailer sends mail.
type Mailer struct{ DB *sql.DB }

// ProcessTask is an asynq handler by its name and shape.
func (m *Mailer) ProcessTask(ctx context.Context, t *asynq.Task) error {
	_, err := m.DB.ExecContext(ctx, `UPDATE mails SET state = 'sent' WHERE id = $1`, string(t.Payload())) // want `\(\*sql\.DB\)\.ExecContext updates mails under a lease without a fencing token`
	return err
}

// Bounce has the handler shape; it is a handler only where it is
// registered.
func (m *Mailer) Bounce(ctx context.Context, t *asynq.Task) error {
	_, err := m.DB.ExecContext(ctx, `UPDATE mails SET state = 'bounced' WHERE id = $1`, string(t.Payload())) // ok: reported where it is registered
	return err
}
