// Package sqsworker receives SQS messages: each is leased to the consumer
// until its visibility timeout, and deleting it releases the lease.
package sqsworker

import (
	"context"
	"database/sql"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"msglease/sqshandler"
)

// Worker consumes one queue.
type Worker struct {
	DB  *sql.DB
	SQS *sqs.Client
	URL string
	H   *sqshandler.Handler

	work chan types.Message
}

func (w *Worker) receive(ctx context.Context) (*sqs.ReceiveMessageOutput, error) {
	return w.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(w.URL), MaxNumberOfMessages: 10})
}

// Poll writes between the receive and the delete.
func (w *Worker) Poll(ctx context.Context) error {
	for {
		out, err := w.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(w.URL), WaitTimeSeconds: 20})
		if err != nil {
			return err
		}
		for _, m := range out.Messages {
			w.DB.ExecContext(ctx, `UPDATE orders SET state = 'paid' WHERE id = $1`, aws.ToString(m.Body)) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
			w.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(w.URL), ReceiptHandle: m.ReceiptHandle})
			w.DB.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE queue = $1`, w.URL) // ok: the message was deleted, its lease released
		}
	}
}

// PollHelpers hands each message to a function of the package and to a
// handler of another package.
func (w *Worker) PollHelpers(ctx context.Context) error {
	out, err := w.receive(ctx)
	if err != nil {
		return err
	}
	for _, m := range out.Messages {
		w.handle(ctx, m)
		w.H.Process(ctx, m)       // want `call to \(\*sqshandler\.Handler\)\.Process writes orders via \(\*sql\.DB\)\.ExecContext without a fencing token`
		w.H.ProcessFenced(ctx, m) // ok: fenced by the delivery count
		w.H.Record(ctx, m)        // ok: an INSERT appends
		w.H.Finish(ctx, m)        // ok: it writes after deleting the message
		w.extend(ctx, m)
	}
	return nil
}

// handle is called per message under the lease.
func (w *Worker) handle(ctx context.Context, m types.Message) {
	w.DB.ExecContext(ctx, `UPDATE orders SET state = 'packed' WHERE id = $1`, aws.ToString(m.Body)) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
	w.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(w.URL), ReceiptHandle: m.ReceiptHandle})
	w.DB.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE queue = $1`, w.URL) // ok: after the delete
}

// extend renews the lease: neither a claim nor a write.
func (w *Worker) extend(ctx context.Context, m types.Message) {
	w.SQS.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{QueueUrl: aws.String(w.URL), ReceiptHandle: m.ReceiptHandle, VisibilityTimeout: 60}) // ok: a renewal
}

// PollFenced guards each write with the message's receive count.
func (w *Worker) PollFenced(ctx context.Context) error {
	out, err := w.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(w.URL),
		MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount}})
	if err != nil {
		return err
	}
	var entries []types.DeleteMessageBatchRequestEntry
	for _, m := range out.Messages {
		n, err := strconv.ParseInt(m.Attributes["ApproximateReceiveCount"], 10, 64)
		if err != nil {
			continue
		}
		res, err := w.DB.ExecContext(ctx, `UPDATE orders SET state = 'paid', fence_token = $2 WHERE id = $1 AND fence_token < $2`, aws.ToString(m.Body), n) // ok: fenced by the delivery count
		if err != nil {
			return err
		}
		if k, _ := res.RowsAffected(); k == 0 {
			continue
		}
		entries = append(entries, types.DeleteMessageBatchRequestEntry{Id: m.MessageId, ReceiptHandle: m.ReceiptHandle})
	}
	_, err = w.SQS.DeleteMessageBatch(ctx, &sqs.DeleteMessageBatchInput{QueueUrl: aws.String(w.URL), Entries: entries})
	w.DB.ExecContext(ctx, `UPDATE stats SET batches = batches + 1 WHERE queue = $1`, w.URL) // ok: the batch was deleted
	return err
}

// Drain is outside any lease: it reads nothing from the queue.
func (w *Worker) Drain(ctx context.Context, id string) error {
	_, err := w.DB.ExecContext(ctx, `UPDATE orders SET state = 'cancelled' WHERE id = $1`, id) // ok: no message is held
	return err
}

// Dispatch hands messages to goroutines and, over a channel, to a pool.
func (w *Worker) Dispatch(ctx context.Context) error {
	out, err := w.SQS.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(w.URL)})
	if err != nil {
		return err
	}
	for _, m := range out.Messages {
		go w.async(ctx, m)
		w.work <- m
	}
	return nil
}

func (w *Worker) async(ctx context.Context, m types.Message) {
	w.DB.ExecContext(ctx, `UPDATE orders SET state = 'async' WHERE id = $1`, aws.ToString(m.Body)) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
}

// Pool works on what Dispatch sends.
func (w *Worker) Pool(ctx context.Context) {
	for m := range w.work {
		w.DB.ExecContext(ctx, `UPDATE orders SET state = 'pooled' WHERE id = $1`, aws.ToString(m.Body)) // want `\(\*sql\.DB\)\.ExecContext updates orders under a lease without a fencing token`
		w.SQS.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(w.URL), ReceiptHandle: m.ReceiptHandle})
		w.DB.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE queue = $1`, w.URL) // ok: after the delete
	}
}
