// Package mqcase consumes messages leased by a broker until they are
// acknowledged: SQS receives (until the visibility timeout) and JetStream
// pull consumers and handlers (until the ack wait), RabbitMQ deliveries
// (until acknowledged) and Kafka consumer groups (until a rebalance).
package mqcase

import (
	"context"
	"database/sql"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Poller consumes an SQS queue.
type Poller struct {
	DB  *sql.DB
	SQS *sqs.Client
	URL string
}

// Poll writes each order between the receive and the delete.
func (p *Poller) Poll(ctx context.Context) error {
	out, err := p.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
		QueueUrl:                    aws.String(p.URL),
		MaxNumberOfMessages:         10,
		MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
	})
	if err != nil {
		return err
	}
	for _, m := range out.Messages {
		if err := p.apply(ctx, m); err != nil {
			continue
		}
		if _, err := p.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(p.URL), ReceiptHandle: m.ReceiptHandle}); err != nil {
			return err
		}
		if _, err := p.DB.ExecContext(ctx, `UPDATE queue_stats SET done = done + 1 WHERE queue = $1`, p.URL); err != nil { // ok: the message was deleted
			return err
		}
	}
	return nil
}

// apply runs under the message's lease.
func (p *Poller) apply(ctx context.Context, m types.Message) error {
	if _, err := p.SQS.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{QueueUrl: aws.String(p.URL), ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: 120}); err != nil { // ok: a renewal
		return err
	}
	if _, err := p.DB.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, aws.ToString(m.Body)); err != nil { // finding: unfenced
		return err
	}
	n, err := strconv.ParseInt(m.Attributes["ApproximateReceiveCount"], 10, 64)
	if err != nil {
		return err
	}
	res, err := p.DB.ExecContext(ctx, `UPDATE orders SET state = 'paid', fence_token = $2 WHERE id = $1 AND fence_token < $2`, aws.ToString(m.Body), n) // ok: fenced by the receive count
	if err != nil {
		return err
	}
	if k, err := res.RowsAffected(); err != nil || k == 0 {
		return sql.ErrNoRows
	}
	if _, err := p.DB.ExecContext(ctx, `UPDATE orders SET fence_token = $2 WHERE id = $1 AND fence_token < $2`, aws.ToString(m.Body), aws.ToString(m.MessageId)); err != nil { // finding: weakguard
		return err
	}
	_, err = p.DB.ExecContext(ctx, `INSERT INTO order_events (id, body) VALUES ($1, $2)`, aws.ToString(m.MessageId), aws.ToString(m.Body)) // ok: an append
	return err
}
