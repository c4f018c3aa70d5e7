// Package worker consumes deliveries of package moved and writes under
// their reservation.
package worker

import (
	"context"
	"database/sql"

	"redisshape/reserve/moved"
)

// Work takes a delivery and records it.
func Work(ctx context.Context, c *moved.Consumer, db *sql.DB) error {
	payload, err := c.Next(ctx)
	if err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE deliveries SET handled = true WHERE payload = $1`, payload); err != nil { // want `updates deliveries under a lease without a fencing token`
		return err
	}
	return c.Ack(ctx, payload)
}
