// Package kafkagroup consumes a Kafka topic in a consumer group: each
// partition is claimed by one member for a generation of the group, and a
// member that missed a rebalance may still be consuming it.
package kafkagroup

import (
	"context"
	"database/sql"

	"github.com/IBM/sarama"

	"msglease/kafkahandler"
)

type handler struct{ db *sql.DB }

func (h *handler) Setup(sarama.ConsumerGroupSession) error { return nil }

func (h *handler) Cleanup(sess sarama.ConsumerGroupSession) error {
	_, err := h.db.ExecContext(context.Background(), `UPDATE members SET state = 'idle' WHERE id = $1`, sess.MemberID()) // ok: Cleanup is not a handler of messages
	return err
}

func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.db.ExecContext(sess.Context(), `UPDATE totals SET n = $1 WHERE id = $2`, msg.Value, string(msg.Key))                                                                          // want `\(\*sql\.DB\)\.ExecContext updates totals under a lease without a fencing token`
		res, err := h.db.ExecContext(sess.Context(), `UPDATE totals SET n = $1, fence_token = $3 WHERE id = $2 AND fence_token <= $3`, msg.Value, string(msg.Key), sess.GenerationID()) // ok: fenced by the group generation
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		h.db.ExecContext(sess.Context(), `INSERT INTO events (k, v) VALUES ($1, $2)`, msg.Key, msg.Value) // ok: an append
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Run joins the group with handlers of this package and of another one.
func Run(ctx context.Context, g sarama.ConsumerGroup, db *sql.DB) error {
	if err := g.Consume(ctx, []string{"totals"}, &handler{db: db}); err != nil {
		return err
	}
	return g.Consume(ctx, []string{"projections"}, &kafkahandler.Projector{DB: db}) // want `call to \(\*kafkahandler\.Projector\)\.ConsumeClaim writes projections via \(\*sql\.DB\)\.ExecContext without a fencing token`
}
