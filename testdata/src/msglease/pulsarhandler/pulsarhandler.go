// Package pulsarhandler declares a function that a Pulsar consumer of
// another package calls per message; its writes are reported at that call.
package pulsarhandler

import (
	"context"
	"database/sql"

	"github.com/apache/pulsar-client-go/pulsar"
)

// Apply overwrites the account with the message.
func Apply(ctx context.Context, db *sql.DB, msg pulsar.Message) error {
	_, err := db.ExecContext(ctx, `UPDATE accounts SET balance = $1 WHERE id = $2`, msg.Payload(), msg.Key())
	return err
}
