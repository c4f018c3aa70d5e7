// Package sqshandler processes SQS messages for a receive loop of another
// package. It is analysed first and cannot know that its functions run
// under a message's lease: the writes they reach are reported at the
// caller's call.
package sqshandler

import (
	"context"
	"database/sql"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Handler writes what a message asks for.
type Handler struct {
	DB  *sql.DB
	SQS *sqs.Client
	URL string
}

// Process overwrites the order's state.
func (h *Handler) Process(ctx context.Context, m types.Message) error {
	_, err := h.DB.ExecContext(ctx, `UPDATE orders SET state = 'shipped' WHERE id = $1`, aws.ToString(m.Body))
	return err
}

// ProcessFenced writes only if no later delivery of the message wrote first.
func (h *Handler) ProcessFenced(ctx context.Context, m types.Message) error {
	n, err := strconv.ParseInt(m.Attributes["ApproximateReceiveCount"], 10, 64)
	if err != nil {
		return err
	}
	res, err := h.DB.ExecContext(ctx, `UPDATE orders SET state = 'shipped', fence_token = $2 WHERE id = $1 AND fence_token < $2`, aws.ToString(m.Body), n)
	if err != nil {
		return err
	}
	if k, err := res.RowsAffected(); err != nil || k == 0 {
		return sql.ErrNoRows
	}
	return nil
}

// Record appends a row: a late delivery adds a row, it overwrites nothing.
func (h *Handler) Record(ctx context.Context, m types.Message) error {
	_, err := h.DB.ExecContext(ctx, `INSERT INTO received (id, body) VALUES ($1, $2)`, aws.ToString(m.MessageId), aws.ToString(m.Body))
	return err
}

// Finish deletes the message, then records it: the record is made after
// the lease ended.
func (h *Handler) Finish(ctx context.Context, m types.Message) error {
	if _, err := h.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(h.URL), ReceiptHandle: m.ReceiptHandle}); err != nil {
		return err
	}
	_, err := h.DB.ExecContext(ctx, `UPDATE orders SET state = 'done' WHERE id = $1`, aws.ToString(m.Body))
	return err
}
