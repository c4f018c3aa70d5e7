// Package types synthesizes the part of github.com/aws/aws-sdk-go-v2/service/sqs/types that fencecheck's tests need, with the real signatures.
package types

type Message struct {
	Attributes             map[string]string
	Body                   *string
	MD5OfBody              *string
	MD5OfMessageAttributes *string
	MessageAttributes      map[string]MessageAttributeValue
	MessageId              *string
	ReceiptHandle          *string
}

type MessageAttributeValue struct {
	DataType    *string
	StringValue *string
}

type MessageSystemAttributeName string

const MessageSystemAttributeNameApproximateReceiveCount MessageSystemAttributeName = "ApproximateReceiveCount"

type DeleteMessageBatchRequestEntry struct {
	Id            *string
	ReceiptHandle *string
}

type ChangeMessageVisibilityBatchRequestEntry struct {
	Id                *string
	ReceiptHandle     *string
	VisibilityTimeout int32
}
