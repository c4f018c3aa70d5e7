// Package amqphandler declares functions that a RabbitMQ consumer of
// another package calls for each delivery. It is analysed first and cannot
// know that they run under the delivery's lease: the writes they reach are
// reported at the call.
package amqphandler

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Apply overwrites the order's state, then acknowledges.
func Apply(ctx context.Context, db *sql.DB, d amqp.Delivery) error {
	if _, err := db.ExecContext(ctx, `UPDATE orders SET state = $1 WHERE id = $2`, d.Body, d.MessageId); err != nil {
		return d.Nack(false, true)
	}
	return d.Ack(false)
}

// AckFirst acknowledges before writing: the write is not under the lease.
func AckFirst(ctx context.Context, db *sql.DB, d amqp.Delivery) error {
	if err := d.Ack(false); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE orders SET seen = true WHERE id = $1`, d.MessageId)
	return err
}

// Record appends the delivery: an INSERT overwrites nothing.
func Record(ctx context.Context, db *sql.DB, d amqp.Delivery) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO order_events (id, body) VALUES ($1, $2)`, d.MessageId, d.Body); err != nil {
		return err
	}
	return d.Ack(false)
}
