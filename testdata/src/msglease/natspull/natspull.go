// Package natspull consumes a pull subscription of the legacy JetStream
// API of nats.go.
package natspull

import (
	"context"
	"database/sql"
)

import "github.com/nats-io/nats.go"

// Pull writes between the fetch and the ack.
func Pull(ctx context.Context, sub *nats.Subscription, db *sql.DB) error {
	msgs, err := sub.Fetch(10)
	if err != nil {
		return err
	}
	for _, m := range msgs {
		meta, err := m.Metadata()
		if err != nil {
			continue
		}
		db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, m.Subject)                                                       // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
		res, err := db.ExecContext(ctx, `UPDATE jobs SET fence_token = $2 WHERE id = $1 AND fence_token < $2`, m.Subject, meta.NumDelivered) // ok: fenced by the delivery count
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			m.Term()
			continue
		}
		m.AckSync()
		db.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE stream = 'jobs'`) // ok: after the ack
	}
	return nil
}
