// Package pubsub synthesizes the part of cloud.google.com/go/pubsub/v2 that
// fencecheck's tests need, with the real signatures.
package pubsub

import (
	"context"

	ipubsub "cloud.google.com/go/internal/pubsub"
)

type Message = ipubsub.Message

type Client struct{}

type Subscriber struct{}

func (c *Client) Subscriber(nameOrID string) *Subscriber { return nil }

func (s *Subscriber) Receive(ctx context.Context, f func(context.Context, *Message)) error {
	return nil
}
