package mqcase

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"
)

// ConsumeOrders consumes a RabbitMQ queue with manual acknowledgements:
// each delivery is leased until it is acknowledged, and requeued for
// another consumer when this one's channel closes first.
func ConsumeOrders(ctx context.Context, conn *amqp.Connection, db *sql.DB) error {
	ch, err := conn.Channel()
	if err != nil {
		return err
	}
	defer ch.Close()
	if err := ch.Qos(10, 0, false); err != nil {
		return err
	}
	msgs, err := ch.ConsumeWithContext(ctx, "orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		if _, err := db.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, d.MessageId); err != nil { // finding: unfenced
			d.Nack(false, true)
			continue
		}
		if err := d.Ack(false); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE queue_stats SET done = done + 1 WHERE queue = 'orders'`); err != nil { // ok: after the ack
			return err
		}
	}
	return nil
}

// MirrorOrders consumes with autoAck: nothing is leased.
func MirrorOrders(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("orders.mirror", "", true, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		if _, err := db.ExecContext(ctx, `UPDATE mirror SET body = $1 WHERE id = $2`, d.Body, d.MessageId); err != nil { // ok: acknowledged on delivery
			return err
		}
	}
	return nil
}
