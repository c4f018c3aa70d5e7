// Package kafkahandler declares a consumer-group handler that another
// package passes to Consume; its writes are reported at that call.
package kafkahandler

import (
	"database/sql"

	"github.com/IBM/sarama"
)

// Projector applies events to a table.
type Projector struct{ DB *sql.DB }

// Setup does nothing.
func (p *Projector) Setup(sarama.ConsumerGroupSession) error { return nil }

// Cleanup does nothing.
func (p *Projector) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim overwrites a projection per event.
func (p *Projector) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if _, err := p.DB.ExecContext(sess.Context(), `UPDATE projections SET data = $1 WHERE id = $2`, msg.Value, string(msg.Key)); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}
