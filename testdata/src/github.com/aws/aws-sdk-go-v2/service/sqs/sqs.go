// Package sqs synthesizes the part of github.com/aws/aws-sdk-go-v2/service/sqs that fencecheck's tests need, with the real signatures.
package sqs

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

type Options struct {
	Region string
}

type Client struct{}

func NewFromConfig(cfg aws.Config, optFns ...func(*Options)) *Client { return nil }

type ReceiveMessageInput struct {
	QueueUrl                    *string
	MaxNumberOfMessages         int32
	MessageSystemAttributeNames []types.MessageSystemAttributeName
	VisibilityTimeout           int32
	WaitTimeSeconds             int32
}

type ReceiveMessageOutput struct {
	Messages []types.Message
}

func (c *Client) ReceiveMessage(ctx context.Context, params *ReceiveMessageInput, optFns ...func(*Options)) (*ReceiveMessageOutput, error) {
	return nil, nil
}

type DeleteMessageInput struct {
	QueueUrl      *string
	ReceiptHandle *string
}

type DeleteMessageOutput struct{}

func (c *Client) DeleteMessage(ctx context.Context, params *DeleteMessageInput, optFns ...func(*Options)) (*DeleteMessageOutput, error) {
	return nil, nil
}

type DeleteMessageBatchInput struct {
	Entries  []types.DeleteMessageBatchRequestEntry
	QueueUrl *string
}

type DeleteMessageBatchOutput struct{}

func (c *Client) DeleteMessageBatch(ctx context.Context, params *DeleteMessageBatchInput, optFns ...func(*Options)) (*DeleteMessageBatchOutput, error) {
	return nil, nil
}

type ChangeMessageVisibilityInput struct {
	QueueUrl          *string
	ReceiptHandle     *string
	VisibilityTimeout int32
}

type ChangeMessageVisibilityOutput struct{}

func (c *Client) ChangeMessageVisibility(ctx context.Context, params *ChangeMessageVisibilityInput, optFns ...func(*Options)) (*ChangeMessageVisibilityOutput, error) {
	return nil, nil
}

type ChangeMessageVisibilityBatchInput struct {
	Entries  []types.ChangeMessageVisibilityBatchRequestEntry
	QueueUrl *string
}

type ChangeMessageVisibilityBatchOutput struct{}

func (c *Client) ChangeMessageVisibilityBatch(ctx context.Context, params *ChangeMessageVisibilityBatchInput, optFns ...func(*Options)) (*ChangeMessageVisibilityBatchOutput, error) {
	return nil, nil
}
