// Package objects stores reports in S3 and job state in DynamoDB.
package objects

import (
	"bytes"
	"context"
	"strconv"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// Store writes to one bucket and one table.
type Store struct {
	S3     *s3.Client
	Dynamo *dynamodb.Client
	Bucket string
	Table  string
}

// PutReport uploads a report only if the object does not exist yet.
func (s *Store) PutReport(ctx context.Context, key string, body []byte) error {
	_, err := s.S3.PutObject(ctx, &s3.PutObjectInput{
		Bucket:      aws.String(s.Bucket),
		Key:         aws.String(key),
		Body:        bytes.NewReader(body),
		IfNoneMatch: aws.String("*"),
	})
	return err
}

// SaveState records a job's state if the token is newer than the stored one.
func (s *Store) SaveState(ctx context.Context, id, state string, token int64) error {
	_, err := s.Dynamo.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(s.Table),
		Item: map[string]types.AttributeValue{
			"id":    &types.AttributeValueMemberS{Value: id},
			"state": &types.AttributeValueMemberS{Value: state},
			"token": &types.AttributeValueMemberN{Value: strconv.FormatInt(token, 10)},
		},
		ConditionExpression:      aws.String("attribute_not_exists(id) OR #t < :t"),
		ExpressionAttributeNames: map[string]string{"#t": "token"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":t": &types.AttributeValueMemberN{Value: strconv.FormatInt(token, 10)},
		},
	})
	return err
}
