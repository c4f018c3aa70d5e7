// Package amqpworker consumes RabbitMQ queues with manual acknowledgements:
// each delivery received from the channel Consume returns is leased to the
// consumer until it is acknowledged, and the broker requeues it for
// another consumer when this one's channel closes.
package amqpworker

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"

	"msglease/amqphandler"
)

const claim = `UPDATE orders SET lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $1 AND lease_until < now() RETURNING fence_token`

// Consume writes between receiving a delivery and acknowledging it.
func Consume(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE consumers SET state = 'running' WHERE queue = 'orders'`) // ok: no delivery is held yet
	for d := range msgs {
		db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, d.MessageId)              // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
		db.ExecContext(ctx, `INSERT INTO order_events (id, body) VALUES ($1, $2)`, d.MessageId, d.Body) // ok: an append
		d.Ack(false)
		db.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE queue = 'orders'`) // ok: after the ack
	}
	db.ExecContext(ctx, `UPDATE consumers SET state = 'stopped' WHERE queue = 'orders'`) // ok: the deliveries channel was closed
	return nil
}

// AutoAck consumes with autoAck true: the broker acknowledges each
// delivery as it sends it, and leases nothing.
func AutoAck(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("mirror", "", true, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		db.ExecContext(ctx, `UPDATE mirror SET body = $1 WHERE id = $2`, d.Body, d.MessageId) // ok: acknowledged on delivery
	}
	return nil
}

// Configured takes autoAck from its caller: whether a lease is held is
// not known, and nothing is reported.
func Configured(ctx context.Context, ch *amqp.Channel, db *sql.DB, autoAck bool) error {
	msgs, err := ch.Consume("mirror", "", autoAck, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		db.ExecContext(ctx, `UPDATE mirror SET body = $1 WHERE id = $2`, d.Body, d.MessageId) // ok: autoAck is not a constant
	}
	return nil
}

// Select receives in a goroutine, in a select, and acknowledges by tag.
func Select(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.ConsumeWithContext(ctx, "orders", "w1", false, false, false, false, nil)
	if err != nil {
		return err
	}
	go func() {
		for {
			select {
			case <-ctx.Done():
				db.ExecContext(context.Background(), `UPDATE consumers SET state = 'stopped' WHERE id = 'w1'`) // ok: no delivery received
				return
			case d, ok := <-msgs:
				if !ok {
					return
				}
				db.ExecContext(ctx, `UPDATE orders SET state = 'shipped' WHERE id = $1`, d.MessageId) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
				ch.Ack(d.DeliveryTag, false)
			}
		}
	}()
	<-ctx.Done()
	return nil
}

// Helpers hands each delivery to functions of this package and of
// another one, and to a worker goroutine given the channel.
func Helpers(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		process(ctx, db, d)
		applyFenced(ctx, db, d)          // ok: fenced by the claim's token
		amqphandler.Apply(ctx, db, d)    // want `call to amqphandler\.Apply writes orders via \(\*sql\.DB\)\.ExecContext without a fencing token`
		amqphandler.AckFirst(ctx, db, d) // ok: it writes after the ack
		amqphandler.Record(ctx, db, d)   // ok: an INSERT appends
	}
	others, err := ch.Consume("refunds", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	go work(ctx, db, others)
	return nil
}

// process runs under the lease of the delivery it is given.
func process(ctx context.Context, db *sql.DB, d amqp.Delivery) {
	if _, err := db.ExecContext(ctx, `UPDATE orders SET state = 'packed' WHERE id = $1`, d.MessageId); err != nil { // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
		d.Reject(true)
		return
	}
	d.Ack(false)
}

// applyFenced claims the order's row once its previous claim expired,
// which issues a token, and writes only while that token is the newest.
func applyFenced(ctx context.Context, db *sql.DB, d amqp.Delivery) {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, d.MessageId).Scan(&tok); err != nil {
		d.Nack(false, true)
		return
	}
	res, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1 AND fence_token = $2`, d.MessageId, tok) // ok: fenced by the claim's token
	if err != nil {
		d.Nack(false, true)
		return
	}
	if n, _ := res.RowsAffected(); n == 0 {
		d.Reject(false)
		return
	}
	d.Ack(false)
}

// work receives from a deliveries channel its caller passes.
func work(ctx context.Context, db *sql.DB, msgs <-chan amqp.Delivery) {
	for d := range msgs {
		db.ExecContext(ctx, `UPDATE refunds SET state = 'done' WHERE id = $1`, d.MessageId) // want `\(\*sql\.DB\)\.ExecContext updates refunds under a lease without a fencing token`
		d.Ack(false)
	}
}

// Work is exported: its channel may come from anywhere.
func Work(ctx context.Context, db *sql.DB, msgs <-chan amqp.Delivery) {
	for d := range msgs {
		db.ExecContext(ctx, `UPDATE refunds SET state = 'done' WHERE id = $1`, d.MessageId) // ok: the channel's origin is not known
		d.Ack(false)
	}
}

// Dispatch forwards each delivery to workers on a channel of its own: the
// lease travels with it.
func Dispatch(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	jobs := make(chan amqp.Delivery)
	for i := 0; i < 4; i++ {
		go func() {
			for d := range jobs {
				db.ExecContext(ctx, `UPDATE orders SET state = 'routed' WHERE id = $1`, d.MessageId) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
				d.Ack(false)
			}
		}()
	}
	for d := range msgs {
		jobs <- d
	}
	close(jobs)
	return nil
}
