// Package pubsubworker receives Pub/Sub messages: Receive calls its
// function for each message, which is leased to it until its ack deadline.
package pubsubworker

import (
	"context"
	"database/sql"

	pubsubv1 "cloud.google.com/go/pubsub"
	"cloud.google.com/go/pubsub/v2"

	"msglease/pubsubhandler"
)

// Run receives with the v2 client.
func Run(ctx context.Context, c *pubsub.Client, db *sql.DB) error {
	sub := c.Subscriber("orders")
	return sub.Receive(ctx, func(ctx context.Context, m *pubsub.Message) {
		db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, m.Attributes["order"]) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
		db.ExecContext(ctx, `INSERT INTO order_events (id, data) VALUES ($1, $2)`, m.ID, m.Data)     // ok: an append
		m.Ack()
		db.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE topic = 'orders'`) // ok: after the ack
	})
}

// RunV1 receives with the v1 client.
func RunV1(ctx context.Context, c *pubsubv1.Client, db *sql.DB) error {
	return c.Subscription("orders").Receive(ctx, func(ctx context.Context, m *pubsubv1.Message) {
		defer m.Ack()
		db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, m.Attributes["order"]) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
	})
}

// RunHandlers passes handlers of another package.
func RunHandlers(ctx context.Context, c *pubsub.Client, db *sql.DB) error {
	s := &pubsubhandler.Sync{DB: db}
	if err := c.Subscriber("profiles").Receive(ctx, s.Handle); err != nil { // want `call to \(\*pubsubhandler\.Sync\)\.Handle writes profiles via \(\*sql\.DB\)\.ExecContext without a fencing token`
		return err
	}
	return c.Subscriber("profiles").Receive(ctx, s.Late) // ok: it writes after the ack
}

// Publish is outside any lease.
func Publish(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE orders SET state = 'queued' WHERE id = $1`, id) // ok: no message is held
	return err
}
