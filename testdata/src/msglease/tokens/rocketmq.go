package tokens

import (
	"context"
	"database/sql"

	rocketmq "github.com/apache/rocketmq-client-go/v2"
	"github.com/apache/rocketmq-client-go/v2/consumer"
	"github.com/apache/rocketmq-client-go/v2/primitive"
)

// Rocket guards writes with values of RocketMQ messages: none grows when
// a rebalance hands the message to another consumer.
func Rocket(c rocketmq.PushConsumer, db *sql.DB) error {
	return c.Subscribe("results", consumer.MessageSelector{}, func(ctx context.Context, msgs ...*primitive.MessageExt) (consumer.ConsumeResult, error) {
		for _, m := range msgs {
			res, err := db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 17 AND fence_token < $2`, m.Body, m.QueueOffset) // want `an offset names the message`
			if err != nil {
				return consumer.ConsumeRetryLater, err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				continue
			}
			res, err = db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 18 AND fence_token < $2`, m.Body, m.ReconsumeTimes) // want `the reconsume count grows when a message is sent back for retry`
			if err != nil {
				return consumer.ConsumeRetryLater, err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				continue
			}
		}
		return consumer.ConsumeSuccess, nil
	})
}
