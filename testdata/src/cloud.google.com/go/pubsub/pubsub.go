// Package pubsub synthesizes the part of cloud.google.com/go/pubsub (v1)
// that fencecheck's tests need, with the real signatures.
package pubsub

import (
	"context"

	ipubsub "cloud.google.com/go/internal/pubsub"
)

type Message = ipubsub.Message

type Client struct{}

type Subscription struct{}

func (c *Client) Subscription(id string) *Subscription { return nil }

func (s *Subscription) Receive(ctx context.Context, f func(context.Context, *Message)) error {
	return nil
}
