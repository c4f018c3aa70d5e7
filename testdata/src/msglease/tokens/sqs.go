// Package tokens guards writes made under a message's lease with values
// of the message: only the delivery count grows with each delivery.
package tokens

import (
	"context"
	"database/sql"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// Consume receives messages and writes their results.
func Consume(ctx context.Context, c *sqs.Client, db *sql.DB, url string) error {
	out, err := c.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(url)})
	if err != nil {
		return err
	}
	for _, m := range out.Messages {
		res, err := db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 7 AND fence_token < $2`, aws.ToString(m.Body), aws.ToString(m.MessageId)) // want `a message ID is the same for every delivery of the message`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		res, err = db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 8 AND fence_token < $2`, aws.ToString(m.Body), *m.ReceiptHandle) // want `a receipt handle names one delivery but is not ordered`
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		count, _ := strconv.Atoi(m.Attributes["ApproximateReceiveCount"])
		res, err = db.ExecContext(ctx, `UPDATE results SET v = $1, fence_token = $2 WHERE id = 9 AND fence_token < $2`, aws.ToString(m.Body), count) // ok: the receive count grows with each delivery
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		c.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(url), ReceiptHandle: m.ReceiptHandle})
	}
	return nil
}
