package tokens

import (
	"context"
	"database/sql"

	"github.com/apache/pulsar-client-go/pulsar"
)

// Pulsar guards writes with values of a received Pulsar message: none
// grows with each delivery of it on every broker.
func Pulsar(ctx context.Context, c pulsar.Consumer, db *sql.DB) error {
	msg, err := c.Receive(ctx)
	if err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 15 AND fence_token < $2`, msg.Payload(), msg.RedeliveryCount()) // want `the broker keeps the redelivery count in memory`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	res, err = db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 16 AND fence_token < $2`, msg.Payload(), msg.ID().EntryID()) // want `a message ID is the same for every delivery of the message`
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return c.Ack(msg)
}
