// Package types synthesizes the part of github.com/aws/aws-sdk-go-v2/service/dynamodb/types that fencecheck's tests need, with the real signatures.
package types

type AttributeValue interface {
	isAttributeValue()
}

type AttributeValueMemberN struct {
	Value string
}

func (*AttributeValueMemberN) isAttributeValue() {}

type AttributeValueMemberS struct {
	Value string
}

func (*AttributeValueMemberS) isAttributeValue() {}

type TransactWriteItem struct {
	ConditionCheck *ConditionCheck
	Delete         *Delete
	Put            *Put
	Update         *Update
}

type ConditionCheck struct {
	ConditionExpression       *string
	Key                       map[string]AttributeValue
	TableName                 *string
	ExpressionAttributeNames  map[string]string
	ExpressionAttributeValues map[string]AttributeValue
}

type Put struct {
	Item                      map[string]AttributeValue
	TableName                 *string
	ConditionExpression       *string
	ExpressionAttributeNames  map[string]string
	ExpressionAttributeValues map[string]AttributeValue
}

type Update struct {
	Key                       map[string]AttributeValue
	TableName                 *string
	UpdateExpression          *string
	ConditionExpression       *string
	ExpressionAttributeNames  map[string]string
	ExpressionAttributeValues map[string]AttributeValue
}

type Delete struct {
	Key                       map[string]AttributeValue
	TableName                 *string
	ConditionExpression       *string
	ExpressionAttributeNames  map[string]string
	ExpressionAttributeValues map[string]AttributeValue
}

type WriteRequest struct {
	DeleteRequest *DeleteRequest
	PutRequest    *PutRequest
}

type PutRequest struct {
	Item map[string]AttributeValue
}

type DeleteRequest struct {
	Key map[string]AttributeValue
}

type ConditionalCheckFailedException struct {
	Message *string
	Item    map[string]AttributeValue
}

func (e *ConditionalCheckFailedException) Error() string { return "" }

func (e *ConditionalCheckFailedException) ErrorCode() string { return "" }

type CancellationReason struct {
	Code    *string
	Item    map[string]AttributeValue
	Message *string
}

type TransactionCanceledException struct {
	Message             *string
	CancellationReasons []CancellationReason
}

func (e *TransactionCanceledException) Error() string { return "" }

func (e *TransactionCanceledException) ErrorCode() string { return "" }
