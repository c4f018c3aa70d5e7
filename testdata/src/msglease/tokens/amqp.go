package tokens

import (
	"context"
	"database/sql"

	amqp "github.com/rabbitmq/amqp091-go"
)

// Deliveries guards writes with values of a RabbitMQ delivery: none grows
// with each delivery of the message.
func Deliveries(ctx context.Context, ch *amqp.Channel, db *sql.DB) error {
	msgs, err := ch.Consume("results", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range msgs {
		res, err := db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 10 AND fence_token < $2`, d.Body, d.DeliveryTag) // want `a delivery tag counts the deliveries of one channel`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		res, err = db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 11 AND fence_token < $2`, d.Body, d.MessageId) // want `a message ID is the same for every delivery of the message`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		res, err = db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 12 AND fence_token < $2`, d.Body, d.Redelivered) // want `redelivered says only that the message was delivered before`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		d.Ack(false)
	}
	return nil
}
