// Package pulsarworker consumes Pulsar subscriptions: a received message
// is redelivered to another consumer once this one disconnects or its ack
// timeout passes, unless it was acknowledged.
package pulsarworker

import (
	"context"
	"database/sql"

	"github.com/apache/pulsar-client-go/pulsar"

	"msglease/pulsarhandler"
)

// Receive writes between the receive and the ack.
func Receive(ctx context.Context, c pulsar.Consumer, db *sql.DB) error {
	for {
		msg, err := c.Receive(ctx)
		if err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, msg.Key()); err != nil { // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
			c.Nack(msg)
			continue
		}
		db.ExecContext(ctx, `INSERT INTO order_events (id, body) VALUES ($1, $2)`, msg.Key(), msg.Payload()) // ok: an append
		if err := c.Ack(msg); err != nil {
			return err
		}
		db.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE topic = 'orders'`) // ok: after the ack
	}
}

// Chan receives from the consumer's channel and hands each message to a
// function of another package.
func Chan(ctx context.Context, c pulsar.Consumer, db *sql.DB) {
	for cm := range c.Chan() {
		db.ExecContext(ctx, `UPDATE orders SET state = 'packed' WHERE id = $1`, cm.Key()) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
		pulsarhandler.Apply(ctx, db, cm.Message)                                          // want `call to pulsarhandler\.Apply writes accounts via \(\*sql\.DB\)\.ExecContext without a fencing token`
		cm.Consumer.Ack(cm.Message)
	}
}

// Options hands the broker a channel of its own in the consumer's
// options: what arrives on it is leased.
func Options(ctx context.Context, client pulsar.Client, db *sql.DB) error {
	ch := make(chan pulsar.ConsumerMessage, 100)
	c, err := client.Subscribe(pulsar.ConsumerOptions{Topic: "orders", SubscriptionName: "w", Type: pulsar.Shared, MessageChannel: ch})
	if err != nil {
		return err
	}
	defer c.Close()
	for cm := range ch {
		db.ExecContext(ctx, `UPDATE orders SET state = 'shipped' WHERE id = $1`, cm.Key()) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
		cm.Ack(cm.Message)
	}
	return nil
}

// Local receives from a channel only this package sends on, outside any
// lease.
func Local(ctx context.Context, db *sql.DB, keys []string) {
	ch := make(chan string)
	go func() {
		for _, k := range keys {
			ch <- k
		}
		close(ch)
	}()
	for k := range ch {
		db.ExecContext(ctx, `UPDATE orders SET state = 'seen' WHERE id = $1`, k) // ok: no message is held
	}
}
